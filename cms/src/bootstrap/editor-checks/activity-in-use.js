'use strict';

/**
 * An activity still listed in a lesson (as a row or an extension activity) is not deleted: the
 * lesson would lose it without anyone noticing, and downloaded copies would keep a dead link.
 * The editor is told which lessons to change first.
 */
const LESSON = 'api::lesson.lesson';

async function lessonsUsing(strapi, documentId) {
  const lessons = await strapi.db.query(LESSON).findMany({
    where: {
      $or: [
        { activity: { activity: { documentId } } },
        { extensionactivities: { activities: { documentId } } },
      ],
    },
    select: ['title', 'documentId'],
  });
  return [...new Set(lessons.map((lesson) => lesson.title))];
}

function activityInUseMessage(titles) {
  const listed = titles.map((title) => `"${title}"`).join(', ');
  return `This activity is still used by ${titles.length === 1 ? 'the lesson' : `${titles.length} lessons`} ${listed}. Remove it from ${titles.length === 1 ? 'that lesson' : 'those lessons'} first, then delete it.`;
}

module.exports = { lessonsUsing, activityInUseMessage };
