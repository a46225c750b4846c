import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAccessStore } from './access-store';
import { selectCanAccessContent, selectIsLoggedIn, useAuthStore } from './auth-store';

/**
 * A link to subscriber content (units, custom units). A visitor gets the login panel and the
 * target is remembered; a signed-in user without access gets the subscribe modal.
 */
export function GatedLink({
  to,
  className,
  children,
}: {
  to: string;
  className?: string;
  children: ReactNode;
}) {
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const canAccess = useAuthStore(selectCanAccessContent);
  const { openLoginPanel, openSubscribeModal } = useAccessStore();

  return (
    <Link
      to={to}
      className={className}
      onClick={(event) => {
        if (canAccess) return;
        event.preventDefault();
        if (!loggedIn) openLoginPanel(to);
        else openSubscribeModal();
      }}
    >
      {children}
    </Link>
  );
}
