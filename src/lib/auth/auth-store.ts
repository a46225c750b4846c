import { create } from 'zustand';
import { CmsError, GENERIC_PROBLEM, plainFieldErrors, plainMessage } from '../cms/errors';
import { postCms } from '../cms/rest-client';
import {
  clearSession,
  readRole,
  readToken,
  readUser,
  writeRole,
  writeSession,
  type StoredUser,
} from '../session/session-storage';
import {
  fetchUserRoleMembership,
  type RoleMembership,
  type UserProfile,
} from './user-role-membership';

/** Spec part 1, section 4: the auth flow states. */
export type AuthStatus =
  | 'idle'
  | 'login-start'
  | 'login-success'
  | 'login-failed'
  | 'logout-complete'
  | 'register-start'
  | 'register-success'
  | 'register-failed'
  | 'profile-save-start'
  | 'profile-save-success'
  | 'password-reset-start'
  | 'password-reset-success'
  | 'password-reset-error'
  | 'forgot-password-start'
  | 'forgot-password-success'
  | 'forgot-password-error';

export const ACTIVE_SUBSCRIBER = 'active_subscriber';

interface AuthAnswer {
  jwt?: string;
  user?: StoredUser;
}

export interface RegistrationInput {
  email: string;
  password: string;
  user_profile_data: UserProfile;
  skip_trial?: boolean;
}

/**
 * Whether the role-and-profile query has answered for this session. A stored session is
 * 'pending' from the start until it does: the header and the profile wait for it instead of
 * showing the e-mail for a name, or an empty form (spec part 1, section 4).
 */
export type AccountLoad = 'pending' | 'loaded' | 'failed';

interface AuthState {
  user: StoredUser | null;
  accountLoad: AccountLoad;
  authToken: string | null;
  userRole: string | null;
  membership: RoleMembership | null;
  userProfile: UserProfile | null;
  status: AuthStatus;
  authError: string | null;
  fieldErrors: Record<string, string>;

  login: (identifier: string, password: string) => Promise<boolean>;
  register: (input: RegistrationInput) => Promise<boolean>;
  loadRoleAndProfile: () => Promise<void>;
  forgotPassword: (email: string) => Promise<boolean>;
  resetPassword: (code: string, password: string, passwordConfirmation: string) => Promise<boolean>;
  setProfile: (profile: UserProfile) => void;
  clearError: () => void;
  logout: () => void;
}

/** The CMS accepted the password, but the account's role and profile could not be read. */
class AccountNotLoadedError extends Error {
  constructor(cause: unknown) {
    const reason = cause instanceof Error ? cause.message : 'the content service sent no account';
    super(
      `You are not logged in: your account details could not be loaded (${reason}). Please try again.`,
    );
    this.name = 'AccountNotLoadedError';
  }
}

function failure(error: unknown) {
  if (error instanceof AccountNotLoadedError) return { authError: error.message, fieldErrors: {} };
  if (error instanceof CmsError) {
    return { authError: plainMessage(error), fieldErrors: plainFieldErrors(error.fieldErrors) };
  }
  return { authError: GENERIC_PROBLEM, fieldErrors: {} };
}

/**
 * The screens' view of the account: the stored session (src/lib/session, its one owner, read at
 * start and written through it) with the role's details and the flow's state.
 */
