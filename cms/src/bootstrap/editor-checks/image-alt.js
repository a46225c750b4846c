'use strict';

const slideSchema = require('../../components/slides/activity-slide.json');

/**
 * Pictures teachers and pupils see need words for those who cannot see them (WCAG 1.1.1): a
 * slide's images (its main and second image, its audio cards' and columns' pictures) and a
 * feature box's picture need the Media Library's 'Alternative text' before
 * they are published, unless the editor ticks the field's 'decorative' box (the app then gives
 * the picture alt="", so screen readers skip it). A slide's image is checked only where its
 * layout shows it (the schema's `conditions`, as the admin panel's form does).
 */
const SLIDE_IMAGES = [
  ['main_image', 'The main image', 'Main image is decorative'],
  ['secondary_image', 'The second image', 'Second image is decorative'],
];

const hasFile = (media) => Boolean(media && (media.id || media.url));
const described = (media) =>
  typeof media?.alternativeText === 'string' && media.alternativeText.trim() !== '';

const needsWords = (what, box) =>
  `${what} needs alternative text: describe it in the Media Library (the image's 'Alternative text'), or tick '${box}' if it adds nothing a pupil who cannot see it would miss.`;

/** The layouts that show a slide field, or null when every layout does. */
function layoutsShowing(field) {
  const rule = slideSchema.attributes[field]?.conditions?.visible?.in;
  return Array.isArray(rule?.[1]) ? rule[1] : null;
}

const shownBy = (slide, field) => {
  const layouts = layoutsShowing(field);
  return !layouts || layouts.includes(slide.slide_template ?? 'all');
};

/**
 * A slide's images without alternative text, each with its field inside the slide. Flip cards
 * are left out: the app names a card's sides by its title when they have no text.
 */
function slideImageProblems(slide) {
  const own = SLIDE_IMAGES.flatMap(([field, what, box]) => {
    const image = slide[field];
    if (!shownBy(slide, field) || !hasFile(image) || slide[`${field}_decorative`]) return [];
    return described(image) ? [] : [{ message: needsWords(what, box), fields: [[field]] }];
  });
  const cards = !shownBy(slide, 'audiocards')
    ? []
    : (slide.audiocards ?? []).flatMap((card, index) =>
        !hasFile(card.image) || card.image_decorative || described(card.image)
          ? []
          : [
              {
                message: `Audio card ${index + 1}${card.title ? ` ("${card.title}")` : ''}: ${needsWords('The picture', 'Picture is decorative')}`,
                fields: [['audiocards', index, 'image']],
              },
            ],
      );
  const columns = [
    ['left_column', 'The left column'],
    ['right_column', 'The right column'],
  ].flatMap(([field, what]) => {
    const column = slide[field];
    if (!shownBy(slide, field) || !column || column.images_decorative) return [];
    const undescribed = (column.images ?? []).filter(
      (image) => hasFile(image) && !described(image),
    );
    return undescribed.length === 0
      ? []
      : [
          {
            message: `${what} has pictures without alternative text: describe each in the Media Library (the image's 'Alternative text'), or tick 'Column pictures are decorative' if they add nothing a pupil who cannot see them would miss.`,
            fields: [[field, 'images']],
          },
        ];
  });
  return [...own, ...cards, ...columns];
}

/** Feature boxes (a list field of featurebox.featurebox) whose picture has no alternative text. */
function featureBoxProblems(boxes, listField) {
  return (boxes ?? []).flatMap((box, index) =>
    !hasFile(box.featured_image) || box.featured_image_decorative || described(box.featured_image)
      ? []
      : [
          {
            message: `Feature box ${index + 1}${box.title ? ` ("${box.title}")` : ''}: ${needsWords('The image', 'Picture is decorative')}`,
            fields: [[listField, index, 'featured_image']],
          },
        ],
  );
}

/** Saved checks for the types that list feature boxes (index.js runs them on Publish). */
const featureBoxCheck = (listField) => ({
  populate: { [listField]: { populate: { featured_image: true } } },
  problems: (document) => featureBoxProblems(document[listField], listField),
});

const FEATURE_BOX_CHECKS = {
  'api::landing-page.landing-page': featureBoxCheck('features'),
  'api::audience.audience': featureBoxCheck('featurebox'),
};

module.exports = { slideImageProblems, FEATURE_BOX_CHECKS };
