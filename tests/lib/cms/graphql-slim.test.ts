import { GraphQLClient } from 'graphql-request';
import { describe, expect, it } from 'vitest';
import { UPDATE_USER_PROFILE } from '../../../src/features/account/api/update-user-profile';
import { AUDIENCES_AND_PROGRAMMES } from '../../../src/features/shell/api/audiences-and-programmes';
import { fetchFromCms } from '../../../src/lib/cms/graphql-client';
import { CmsError } from '../../../src/lib/cms/errors';
import { answerAsCms } from '../../support/answer-as-cms';
import { answerGraphql } from '../../support/msw';

// graphql-request here resolves `graphql` to the slim stand-in, as in the app build (vitest.config.ts):
// it looks each document's compiled form up by its text, and parses nothing.

/** Answers every GraphQL request with `data`; the calls keep the bodies graphql-request sent. */
const stubCms = (data: unknown) => answerGraphql(() => data);

describe('graphql-request with the slim graphql stand-in', () => {
  it('sends the operation name of a query, which the service worker keys its cache on', async () => {
    const sent = stubCms(answerAsCms(AUDIENCES_AND_PROGRAMMES, {}));
    await fetchFromCms(AUDIENCES_AND_PROGRAMMES);
    expect(sent.map((call) => call.body)).toEqual([
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
    expect(sent[0]?.body).toMatchObject({
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

  it('sends a text that is not one of the app’s documents without an operation name, unparsed', async () => {
    const sent = stubCms({ me: null });
    const other = 'query NotTheApps { me { id } }';
    await new GraphQLClient('http://localhost/graphql').request(other);
    expect(sent[0]?.body).toEqual({ query: other });
  });

  it('is what graphql-request runs: a DocumentNode (which the app never sends) is refused with a clear error', async () => {
    stubCms({});
    const documentNode = { kind: 'Document', definitions: [] } as unknown as string;
    await expect(
      new GraphQLClient('http://localhost/graphql').request(documentNode),
    ).rejects.toThrow(/sends only string GraphQL documents/);
  });
});
