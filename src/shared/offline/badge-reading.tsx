/**
 * While the device's record is read: nothing shown, but the page is still loading, so a snapshot
 * painted before the app (which may show the badge) stays until the badge is decided
 * (src/lib/offline/page-snapshot.ts).
 */
export function BadgeReading() {
  return <span className="offline-badge-reading" aria-busy="true" hidden />;
}
