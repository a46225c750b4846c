// @vitest-environment node
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Each browser storage key has one owner (src/lib/storage-keys.ts); the session's keys `user`,
// `auth` and `role` are read and written only by src/lib/session. The lint rule that keeps this
// runs over src/ in `npm run lint`; here, what it refuses and what it lets through.

const eslint = new ESLint();

async function problems(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  // A file the lint cannot parse (typed rules need it in the project) would pass every case.
  const fatal = result?.messages.find((message) => message.fatal);
  if (fatal) throw new Error(`${filePath} was not linted: ${fatal.message}`);
  return (result?.messages ?? [])
    .filter((message) => /^no-restricted-(globals|properties|syntax)$/.test(message.ruleId ?? ''))
    .map((message) => message.message);
}

// A real module of the app that owns no key (typed lint rules read only files in the project).
const ELSEWHERE = 'src/lib/ui/error-panel.tsx';
const AN_OWNER = 'src/lib/auth/sign-out.ts';

// The typed lint rules build the TypeScript program on the first file they lint: once, here.
beforeAll(() => problems('', ELSEWHERE), 120_000);

describe('browser storage has one owner per key', () => {
  it.each([
    ["localStorage.getItem('auth');", ELSEWHERE],
    ["window.localStorage.setItem('role', 'x');", ELSEWHERE],
    ["globalThis.sessionStorage.getItem('x');", ELSEWHERE],
    ["localStorage.getItem('auth');", AN_OWNER],
    ["localStorage.setItem('user', '{}');", AN_OWNER],
    ["localStorage.removeItem('role');", AN_OWNER],
    [
      "import { STORAGE_KEYS } from '../storage-keys';\nlocalStorage.getItem(STORAGE_KEYS.auth);",
      AN_OWNER,
    ],
    ['localStorage.clear();', AN_OWNER],
    ['sessionStorage.clear();', AN_OWNER],
    ['window.localStorage.clear();', AN_OWNER],
  ])('refuses %j in %s', async (code, file) => {
    expect(await problems(code, file)).not.toEqual([]);
  });

  it.each([
    ["localStorage.getItem('auth');", 'src/lib/session/session-storage.ts'],
    ["localStorage.getItem('pending-purge');", AN_OWNER],
    [
      "sessionStorage.getItem('lesson-mode-presenting');",
      'src/features/lesson-mode/presenter/presenter-session.ts',
    ],
  ])('lets %j through in %s', async (code, file) => {
    expect(await problems(code, file)).toEqual([]);
  });
});
