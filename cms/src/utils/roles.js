'use strict';

const SUBSCRIBER_TYPE = 'active_subscriber';

/** True when the request's signed-in user has the active_subscriber role (REST or GraphQL state). */
function isSubscriber(state) {
  return state?.user?.role?.type === SUBSCRIBER_TYPE;
}

/**
 * Fields of a scheme (unit) that only active subscribers receive. Everyone may list schemes by
 * title (spec part 1: the shell query and breadcrumbs; spec part 2: the unit cards on a
 * programme page); the unit's contents stay behind the subscription.
 */
const SCHEME_SUBSCRIBER_FIELDS = [
  'introduction',
  'documents',
  'lessons',
  'scheme_activities',
  'activity_sections',
  'scheme_library',
];

/** Types whose every entry is for active subscribers only (bootstrap/permissions.js grants them to no one else). */
const SUBSCRIBER_TYPES = [
  'api::lesson.lesson',
  'api::activity-slideshow.activity-slideshow',
  'api::custom-scheme-plan.custom-scheme-plan',
];

/** uid -> its fields that only active subscribers receive (besides relations to SUBSCRIBER_TYPES). */
const SUBSCRIBER_FIELDS = { 'api::scheme.scheme': SCHEME_SUBSCRIBER_FIELDS };

module.exports = {
  isSubscriber,
  SUBSCRIBER_TYPE,
  SCHEME_SUBSCRIBER_FIELDS,
  SUBSCRIBER_TYPES,
  SUBSCRIBER_FIELDS,
};
