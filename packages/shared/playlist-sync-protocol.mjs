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
  // Only a later version than this service speaks is a newer app; an older version, a fraction,
  // a negative number or a value that is no number at all names nothing the service speaks.
  if (Number.isSafeInteger(protocol) && protocol > PLAYLIST_SYNC_PROTOCOL)
    return 'This version of the app is newer than the content service: the playlist changes stay on this device until the content service is updated.';
  return `This request names no version of the playlist sync protocol the content service speaks (it speaks version ${PLAYLIST_SYNC_PROTOCOL}): the playlist changes stay on this device.`;
}
