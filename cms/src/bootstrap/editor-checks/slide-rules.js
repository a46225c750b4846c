'use strict';

/**
 * What each slide template needs before lesson mode can show it (spec part 2, "Lesson mode"),
 * in the editor's words. Each rule reads a saved slide (media and relations populated) and
 * returns the sentences that are not yet true; the app shows only the parts a slide has, so an
 * image slide without an image would otherwise reach a class as an empty screen.
 */
const has = (media) => Boolean(media && (media.id || media.url));
const hasVideo = (video) =>
  Boolean(video && (has(video.file) || (typeof video.embed === 'string' && video.embed.trim())));
const videos = (slide) => (slide.videos ?? []).filter(hasVideo);
const hasColumn = (column) =>
  Boolean(
    column &&
    (column.title ||
      column.text ||
      column.videos?.length ||
      column.audio?.length ||
      column.images?.length),
  );

const TEMPLATE_RULES = {
  image: (slide) => (has(slide.main_image) ? [] : ['An image slide needs an image (Main image).']),
  audio: (slide) => (has(slide.audio) ? [] : ['An audio slide needs an audio file (Audio).']),
  video: (slide) =>
    videos(slide).length > 0
      ? []
      : ['A video slide needs a video: upload a file or paste a link under Videos.'],
  two_videos: (slide) =>
    videos(slide).length >= 2 ? [] : ['A two-video slide needs two videos under Videos.'],
  audio_and_image: (slide) => [
    ...(has(slide.main_image) ? [] : ['An audio-and-image slide needs an image (Main image).']),
    ...(has(slide.audio) ? [] : ['An audio-and-image slide needs an audio file (Audio).']),
  ],
  flipcards: (slide) => {
    const cards = slide.flipcards ?? [];
    if (cards.length === 0) return ['A flip-card slide needs at least one flip card.'];
    return cards.flatMap((card, index) =>
      has(card.card_1) && has(card.card_2)
        ? []
        : [
            `Flip card ${index + 1}${named(card)} needs a picture on both sides (Card 1 and Card 2).`,
          ],
    );
  },
  audiocards: (slide) => {
    const cards = slide.audiocards ?? [];
    if (cards.length === 0) return ['An audio-card slide needs at least one audio card.'];
    return cards.flatMap((card, index) =>
      has(card.image) && has(card.audio)
        ? []
        : [`Audio card ${index + 1}${named(card)} needs a picture and an audio file.`],
    );
  },
  two_columns: (slide) =>
    hasColumn(slide.left_column) && hasColumn(slide.right_column)
      ? []
      : ['A two-column slide needs a left and a right column.'],
  sub_slide_buttons: (slide) =>
    instrumentOptions(
      slide,
      'An instrument-options slide needs at least one instrument option (Sub-slideshows).',
    ),
  video_audio_instruments: (slide) => [
    ...(videos(slide).length > 0
      ? []
      : ['A video, audio and instruments slide needs a video under Videos.']),
    ...instrumentOptions(slide, null),
  ],
  all: () => [],
};

function named(item) {
  return item.title ? ` ("${item.title}")` : '';
}

function instrumentOptions(slide, whenNone) {
  const options = slide.sub_slides2 ?? [];
  if (options.length === 0) return whenNone ? [whenNone] : [];
  return options.flatMap((option, index) =>
    option.activity_slideshow
      ? []
      : [`Instrument option ${index + 1}${named(option)} needs a slideshow to open.`],
  );
}

/** Every problem of a slideshow's slides, each prefixed with the slide it is on. */
function slideshowProblems(slideshow) {
  return (slideshow.activity_slides ?? []).flatMap((slide, index) => {
    const rule = TEMPLATE_RULES[slide.slide_template] ?? TEMPLATE_RULES.all;
    return rule(slide).map((problem) => `Slide ${index + 1}${named(slide)}: ${problem}`);
  });
}

/** A lesson's activity rows: each one that is not a section divider opens an activity. */
function lessonProblems(lesson) {
  return (lesson.activity ?? []).flatMap((row, index) =>
    row.section_divider || row.activity
      ? []
      : [
          `Activity row ${index + 1}${named(row)} needs an activity, or set 'Section divider' to TRUE to make it a heading.`,
        ],
  );
}

const VIDEO = { populate: { file: true } };
const SLIDESHOW_POPULATE = {
  activity_slides: {
    populate: {
      main_image: true,
      audio: true,
      videos: VIDEO,
      flipcards: { populate: { card_1: true, card_2: true } },
      audiocards: { populate: { image: true, audio: true } },
      left_column: { populate: { videos: VIDEO, audio: true, images: true } },
      right_column: { populate: { videos: VIDEO, audio: true, images: true } },
      sub_slides2: { populate: { activity_slideshow: true } },
    },
  },
};
const LESSON_POPULATE = { activity: { populate: { activity: true } } };

/** The content types whose saved form is checked, what to read back, and the rule. */
const SAVED_CHECKS = {
  'api::activity-slideshow.activity-slideshow': {
    populate: SLIDESHOW_POPULATE,
    problems: slideshowProblems,
  },
  'api::lesson.lesson': { populate: LESSON_POPULATE, problems: lessonProblems },
};

module.exports = { SAVED_CHECKS, slideshowProblems, lessonProblems };
