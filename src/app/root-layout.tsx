import { Outlet } from 'react-router-dom';
import { AuthDialogs } from '../features/auth/components/auth-dialogs';
import { SiteShell } from '../features/shell/components/site-shell';

export function RootLayout() {
  return (
    <>
      <SiteShell>
        <Outlet />
      </SiteShell>
      <AuthDialogs />
    </>
  );
}
