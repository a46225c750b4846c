// The playlist sync wire format's version (docs/sync-protocol.md): the app sends it with every
// sync request and pull; the CMS answers only the versions it speaks. A request without one was
// written by a build from before the field (version 1, the same format).

/** The version this app and this CMS speak. */
export const PLAYLIST_SYNC_PROTOCOL = 1;

/**
 * Why the CMS cannot take a request of this version, or null when it can.
 * @param {unknown} protocol
 * @returns {string | null}
 */
export function protocolProblem(protocol) {
  if (protocol === undefined || protocol === PLAYLIST_SYNC_PROTOCOL) return null;
  return 'This version of the app is newer than the content service: the playlist changes stay on this device until the content service is updated.';
}
