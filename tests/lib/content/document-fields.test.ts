import { describe, expect, it } from 'vitest';
import { DOCUMENT_FIELDS, DOCUMENT_FIELDS_WITH_SIZE } from '../../../src/lib/content/documents';
import { APP_DOCUMENTS } from '../../support/app-graphql-documents';

// A document component (shared.document) is asked for one way, so every document list gets what
// visibleDocuments reads, and a lesson's downloadable documents also their size.
const COMPONENT_SELECTION = /documents\s*\{\s*id\s+title\s+file\s*\{[^}]*\}\s*\}/g;
const folded = (text: string) => text.replace(/\s+/g, ' ');

describe('the document component selection', () => {
  it('asks for everything a document list reads', () => {
    for (const fields of [DOCUMENT_FIELDS, DOCUMENT_FIELDS_WITH_SIZE]) {
      expect(fields.split(/[\s{}]+/).filter(Boolean)).toEqual(
        expect.arrayContaining(['id', 'title', 'file', 'documentId', 'url', 'ext']),
      );
    }
    expect(DOCUMENT_FIELDS_WITH_SIZE).toContain('size');
  });

  it('is the only way the app asks for a document component', () => {
    const allowed = [DOCUMENT_FIELDS, DOCUMENT_FIELDS_WITH_SIZE].map(
      (fields) => `documents { ${fields} }`,
    );
    const selections = APP_DOCUMENTS.flatMap(({ name, text }) =>
      [...text.matchAll(COMPONENT_SELECTION)].map(([selection]) => ({
        name,
        selection: folded(selection),
      })),
    );
    expect(selections.length).toBeGreaterThan(0);
    expect(selections.filter(({ selection }) => !allowed.includes(selection))).toEqual([]);
  });
});
