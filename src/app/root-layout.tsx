import { Outlet } from 'react-router-dom';
import { AuthDialogs } from '../features/auth/components/auth-dialogs';
import { AddToPlaylistDialog } from '../features/playlists/components/add-to-playlist-dialog';
import { SiteShell } from '../features/shell/components/site-shell';
import { useSessionRestore } from '../lib/auth/use-session-restore';
import { AppBanners } from '../lib/ui/app-banners';

export function RootLayout() {
  useSessionRestore();
  return (
    <>
      <SiteShell>
        <AppBanners />
        <Outlet />
      </SiteShell>
      <AuthDialogs />
      <AddToPlaylistDialog />
    </>
  );
}
