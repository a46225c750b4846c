import { describe, expect, it } from 'vitest';
import {
  DRAFT_PREVIEW,
  draftPreviewQueryOptions,
} from '../../src/features/preview/api/draft-preview-query';
import { cacheableOperationName } from '../../src/lib/graphql-cache-key';

// Preview: an editor's draft is never cached by the worker nor persisted on the device.

describe('draft previews are never kept on the device', () => {
  it("the worker never caches the preview page's query", () => {
    expect(
      cacheableOperationName({
        query: DRAFT_PREVIEW,
        operationName: 'DraftPreview',
        variables: { token: 't' },
      }),
    ).toBeNull();
  });

  it('nor any query asking for draftPreview, whatever it is called', () => {
    const query = 'query LessonLooksHarmless($t: String!) { draftPreview(token: $t) }';
    expect(cacheableOperationName({ query, operationName: 'LessonLooksHarmless' })).toBeNull();
    // A published page's query is still cached as before.
    expect(
      cacheableOperationName({
        query: 'query LessonPage { lessons { title } }',
        operationName: 'LessonPage',
      }),
    ).toBe('LessonPage');
  });

  it('the preview query is not persisted with the query cache', () => {
    const options = draftPreviewQueryOptions('token');
    expect(options.meta?.persist).toBeUndefined();
    expect(options.gcTime).toBe(0);
  });
});
