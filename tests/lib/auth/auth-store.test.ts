import { http, HttpResponse, type JsonBodyType } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  selectCanAccessContent,
  selectIsLoggedIn,
  useAuthStore,
} from '../../../src/lib/auth/auth-store';
import { fieldErrorMap } from '../../../src/lib/cms/errors';
import { onSessionChange, writeRole, writeSession } from '../../../src/lib/session/session-storage';
import { server } from '../../support/msw';

type Handler = (url: string) => { status: number; body: unknown };

/** The CMS answers every request (REST and GraphQL) by `handler`; returns the requests made. */
function answerCms(handler: Handler) {
  const calls: { url: string; body: unknown; auth: string | null }[] = [];
  server.use(
    http.all('*', async ({ request }) => {
      const text = await request.text();
      calls.push({
        url: request.url,
        body: text ? JSON.parse(text) : null,
        auth: request.headers.get('authorization'),
      });
      const { status, body } = handler(request.url);
      return HttpResponse.json(body as JsonBodyType, { status });
    }),
  );
  return calls;
}

const me = (type: string) => ({
  data: {
    me: {
      id: '7',
      email: 'a@b.c',
      role: { description: 'd', type },
      user_profile: {
        salutation: null,
        first_name: 'Ada',
        last_name: 'Lovelace',
        phone_number: null,
        school: null,
        role: null,
        address_1: null,
        address_2: null,
        postcode: null,
        user_updated: null,
      },
    },
  },
});

beforeEach(() => {
  localStorage.clear();
  useAuthStore.getState().logout();
});

