import { describe, expect, it } from 'vitest';
import {
  documentKey,
  isQuery,
  operationNameOf,
  stableStringify,
} from '../../../src/lib/offline/document-keys';

describe('downloaded answer keys', () => {
  it('are per user, operation and variables, whatever the order of the variables', () => {
    expect(documentKey('7', 'LessonSlideShow', { b: 2, a: 1 })).toBe(
      documentKey('7', 'LessonSlideShow', { a: 1, b: 2 }),
    );
    expect(documentKey('7', 'LessonSlideShow', { id: 'x' })).not.toBe(
      documentKey('8', 'LessonSlideShow', { id: 'x' }),
    );
    expect(stableStringify({ z: [3, { y: 1, x: undefined }], a: null })).toBe(
      '{"a":null,"z":[3,{"y":1}]}',
    );
  });

  it('come from named queries only', () => {
    expect(operationNameOf('query LessonSlideShow($id: ID!) { x }')).toBe('LessonSlideShow');
    expect(operationNameOf('{ x }')).toBeNull();
    expect(isQuery('  query A { x }')).toBe(true);
    expect(isQuery('mutation CreatePlaylist { x }')).toBe(false);
  });

  it('are read as the worker reads them: an operation in a comment is not the document’s', () => {
    const document = '# query OldName was renamed\nquery LessonSlideShow { x }';
    expect(operationNameOf(document)).toBe('LessonSlideShow');
    expect(isQuery('# mutation in a comment\nquery A { x }')).toBe(true);
  });
});
