import { describe, expect, it } from 'vitest';
import { PREVIEW_HEADER } from '../../src/lib/sw-messages';
import { takesGraphqlRequest } from '../../sw/graphql-cache';

// An editor's preview is never kept on the device: the worker never takes a GraphQL request that
// carries a preview token, so it neither caches its answer nor answers it from the cache.

const request = (headers: Record<string, string>) =>
  new Request(new URL('/graphql', location.origin), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ query: 'query Home { home { title } }', operationName: 'Home' }),
  });

describe('preview requests in the worker', () => {
  it('are left to the browser', () => {
    expect(takesGraphqlRequest(request({ [PREVIEW_HEADER]: 't' }))).toBe(false);
    expect(takesGraphqlRequest(request({}))).toBe(true);
  });
});