describe('auth store', () => {
  it('stores the session under the spec keys and loads role and profile after login', async () => {
    const calls = answerCms((url) =>
      url.endsWith('/api/auth/local')
        ? { status: 200, body: { jwt: 'token-1', user: { id: 7, email: 'a@b.c' } } }
        : { status: 200, body: me('active_subscriber') },
    );
    expect(await useAuthStore.getState().login('a@b.c', 'pw')).toBe(true);
    const state = useAuthStore.getState();
    expect(state.status).toBe('login-success');
    expect(localStorage.getItem('auth')).toBe('token-1');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ id: 7 });
    expect(localStorage.getItem('role')).toBe('active_subscriber');
    expect(state.userProfile?.first_name).toBe('Ada');
    expect(selectIsLoggedIn(state)).toBe(true);
    expect(selectCanAccessContent(state)).toBe(true);
    // The role-and-profile query carries the new bearer token.
    expect(calls[1]?.auth).toBe('Bearer token-1');
  });

  it('writes nothing while the role is on its way, then the whole session at once (a slow CMS)', async () => {
    let answerRole: (() => void) | null = null;
    server.use(
      http.post('*/api/auth/local', () =>
        HttpResponse.json({ jwt: 'token-1', user: { id: 7, email: 'a@b.c' } }),
      ),
      http.all('*', async () => {
        await new Promise<void>((resolve) => (answerRole = resolve));
        return HttpResponse.json(me('active_subscriber'));
      }),
    );
    const login = useAuthStore.getState().login('a@b.c', 'pw');
    // The role query has been sent and is waiting for the CMS.
    await vi.waitFor(() => expect(answerRole).not.toBeNull());
    // Half a login is not logged in: the header would show a teacher with an empty role.
    expect(selectIsLoggedIn(useAuthStore.getState())).toBe(false);
    expect(localStorage.getItem('auth')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    answerRole!();
    expect(await login).toBe(true);
    const state = useAuthStore.getState();
    expect(selectCanAccessContent(state)).toBe(true);
    expect(localStorage.getItem('auth')).toBe('token-1');
    expect(localStorage.getItem('role')).toBe('active_subscriber');
  });

  it('fails the whole login with a clear message, storing nothing, when the role cannot be loaded', async () => {
    answerCms((url) =>
      url.endsWith('/api/auth/local')
        ? { status: 200, body: { jwt: 'token-1', user: { id: 7, email: 'a@b.c' } } }
        : { status: 500, body: { errors: [{ message: 'Internal Server Error' }] } },
    );
    expect(await useAuthStore.getState().login('a@b.c', 'pw')).toBe(false);
    const state = useAuthStore.getState();
    expect(state.status).toBe('login-failed');
    expect(state.authError).toBe(
      'You are not logged in: your account details could not be loaded (Internal Server Error). Please try again.',
    );
    expect(selectIsLoggedIn(state)).toBe(false);
    expect(state.user).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('gives content access only to the active_subscriber role type', async () => {
    answerCms((url) =>
      url.endsWith('/api/auth/local')
        ? { status: 200, body: { jwt: 't', user: { id: 8, email: 't@b.c' } } }
        : { status: 200, body: me('authenticated') },
    );
    await useAuthStore.getState().login('t@b.c', 'pw');
    expect(selectIsLoggedIn(useAuthStore.getState())).toBe(true);
    expect(selectCanAccessContent(useAuthStore.getState())).toBe(false);
  });

  it("shows the server's message in plain words on a failed login, or the fallback", async () => {
    answerCms(() => ({
      status: 400,
      body: { error: { status: 400, message: 'Invalid identifier or password' } },
    }));
    expect(await useAuthStore.getState().login('a@b.c', 'bad')).toBe(false);
    expect(useAuthStore.getState()).toMatchObject({
      status: 'login-failed',
      authError: 'The e-mail address or password is not right. Check both and try again.',
    });
    answerCms(() => ({ status: 500, body: {} }));
    await useAuthStore.getState().login('a@b.c', 'bad');
    expect(useAuthStore.getState().authError).toBe('There was a problem');
    expect(localStorage.getItem('auth')).toBeNull();
  });

  it('sends username = email and keeps per-field register errors by dotted path', async () => {
    const calls = answerCms(() => ({
      status: 400,
      body: {
        error: {
          message: '2 errors occurred',
          details: {
            errors: [
              { path: ['user_profile_data', 'first_name'], message: 'first_name is required' },
              { path: ['password'], message: 'too short' },
            ],
          },
        },
      },
    }));
    await useAuthStore.getState().register({
      email: 'n@b.c',
      password: 'x',
      user_profile_data: { first_name: '', last_name: '' },
    });
    expect(calls[0]?.body).toMatchObject({ email: 'n@b.c', username: 'n@b.c', skip_trial: false });
    expect(useAuthStore.getState().status).toBe('register-failed');
    // Strapi's wording is said plainly: the summary and a field message that names the field in code.
    expect(useAuthStore.getState().authError).toBe(
      'Some details need changing: see the messages by the fields below.',
    );
    expect(useAuthStore.getState().fieldErrors).toEqual({
      'user_profile_data.first_name': 'Please fill this in.',
      password: 'too short',
    });
  });

  it("logout removes the session and what was only the teacher's, by name, and keeps the device's settings", async () => {
    localStorage.setItem('user', '{"id":7,"email":"t@demo.school"}');
    localStorage.setItem('auth', 't');
    localStorage.setItem('role', 'active_subscriber');
    localStorage.setItem('music-classroom-query-cache', '{}');
    localStorage.setItem('unit-builder:ks2', '["strand"]');
    sessionStorage.setItem('lesson-mode-presenting', 'yes');
    localStorage.setItem('practice:/uploads/song.mp3', '{"tempo":80}');
    useAuthStore.getState().logout();
    expect(Object.keys(localStorage)).toEqual(['practice:/uploads/song.mp3']);
    expect(sessionStorage.length).toBe(0);
    expect(useAuthStore.getState()).toMatchObject({
      authToken: null,
      user: null,
      status: 'logout-complete',
    });
    localStorage.clear();
  });

  it('the session module tells its subscribers of a sign-in, a new role and a sign-out, once each', async () => {
    const changes: (string | null)[][] = [];
    const stop = onSessionChange((session, previous) =>
      changes.push([previous.token, session.token, session.role]),
    );
    writeSession({ user: { id: 7, email: 't@demo.school' }, token: 't', role: 'authenticated' });
    writeRole('active_subscriber');
    writeRole('active_subscriber');
    useAuthStore.getState().logout();
    stop();
    expect(changes).toEqual([
      [null, 't', 'authenticated'],
      ['t', 't', 'active_subscriber'],
      ['t', null, null],
    ]);
  });
});

describe('fieldErrorMap', () => {
  it('maps paths to messages, first message wins, malformed entries ignored', () => {
    expect(
      fieldErrorMap({
        details: {
          errors: [
            { path: ['a', 0, 'b'], message: 'm1' },
            { path: ['a', 0, 'b'], message: 'm2' },
            { message: 'no path' },
          ],
        },
      }),
    ).toEqual({ 'a.0.b': 'm1' });
    expect(fieldErrorMap(null)).toEqual({});
  });
});
