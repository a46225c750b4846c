import type { ProgrammeQueryResult } from '../api/programme-query';

/**
 * Spec part 2, section 5: the custom-unit link only when a custom plan exists, library links only
 * when at least one library of that kind exists, the at-home panel only for a logged-in user
 * with at least one at-home library.
 */
export function programmeLinks(result: ProgrammeQueryResult, loggedIn: boolean) {
  const programme = result.programmes[0];
  return {
    customUnits: programme?.has_custom_scheme_plan ?? false,
    activityLibrary: (programme?.activity_libraries.length ?? 0) > 0,
    audioLibrary: (programme?.audio_libraries.length ?? 0) > 0,
    atHome: loggedIn && result.atHomeLibraries.length > 0 ? result.atHomeLibraries[0]! : null,
  };
}
