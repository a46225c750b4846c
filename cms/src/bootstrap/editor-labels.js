'use strict';

/**
 * Labels and help texts in the admin panel's forms, in words an editor understands: the schema's
 * field names (`sub_slides2`, `extensionactivities`, `film_setup`, `disable_lesson_mode`,
 * `section_divider`) are the API's and stay; what an editor reads is set here in the
 * content-manager's stored configuration, on every boot, merged into whatever else an admin has
 * arranged (field order, sizes) so nothing they changed is lost.
 */
const VIDEO_LINK_HELP =
  "Paste a YouTube or Vimeo link, or the /uploads/… address of a film in the Media Library. Leave it empty when you choose a file under 'Video file'. Text that is not a video address is refused on save.";

const label = (text, description = '') => ({ label: text, description });

const COMPONENT_LABELS = {
  'slides.activity-slide': {
    include_in_lesson: label(
      'Show in lesson mode',
      'Set to FALSE to keep the slide in the CMS without showing it to the class.',
    ),
    title: label('Title'),
    slide_template: label(
      'Layout',
      'What the slide shows. Image: Main image. Audio: Audio. Video: a video. Two videos: two videos. Audio and image: Main image and Audio. Flip cards: cards with a picture on both sides. Audio cards: cards with a picture and an audio file. Two columns: a left and a right column. Instrument options: at least one sub-slideshow. All: whatever the slide has.',
    ),
    slide_text: label('Slide text'),
    secondary_slide_text: label('Second text', "Shown below the media, in the 'all' layout only."),
    videos: label('Videos'),
    sub_slides2: label(
      'Instrument options (sub-slideshows)',
      "Buttons that open another slideshow, e.g. one per instrument. Used by the 'Instrument options' and 'video, audio and instruments' layouts.",
    ),
    main_image: label('Main image'),
    secondary_image: label('Second image'),
    audio: label('Audio'),
    secondary_audio: label('Second audio'),
    secondary_video: label('Second video', "Shown in the 'all' layout only."),
    audiocards: label('Audio cards', 'Each card: a picture and an audio file.'),
    flipcards: label(
      'Flip cards',
      'Each card: a picture on each side (Card 1 and Card 2), and audio if you like.',
    ),
    left_column: label('Left column'),
    right_column: label('Right column'),
    teaching_notes: label(
      'Teaching notes for this slide',
      'What to say or do while this slide shows. The teacher sees them in the presenter view; the class never does.',
    ),
  },
  'slides.sub-slide': {
    title: label('Button text'),
    activity_slideshow: label('Slideshow it opens'),
  },
  'shared.video': {
    title: label('Title'),
    film_setup: label(
      'Filming notes',
      "How it was filmed, shown after the title, e.g. 'Single camera, classroom'.",
    ),
    embed: label('Video link', VIDEO_LINK_HELP),
    file: label(
      'Video file',
      'A film uploaded to the Media Library: it also plays offline in downloaded lessons.',
    ),
    captions: label(
      'Captions (WebVTT)',
      'One file per language, so pupils who cannot hear the film can follow it.',
    ),
  },
  'shared.flipcard': { card_1: label('Card 1 (front)'), card_2: label('Card 2 (back)') },
  'lesson.activity-entry': {
    section_divider: label(
      'Section divider',
      "Set to TRUE to make this row a heading (e.g. 'Warm up') instead of an activity.",
    ),
    title: label('Title'),
    activity: label('Activity', 'Needed unless the row is a section divider.'),
  },
  'lesson.extension-activity': { activities: label('Activities') },
  'activity.at-home': { mediaEmbed: label('Video link', VIDEO_LINK_HELP) },
};

const TYPE_LABELS = {
  'api::lesson.lesson': {
    page_title: label('Page title'),
    documents: label('Documents'),
    activity: label(
      'Activities (in order)',
      'Drag to reorder. Section dividers become headings in the lesson.',
    ),
    extensionactivities: label(
      'Extension activities',
      'Further activities offered after the lesson.',
    ),
    disable_lesson_mode: label(
      'Turn off lesson mode',
      "Hides 'Start Lesson' and 'Start Activity' for this lesson.",
    ),
    units: label('Units of work', 'The units this lesson is part of: change them from the unit.'),
  },
  'api::activity-slideshow.activity-slideshow': {
    title: label(
      'Title',
      'A slideshow can be shown by several activities and as an instrument option on other slides: a change here reaches every one of them (see Content Manager › Activity page, filter by slideshow).',
    ),
    activity_slides: label('Slides (in order)'),
  },
  'api::programme.programme': {
    media_embed: label('Introduction film link', VIDEO_LINK_HELP),
    units: label('Units of work (in order)'),
  },
  'api::scheme.scheme': { lessons: label('Lessons (in order)') },
  'api::learning-resources-home.learning-resources-home': {
    media_embed: label('Home film link', VIDEO_LINK_HELP),
  },
};

/** The lesson list shows which unit each lesson belongs to. */
const LIST_COLUMNS = { 'api::lesson.lesson': ['id', 'title', 'units', 'disable_lesson_mode'] };

function withLabels(metadatas, labels, attributes) {
  const merged = { ...metadatas };
  for (const [field, { label: text, description }] of Object.entries(labels)) {
    if (!attributes[field] || !merged[field]) continue;
    const relation = attributes[field].type === 'relation';
    merged[field] = {
      ...merged[field],
      edit: {
        ...merged[field].edit,
        label: text,
        description,
        ...(relation ? { mainField: 'title' } : {}),
      },
      list: { ...merged[field].list, label: text, ...(relation ? { mainField: 'title' } : {}) },
    };
  }
  return merged;
}

async function applyEditorLabels(strapi) {
  const contentManager = strapi.plugin('content-manager');
  const targets = [
    ...Object.entries(COMPONENT_LABELS).map(([uid, labels]) => ({
      uid,
      labels,
      model: strapi.components[uid],
      service: contentManager.service('components'),
    })),
    ...Object.entries(TYPE_LABELS).map(([uid, labels]) => ({
      uid,
      labels,
      model: strapi.contentTypes[uid],
      service: contentManager.service('content-types'),
    })),
  ];
  for (const { uid, labels, model, service } of targets) {
    if (!model) continue;
    const current = await service.findConfiguration({ uid });
    const update = { metadatas: withLabels(current.metadatas ?? {}, labels, model.attributes) };
    const columns = LIST_COLUMNS[uid]?.filter((field) => field === 'id' || model.attributes[field]);
    if (columns) update.layouts = { ...current.layouts, list: columns };
    await service.updateConfiguration({ uid }, update);
  }
}

module.exports = { applyEditorLabels, COMPONENT_LABELS, TYPE_LABELS };
