import { GraphQLClient } from 'graphql-request';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UPDATE_USER_PROFILE } from '../../../src/features/account/api/update-user-profile';
import { AUDIENCES_AND_PROGRAMMES } from '../../../src/features/shell/api/audiences-and-programmes';
import { fetchFromCms } from '../../../src/lib/cms/graphql-client';
import { CmsError } from '../../../src/lib/cms/errors';
import { answerAsCms } from '../../support/answer-as-cms';

// graphql-request here resolves `graphql` to the slim stand-in, as in the app build (vitest.config.ts).

/** Answers every request with `data` and keeps the bodies graphql-request sent. */
function stubCms(data: unknown): { bodies: Record<string, unknown>[] } {
  const sent = { bodies: [] as Record<string, unknown>[] };
  vi.stubGlobal('fetch', async (_url: unknown, init: RequestInit) => {
    sent.bodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
    return new Response(JSON.stringify({ data }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('graphql-request with the slim graphql stand-in', () => {
  it('sends the operation name of a query, which the service worker keys its cache on', async () => {
    const sent = stubCms(answerAsCms(AUDIENCES_AND_PROGRAMMES, {}));
    await fetchFromCms(AUDIENCES_AND_PROGRAMMES);
    expect(sent.bodies).toEqual([
      expect.objectContaining({
        operationName: 'AudiencesAndProgrammes',
        query: AUDIENCES_AND_PROGRAMMES,
      }),
    ]);
  });

  it('sends the operation name of a mutation', async () => {
    const sent = stubCms({ updateUsersPermissionsUser: { data: { documentId: 'u1' } } });
    await new GraphQLClient('http://localhost/graphql').request(UPDATE_USER_PROFILE, {
      id: 'u1',
      data: {},
    });
    expect(sent.bodies[0]).toMatchObject({
      operationName: 'UpdateUserProfile',
      variables: { id: 'u1', data: {} },
    });
  });

  it('still gives the 502 CmsError for an answer that lacks a selected field', async () => {
    const { programmes: _left_out, ...incomplete } = answerAsCms(AUDIENCES_AND_PROGRAMMES, {});
    stubCms(incomplete);
    const failure = await fetchFromCms(AUDIENCES_AND_PROGRAMMES).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CmsError);
    expect((failure as CmsError).status).toBe(502);
    expect((failure as CmsError).body).toContain('"programmes"');
  });

  it('is what graphql-request runs: a DocumentNode (which the app never sends) is refused with a clear error', async () => {
    stubCms({});
    const documentNode = { kind: 'Document', definitions: [] } as unknown as string;
    await expect(
      new GraphQLClient('http://localhost/graphql').request(documentNode),
    ).rejects.toThrow(/sends only string GraphQL documents/);
  });
});
