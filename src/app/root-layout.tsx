import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { AuthDialogs } from '../features/auth/components/auth-dialogs';
import { SiteShell } from '../features/shell/components/site-shell';
import { useSessionRestore } from '../lib/auth/use-session-restore';
import { useAddToPlaylist } from '../lib/playlists/add-to-playlist-store';
import { AppBanners } from '../lib/ui/app-banners';
import { useRouteFocus } from '../lib/ui/route-focus';

const AddToPlaylistDialog = lazy(() =>
  import('../features/playlists/components/add-to-playlist-dialog').then((module) => ({
    default: module.AddToPlaylistDialog,
  })),
);

/**
 * The dialog (and the playlist code behind it) loads the first time a teacher asks for it, then
 * stays mounted so it opens at once and returns focus when it closes.
 */
function AddToPlaylistWhenAsked() {
  const asked = useAddToPlaylist((state) => state.request !== null);
  const [needed, setNeeded] = useState(asked);
  if (asked && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <AddToPlaylistDialog />
    </Suspense>
  ) : null;
}

export function RootLayout() {
  useSessionRestore();
  useRouteFocus();
  return (
    <>
      <SiteShell>
        <AppBanners />
        <Outlet />
      </SiteShell>
      <AuthDialogs />
      <AddToPlaylistWhenAsked />
    </>
  );
}
