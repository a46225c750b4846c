'use strict';

/**
 * What each slide template needs before lesson mode can show it (spec part 2, "Lesson mode"),
 * in the editor's words. Each rule reads a saved slide (media and relations populated) and
 * returns what is not yet true, each sentence with the fields it concerns; the app shows only the parts a slide has, so an
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

/**
 * A problem names the fields it concerns (paths inside the slide, or the lesson), so the admin
 * panel can show the sentence at those fields.
 */
const problem = (message, ...fields) => ({ message, fields });
const missing = (item, keys) => keys.filter((key) => !has(item?.[key]));

const TEMPLATE_RULES = {
  image: (slide) =>
    has(slide.main_image)
      ? []
      : [problem('An image slide needs an image (Main image).', ['main_image'])],
  audio: (slide) =>
    has(slide.audio) ? [] : [problem('An audio slide needs an audio file (Audio).', ['audio'])],
  video: (slide) =>
    videos(slide).length > 0
      ? []
      : [
          problem('A video slide needs a video: upload a file or paste a link under Videos.', [
            'videos',
          ]),
        ],
  two_videos: (slide) =>
    videos(slide).length >= 2
      ? []
      : [problem('A two-video slide needs two videos under Videos.', ['videos'])],
  audio_and_image: (slide) => [
    ...(has(slide.main_image)
      ? []
      : [problem('An audio-and-image slide needs an image (Main image).', ['main_image'])]),
    ...(has(slide.audio)
      ? []
      : [problem('An audio-and-image slide needs an audio file (Audio).', ['audio'])]),
  ],
  flipcards: (slide) => {
    const cards = slide.flipcards ?? [];
    if (cards.length === 0)
      return [problem('A flip-card slide needs at least one flip card.', ['flipcards'])];
    return cards.flatMap((card, index) => {
      const sides = missing(card, ['card_1', 'card_2']);
      return sides.length === 0
        ? []
        : [
            problem(
              `Flip card ${index + 1}${named(card)} needs a picture on both sides (Card 1 and Card 2).`,
              ...sides.map((side) => ['flipcards', index, side]),
            ),
          ];
    });
  },
  audiocards: (slide) => {
    const cards = slide.audiocards ?? [];
    if (cards.length === 0)
      return [problem('An audio-card slide needs at least one audio card.', ['audiocards'])];
    return cards.flatMap((card, index) => {
      const parts = missing(card, ['image', 'audio']);
      return parts.length === 0
        ? []
        : [
            problem(
              `Audio card ${index + 1}${named(card)} needs a picture and an audio file.`,
              ...parts.map((part) => ['audiocards', index, part]),
            ),
          ];
    });
  },
  two_columns: (slide) => {
    const empty = ['left_column', 'right_column'].filter((side) => !hasColumn(slide[side]));
    return empty.length === 0
      ? []
      : [
          problem(
            'A two-column slide needs a left and a right column.',
            ...empty.map((side) => [side]),
          ),
        ];
  },
  sub_slide_buttons: (slide) =>
    instrumentOptions(
      slide,
      'An instrument-options slide needs at least one instrument option (Sub-slideshows).',
    ),
  video_audio_instruments: (slide) => [
    ...(videos(slide).length > 0
      ? []
      : [problem('A video, audio and instruments slide needs a video under Videos.', ['videos'])]),
    ...instrumentOptions(slide, null),
  ],
  all: () => [],
};

function named(item) {
  return item.title ? ` ("${item.title}")` : '';
}

function instrumentOptions(slide, whenNone) {
  const options = slide.sub_slides2 ?? [];
  if (options.length === 0) return whenNone ? [problem(whenNone, ['sub_slides2'])] : [];
  return options.flatMap((option, index) =>
    option.activity_slideshow
      ? []
      : [
          problem(`Instrument option ${index + 1}${named(option)} needs a slideshow to open.`, [
            'sub_slides2',
            index,
            'activity_slideshow',
          ]),
        ],
  );
}

/**
 * Every problem of a slideshow's slides, each prefixed with the slide it is on, its fields as
 * paths in the slideshow (the admin panel's form names its fields the same way).
 */
function slideshowProblems(slideshow) {
  return (slideshow.activity_slides ?? []).flatMap((slide, index) => {
    const rule = TEMPLATE_RULES[slide.slide_template] ?? TEMPLATE_RULES.all;
    return rule(slide).map(({ message, fields }) => ({
      message: `Slide ${index + 1}${named(slide)}: ${message}`,
      fields: fields.map((field) => ['activity_slides', index, ...field]),
    }));
  });
}

/** A lesson's activity rows: each one that is not a section divider opens an activity. */
function lessonProblems(lesson) {
  return (lesson.activity ?? []).flatMap((row, index) =>
    row.section_divider || row.activity
      ? []
      : [
          problem(
            `Activity row ${index + 1}${named(row)} needs an activity, or set 'Section divider' to TRUE to make it a heading.`,
            ['activity', index, 'activity'],
          ),
        ],
  );
}

const VIDEO = { populate: { file: true } };
const SLIDESHOW_POPULATE = {
  activity_slides: {
    populate: {
      main_image: true,
      secondary_image: true,
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

module.exports = { SAVED_CHECKS, TEMPLATE_RULES, slideshowProblems, lessonProblems };
