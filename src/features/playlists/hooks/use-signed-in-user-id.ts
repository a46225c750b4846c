import { useAuthStore } from '../../../lib/auth/auth-store';

/** The signed-in user's id as the playlist tables key it, or null for a visitor. */
export function useSignedInUserId(): string | null {
  const user = useAuthStore((state) => state.user);
  const token = useAuthStore((state) => state.authToken);
  return user && token ? String(user.id) : null;
}
