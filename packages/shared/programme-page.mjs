// Where a programme's page is in the app: the one rule, run by the app (its route table's key
// stages and the breadcrumb) and by the CMS (the addresses its search gives), so a link to a
// programme from either opens the programme's page.
//
// Spec part 2, "Audience pages": a programme's page is /{audience}/{programme}. The secondary
// audience is the exception: its home (/secondary) links landing pages and projects, and its
// programmes are shown on the key stages' landing pages, each with its cards below it
// (/secondary/{key stage}/programme/{programme}); /secondary/{slug} is a landing page or a project,
// never a programme.

/** The audience whose programmes are shown under a key stage. */
export const SECONDARY_AUDIENCE = 'secondary';

/**
 * The secondary key stages, in order: `path` is the landing page's slug, which is its address
 * (/secondary/{path}); `keyStage` is its name (the age tag editors give feature boxes).
 */
export const SECONDARY_KEY_STAGES = [
  { path: 'ks-3', keyStage: 'KS3' },
  { path: 'ks4', keyStage: 'KS4' },
  { path: 'KS5', keyStage: 'KS5' },
];

/**
 * A programme's page: /{audience}/{programme}; for a secondary programme
 * /secondary/{key stage}/programme/{programme}, under the first key stage whose landing page links
 * it (the first key stage when none does: the programme's page is the same under any of them).
 *
 * @param {string} audience the programme's audience (slug)
 * @param {string} programme the programme's slug
 * @param {readonly string[]} [linkedFrom] the slugs of the landing pages whose cards link it
 */
export function programmePagePath(audience, programme, linkedFrom = []) {
  if (audience !== SECONDARY_AUDIENCE) return `/${audience}/${programme}`;
  const keyStage =
    SECONDARY_KEY_STAGES.find(({ path }) => linkedFrom.includes(path)) ?? SECONDARY_KEY_STAGES[0];
  return `/${SECONDARY_AUDIENCE}/${keyStage.path}/programme/${programme}`;
}

/**
 * Where what sits in a programme is, whatever its audience: its units (…/unit/{unit}, their
 * lessons and activities), activity sections (…/activities/{section}), custom units and libraries.
 * For every audience but secondary this is also the programme's page.
 *
 * @param {string} audience @param {string} programme
 */
export function programmeContentsPath(audience, programme) {
  return `/${audience}/${programme}`;
}
