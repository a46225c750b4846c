'use strict';

/**
 * A film's timed-text tracks are WebVTT files, and its own file and its audio-described version
 * are videos: the
 * app plays a caption or description track as a `<track>` (WCAG 1.2.2 captions, 1.2.5 audio
 * description), and a browser plays nothing from a PDF or an image chosen there by mistake. The
 * component's media field takes any file (WebVTT is a "file" to the Media Library), so the type is
 * checked on what goes live, by the type the upload gate stored for the file's bytes
 * (packages/shared/upload-types.mjs).
 */
const TRACK_LISTS = {
  captions: 'caption file',
  media_captions: 'caption file',
  descriptions: 'audio description file',
};
const DESCRIBED_VERSION = 'described_file';
// A video component's own file (the component is known by its described version beside it:
// documents have a `file` too, a PDF).
const FILM_FILE = 'file';
const MAX_DEPTH = 30;
const MAX_COMPONENT_DEPTH = 10;

const isVtt = (file) =>
  String(file?.mime ?? '').toLowerCase() === 'text/vtt' ||
  String(file?.ext ?? '').toLowerCase() === '.vtt';
const isVideo = (file) =>
  String(file?.mime ?? '')
    .toLowerCase()
    .startsWith('video/');
const hasFile = (file) => Boolean(file && typeof file === 'object' && (file.id || file.url));

/** What to populate to read every media field, inside components too, of a model. */
function filesPopulate(strapi, attributes, depth = 0) {
  const populate = {};
  if (depth > MAX_COMPONENT_DEPTH) return populate;
  for (const [name, attribute] of Object.entries(attributes ?? {})) {
    if (attribute.type === 'media') populate[name] = true;
    if (attribute.type !== 'component') continue;
    const nested = filesPopulate(
      strapi,
      strapi.components[attribute.component]?.attributes,
      depth + 1,
    );
    populate[name] = Object.keys(nested).length > 0 ? { populate: nested } : true;
  }
  return populate;
}

/**
 * Whether written data sets a track list, a described version or a file (a film's own file is
 * checked too); then the saved form is read.
 */
function mentionsTracks(value, depth = 0) {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(
    ([key, child]) =>
      key in TRACK_LISTS ||
      key === DESCRIBED_VERSION ||
      key === FILM_FILE ||
      mentionsTracks(child, depth + 1),
  );
}

/**
 * One problem per track file that is not WebVTT and per described version that is not a video,
 * in a stored document with its media populated, each naming the field it is in.
 */
function trackProblems(value, problems = [], path = []) {
  if (path.length > MAX_DEPTH || value === null || typeof value !== 'object') return problems;
  // A video component's own title; a document's title names the page, not its film.
  const film = `The video${path.length > 0 && typeof value.title === 'string' ? ` "${value.title}"` : ''}`;
  // The Media Library's 'videos only' is the admin's picker, not a rule the server keeps.
  if (!Array.isArray(value) && DESCRIBED_VERSION in value && hasFile(value[FILM_FILE])) {
    const file = value[FILM_FILE];
    if (!isVideo(file))
      problems.push({
        message: `${film}: the file "${file.name ?? file.url}" is not a video file. Choose a video there, or give its YouTube or Vimeo link instead.`,
        fields: [[...path, FILM_FILE]],
      });
  }
  for (const [key, child] of Object.entries(value)) {
    const at = [...path, Array.isArray(value) ? Number(key) : key];
    if (key in TRACK_LISTS && Array.isArray(child)) {
      child.forEach((track, index) => {
        if (!hasFile(track?.file) || isVtt(track.file)) return;
        problems.push({
          message: `${film}: the ${TRACK_LISTS[key]} "${track.file.name ?? track.file.url}" is not a WebVTT file. Choose a .vtt file (WebVTT) there.`,
          fields: [[...at, index, 'file']],
        });
      });
    } else if (key === DESCRIBED_VERSION && hasFile(child)) {
      if (!isVideo(child))
        problems.push({
          message: `${film}: the audio-described version "${child.name ?? child.url}" is not a video file. Choose a video there.`,
          fields: [at],
        });
    } else trackProblems(child, problems, at);
  }
  return problems;
}

module.exports = { filesPopulate, mentionsTracks, trackProblems };
