import type { PlaylistApi } from './playlist-api';
import { addNotice } from './sync-notices';

/** A round's shared facts: who, which device, what to tell the teacher, what it cost. */
export interface Round {
  userId: string;
  device: string;
  api: PlaylistApi;
  notices: string[];
  requests: number;
  /** Playlists the CMS answered with items this device has no card details for (added elsewhere). */
  lackingDetails: Set<string>;
}

export async function tell(round: Round, clientId: string | null, message: string) {
  round.notices.push(message);
  await addNotice(round.userId, clientId, message);
}