export const useAuthStore = create<AuthState>()((set) => {
  /**
   * A sign-in completes or fails whole: the role and profile are asked for with the new token
   * first, and the session is written (storage and state in one step) only once they are known.
   * Writing it earlier would leave a slow or failing role query showing a teacher logged in with no
   * role, treated as without access until a reload. A failure throws and stores nothing.
   */
  async function signedIn(answer: AuthAnswer, success: AuthStatus) {
    if (!answer.jwt || !answer.user) return false;
    let me: Awaited<ReturnType<typeof fetchUserRoleMembership>>;
    try {
      me = await fetchUserRoleMembership(answer.jwt);
    } catch (error) {
      throw new AccountNotLoadedError(error);
    }
    if (!me) throw new AccountNotLoadedError(null);
    const role = me.role?.type ?? null;
    writeSession({ user: answer.user, token: answer.jwt, role });
    set({
      user: answer.user,
      authToken: answer.jwt,
      userRole: role,
      membership: me.role ?? null,
      userProfile: me.user_profile ?? null,
      accountLoad: 'loaded',
      authError: null,
      fieldErrors: {},
      status: success,
    });
    return true;
  }

  return {
    user: readUser(),
    accountLoad: 'pending',
    authToken: readToken(),
    userRole: readRole(),
    membership: null,
    userProfile: null,
    status: 'idle',
    authError: null,
    fieldErrors: {},

    async login(identifier, password) {
      set({ status: 'login-start', authError: null, fieldErrors: {} });
      try {
        const answer = await postCms<AuthAnswer>('/api/auth/local', { identifier, password });
        return await signedIn(answer, 'login-success');
      } catch (error) {
        set({ status: 'login-failed', ...failure(error) });
        return false;
      }
    },

    async register({ email, password, user_profile_data, skip_trial = false }) {
      set({ status: 'register-start', authError: null, fieldErrors: {} });
      try {
        const answer = await postCms<AuthAnswer>('/api/auth/local/register', {
          email,
          username: email,
          password,
          user_profile_data,
          skip_trial,
        });
        return await signedIn(answer, 'register-success');
      } catch (error) {
        set({ status: 'register-failed', ...failure(error) });
        return false;
      }
    },

    async loadRoleAndProfile() {
      set({ accountLoad: 'pending' });
      let me: Awaited<ReturnType<typeof fetchUserRoleMembership>>;
      try {
        me = await fetchUserRoleMembership();
      } catch (error) {
        // Offline or a CMS failure: the stored role stands, and the screens say what is missing.
        set({ accountLoad: 'failed' });
        throw error;
      }
      const roleType = me?.role?.type ?? null;
      if (roleType) writeRole(roleType);
      set({
        userRole: roleType,
        membership: me?.role ?? null,
        userProfile: me?.user_profile ?? null,
        accountLoad: me ? 'loaded' : 'failed',
      });
    },

    async forgotPassword(email) {
      set({ status: 'forgot-password-start', authError: null });
      try {
        await postCms('/api/auth/forgot-password', { email });
        set({ status: 'forgot-password-success' });
        return true;
      } catch (error) {
        set({ status: 'forgot-password-error', ...failure(error) });
        return false;
      }
    },

    async resetPassword(code, password, passwordConfirmation) {
      set({ status: 'password-reset-start', authError: null, fieldErrors: {} });
      try {
        const answer = await postCms<AuthAnswer>('/api/auth/reset-password', {
          code,
          password,
          passwordConfirmation,
        });
        if (answer.jwt && answer.user) await signedIn(answer, 'password-reset-success');
        set({ status: 'password-reset-success' });
        return true;
      } catch (error) {
        set({ status: 'password-reset-error', ...failure(error) });
        return false;
      }
    },

    setProfile(profile) {
      set({ userProfile: profile, status: 'profile-save-success' });
    },

    clearError() {
      set({ authError: null, fieldErrors: {} });
    },

    logout() {
      clearSession();
      set({
        user: null,
        authToken: null,
        userRole: null,
        membership: null,
        userProfile: null,
        accountLoad: 'pending',
        status: 'logout-complete',
        authError: null,
        fieldErrors: {},
      });
    },
  };
});

/** Logged in means an auth token exists (spec part 1, section 4). */
export function selectIsLoggedIn(state: Pick<AuthState, 'authToken'>): boolean {
  return state.authToken !== null;
}

/** Content access needs a token and the active_subscriber role type. */
export function selectCanAccessContent(state: Pick<AuthState, 'authToken' | 'userRole'>): boolean {
  return state.authToken !== null && state.userRole === ACTIVE_SUBSCRIBER;
}
