import { appDocument } from '../../../lib/cms/app-document';
import { PlaylistForFileOperation } from '../../../lib/cms/generated/operations/playlist-for-file';
import { ITEM_FIELDS } from '../../../lib/sync/playlist-api';

/**
 * One playlist as the CMS has it, by its client id: a playlist's download stores it (signed), so
 * that a lesson file of the playlist carries the playlist itself with the CMS's word for it, and
 * a colleague who opens the file gets a playlist of the same items. The CMS answers only the
 * signed-in teacher's own playlists (cms/src/bootstrap/ownership.js).
 */
export const PLAYLIST_FOR_FILE = appDocument(
  /* GraphQL */ `
  query PlaylistForFile($clientId: String!) {
    playlists(filters: { client_id: { eq: $clientId } }) {
      documentId
      title
      client_id
      audience { documentId title }
      ${ITEM_FIELDS}
    }
  }
`,
  PlaylistForFileOperation,
);
