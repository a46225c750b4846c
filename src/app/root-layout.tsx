import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { SiteShell } from '../features/shell/components/site-shell';
import { useAccessStore } from '../lib/auth/access-store';
import { useSessionRestore } from '../lib/auth/use-session-restore';
import { useAddToPlaylist } from '../lib/playlists/add-to-playlist-store';
import { AppBanners } from '../lib/ui/app-banners';
import { useRouteFocus } from '../lib/ui/route-focus';

const AddToPlaylistDialog = lazy(() =>
  import('../features/playlists/components/add-to-playlist-dialog').then((module) => ({
    default: module.AddToPlaylistDialog,
  })),
);
const AuthDialogs = lazy(() =>
  import('../features/auth/components/auth-dialogs').then((module) => ({
    default: module.AuthDialogs,
  })),
);

/**
 * A dialog (and the code behind it) loads the first time it is asked for, not with the first
 * page, then stays mounted so it opens at once and returns focus when it closes.
 */
function OnceAsked({ asked, children }: { asked: boolean; children: ReactNode }) {
  const [needed, setNeeded] = useState(asked);
  if (asked && !needed) setNeeded(true);
  return needed ? <Suspense fallback={null}>{children}</Suspense> : null;
}

export function RootLayout() {
  useSessionRestore();
  useRouteFocus();
  const playlistAsked = useAddToPlaylist((state) => state.request !== null);
  const authAsked = useAccessStore((state) => state.loginPanelOpen || state.subscribeModalOpen);
  return (
    <>
      <SiteShell>
        <AppBanners />
        <Outlet />
      </SiteShell>
      <OnceAsked asked={authAsked}>
        <AuthDialogs />
      </OnceAsked>
      <OnceAsked asked={playlistAsked}>
        <AddToPlaylistDialog />
      </OnceAsked>
    </>
  );
}
