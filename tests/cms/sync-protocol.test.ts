// @vitest-environment node
import {
  PLAYLIST_SYNC_PROTOCOL,
  protocolProblem,
} from '@music-classroom/shared/playlist-sync-protocol';
import { describe, expect, it } from 'vitest';

// The sync wire's version field: only a version above the one the service speaks is a newer app;
// anything else names no version it speaks. Both are refused (the app keeps the changes).

const NEWER = /newer than the content service/;
const NOT_SPOKEN = /names no version of the playlist sync protocol the content service speaks/;

describe('protocolProblem', () => {
  it('takes the version spoken, and a request without one (an older build)', () => {
    expect(protocolProblem(PLAYLIST_SYNC_PROTOCOL)).toBeNull();
    expect(protocolProblem(undefined)).toBeNull();
  });

  it.each([PLAYLIST_SYNC_PROTOCOL + 1, PLAYLIST_SYNC_PROTOCOL + 40])(
    'says a later version %j is a newer app',
    (protocol) => expect(protocolProblem(protocol)).toMatch(NEWER),
  );

  it.each([
    0,
    -1,
    PLAYLIST_SYNC_PROTOCOL + 0.5,
    Number.MAX_VALUE,
    Infinity,
    NaN,
    'abc',
    '1',
    '2',
    '',
    null,
    true,
    [1],
    {},
    { version: 2 },
  ])('says %j names no version spoken, never that the app is newer', (protocol) => {
    const problem = protocolProblem(protocol);
    expect(problem).toMatch(NOT_SPOKEN);
    expect(problem).not.toMatch(/newer/);
  });
});
