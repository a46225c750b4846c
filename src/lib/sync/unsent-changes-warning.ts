/** The warning before logging out while playlist changes have not reached the server. */
import { readUser } from '../session/session-storage';
import { pendingEditCount } from './local-writes';
import { countOf } from '../text/count';

/** null when nothing is waiting to be sent. */
export async function unsentChangesWarning(): Promise<string | null> {
  const user = readUser();
  const pending = user ? await pendingEditCount(String(user.id)) : 0;
  if (pending === 0) return null;
  return `${countOf(pending, 'playlist change')} ${pending === 1 ? 'has' : 'have'} not reached the server yet. They stay on this device and are sent when you log in again here.`;
}
