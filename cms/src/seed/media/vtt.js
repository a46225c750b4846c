'use strict';

/** `00:00:01.500` from seconds, as WebVTT writes a cue time. */
function timestamp(seconds) {
  const ms = Math.round(seconds * 1000);
  const pad = (n, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3600000))}:${pad(Math.floor(ms / 60000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/**
 * A WebVTT caption file from cues of [start, end, text] (seconds). Cue text is escaped: `<` and
 * `&` start tags and entities in WebVTT.
 */
function makeVtt(cues) {
  const escape = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const body = cues
    .map(
      ([start, end, text], index) =>
        `${index + 1}\n${timestamp(start)} --> ${timestamp(end)}\n${escape(text)}\n`,
    )
    .join('\n');
  return Buffer.from(`WEBVTT\n\n${body}`, 'utf8');
}

module.exports = { makeVtt };
