import { describe, expect, it } from 'vitest';
import {
  cacheableOperationName,
  graphqlCacheKey,
  hashDocument,
  isStorableAnswer,
  partitionOfAuthorization,
  partitionOfKey,
  partitionPrefix,
  sessionPartition,
  stableStringify,
} from '../../src/lib/graphql-cache-key';

function jwt(payload: object): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256' })}.${encode(payload)}.signature`;
}

describe('GraphQL cache keys', () => {
  it('derives the same key for the same variables in any key order', async () => {
    const a = await graphqlCacheKey(
      'https://app',
      '5',
      'LessonSlideShow',
      { id: 1, locale: 'en' },
      'd1',
    );
    const b = await graphqlCacheKey(
      'https://app',
      '5',
      'LessonSlideShow',
      { locale: 'en', id: 1 },
      'd1',
    );
    expect(a).toBe(b);
    expect(a).toMatch(/^https:\/\/app\/__gql\/5\/LessonSlideShow\?v=[0-9a-f]{24}&d=d1$/);
  });

  it('derives different keys for different users, operations, variables and document texts', async () => {
    const base = await graphqlCacheKey('https://app', '5', 'Lesson', { id: 1 }, 'd1');
    expect(await graphqlCacheKey('https://app', '6', 'Lesson', { id: 1 }, 'd1')).not.toBe(base);
    expect(await graphqlCacheKey('https://app', '5', 'Unit', { id: 1 }, 'd1')).not.toBe(base);
    expect(await graphqlCacheKey('https://app', '5', 'Lesson', { id: 2 }, 'd1')).not.toBe(base);
    expect(await graphqlCacheKey('https://app', '5', 'Lesson', { id: 1 }, 'd2')).not.toBe(base);
  });

  it('hashes the whole text of a document: one alias more is another document', async () => {
    const menu = 'query Menu { audiences { title } }';
    expect(await hashDocument(menu)).toMatch(/^[0-9a-f]{64}$/);
    expect(await hashDocument(menu)).toBe(await hashDocument(menu));
    expect(await hashDocument('query Menu { audiences: programmes { title } }')).not.toBe(
      await hashDocument(menu),
    );
  });

  it('treats missing variables like empty ones', async () => {
    expect(await graphqlCacheKey('o', 'anon', 'Home', undefined, 'd')).toBe(
      await graphqlCacheKey('o', 'anon', 'Home', {}, 'd'),
    );
    expect(stableStringify({ b: [1, { d: 1, c: 2 }], a: undefined })).toBe(
      '{"b":[1,{"c":2,"d":1}]}',
    );
  });

  it("puts every key of a session under that session's prefix", async () => {
    const key = await graphqlCacheKey('https://app', 's-12', 'Playlists', { owner: 12 }, 'd');
    expect(key.startsWith(partitionPrefix('https://app', 's-12'))).toBe(true);
    expect(key.startsWith(partitionPrefix('https://app', 's-1'))).toBe(false);
    expect(partitionOfKey(key)).toBe('s-12');
    expect(partitionOfKey('https://app/uploads/a.png')).toBeNull();
  });
});

describe('session partitions on a shared device', () => {
  it('are a hash of the whole token, never a claim read from inside it', async () => {
    const real = `${jwt({ id: 1, iat: 1 })}`;
    const forged = `${jwt({ id: 1 })}`;
    const partition = await sessionPartition(real);
    expect(partition).toMatch(/^s-[0-9a-f]{32}$/);
    expect(await partitionOfAuthorization(`Bearer ${real}`)).toBe(partition);
    // Same claimed user, another token: another partition, so none of the first one's answers.
    expect(await partitionOfAuthorization(`Bearer ${forged}`)).not.toBe(partition);
    expect(await sessionPartition(`${real.slice(0, -1)}X`)).not.toBe(partition);
  });

  it('counts requests without a bearer token as anonymous', async () => {
    expect(await partitionOfAuthorization(null)).toBe('anon');
    expect(await partitionOfAuthorization('Basic abc')).toBe('anon');
    expect(await sessionPartition('')).toBe('anon');
  });
});

describe('cacheableOperationName', () => {
  it('caches named queries only', () => {
    expect(
      cacheableOperationName({ query: 'query Home { home { title } }', operationName: 'Home' }),
    ).toBe('Home');
    expect(
      cacheableOperationName({
        query: 'mutation CreatePlaylist($t: String) { x }',
        operationName: 'CreatePlaylist',
      }),
    ).toBeNull();
    expect(cacheableOperationName({ query: '{ home { title } }' })).toBeNull();
    expect(cacheableOperationName({ query: 42, operationName: 'Home' })).toBeNull();
  });

  it('never caches the sync pull (Playlists, Playlist: "no cache")', () => {
    expect(
      cacheableOperationName({
        query: 'query Playlists { playlists { documentId } }',
        operationName: 'Playlists',
      }),
    ).toBeNull();
    expect(
      cacheableOperationName({
        query: 'query Playlist($id: ID!) { playlist(documentId: $id) { title } }',
        operationName: 'Playlist',
      }),
    ).toBeNull();
  });

  it('is not fooled by a comment naming a query', () => {
    const query = '# query UpdatePlaylist\nmutation UpdatePlaylist { x }';
    expect(cacheableOperationName({ query, operationName: 'UpdatePlaylist' })).toBeNull();
  });
});

describe('isStorableAnswer', () => {
  it('stores only 200 answers with data and without errors', () => {
    expect(isStorableAnswer(200, { data: { a: 1 } })).toBe(true);
    expect(isStorableAnswer(200, { data: { a: 1 }, errors: [{ message: 'Forbidden' }] })).toBe(
      false,
    );
    expect(isStorableAnswer(200, { data: null })).toBe(false);
    expect(isStorableAnswer(500, { data: { a: 1 } })).toBe(false);
    expect(isStorableAnswer(200, null)).toBe(false);
  });
});
