import { describe, expect, it } from 'vitest';
import { documentHref, visibleDocuments } from '../../../src/lib/content/documents';

describe('visibleDocuments', () => {
  it('keeps only documents with both a title and a file url, linking to /documents/{fileId}', () => {
    const documents = [
      {
        id: '1',
        title: 'Lesson plan',
        file: { documentId: 'abc', url: '/uploads/plan.pdf', ext: '.pdf' },
      },
      { id: '2', title: '', file: { documentId: 'def', url: '/uploads/untitled.pdf' } },
      { id: '3', title: 'No file', file: null },
      { id: '4', title: 'Empty url', file: { documentId: 'ghi', url: '' } },
      null,
    ];
    expect(visibleDocuments(documents)).toEqual([
      { key: '1', title: 'Lesson plan', href: '/documents/abc', ext: 'PDF' },
    ]);
    expect(visibleDocuments(documents, false)).toEqual([
      { key: '1', title: 'Lesson plan', href: '/uploads/plan.pdf', ext: 'PDF' },
    ]);
  });

  it('copes with a missing list', () => {
    expect(visibleDocuments(undefined)).toEqual([]);
    expect(visibleDocuments(null)).toEqual([]);
  });

  it('links to /documents/{fileId} online and to the stored file offline (the redirect needs the CMS)', () => {
    const file = { documentId: 'abc', url: '/uploads/plan.pdf' };
    expect(documentHref(file, true)).toBe('/documents/abc');
    expect(documentHref(file, false)).toBe('/uploads/plan.pdf');
    expect(documentHref({ url: '/uploads/loose.pdf' }, true)).toBe('/uploads/loose.pdf');
  });

  it('names the file type once: "Lesson plan (PDF)", never "Lesson plan (PDF) (PDF)"', () => {
    const shown = visibleDocuments([
      {
        id: '1',
        title: 'Lesson plan (PDF)',
        file: { documentId: 'f1', url: '/uploads/plan.pdf', ext: '.pdf' },
      },
      {
        id: '2',
        title: 'Score',
        file: { documentId: 'f2', url: '/uploads/score.pdf', ext: '.pdf' },
      },
    ]);
    expect(shown.map((document) => [document.title, document.ext])).toEqual([
      ['Lesson plan (PDF)', null],
      ['Score', 'PDF'],
    ]);
  });
});
