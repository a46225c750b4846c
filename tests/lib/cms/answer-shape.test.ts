import { describe, expect, it } from 'vitest';
import { compileOperation } from '../../../scripts/graphql-compile.mjs';
import { assertAnswerShape } from '../../../src/lib/cms/answer-shape';
import { appDocument } from '../../../src/lib/cms/app-document';
import { CmsError } from '../../../src/lib/cms/errors';

// The selected fields come from the document's compiled form, as for the app's own documents.
const TEXT = /* GraphQL */ `
  query ShapeTest($withSlides: Boolean!) {
    programmes {
      documentId
      title
      units {
        title
      }
    }
    first: audiences {
      slug
    }
    activityPage(documentId: "x") {
      title
      activity_slideshow @include(if: $withSlides) {
        documentId
      }
      items {
        ... on ComponentA {
          only_on_a
        }
      }
    }
  }
`;
const DOCUMENT = appDocument(TEXT, compileOperation(TEXT));

const complete = {
  programmes: [
    { documentId: 'p', title: 'P', units: [{ title: 'U' }] },
    { documentId: 'q', title: null, units: [] },
  ],
  first: [{ slug: 'primary' }],
  activityPage: { title: 'A', items: [{}] },
};

function failure(
  data: unknown,
  variables: Record<string, unknown> = { withSlides: false },
  depth = Infinity,
): string | null {
  try {
    assertAnswerShape(DOCUMENT, variables, data, depth);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(CmsError);
    expect((error as CmsError).status).toBe(502);
    return (error as CmsError).body;
  }
}

describe('assertAnswerShape', () => {
  it('accepts an answer with every selected field, nulls and empty lists included', () => {
    expect(failure(complete)).toBeNull();
    expect(failure({ ...complete, activityPage: null, programmes: [] })).toBeNull();
  });

  it('names the first selected field an answer lacks, through lists, aliases and nesting', () => {
    expect(failure(null)).toContain('"data"');
    expect(failure({})).toContain('"programmes"');
    expect(failure({ ...complete, programmes: [{}] })).toContain('"programmes[0].documentId"');
    expect(
      failure({ ...complete, programmes: [{ documentId: 'p', title: 'P', units: [{}] }] }),
    ).toContain('units[0].title');
    expect(
      failure(Object.fromEntries(Object.entries(complete).filter(([key]) => key !== 'first'))),
    ).toContain('"first"');
    // By default only the root fields are checked.
    expect(failure({ ...complete, programmes: [{}] }, { withSlides: false }, 1)).toBeNull();
    expect(failure({ programmes: [] }, { withSlides: false }, 1)).toContain('"first"');
    expect(failure({ ...complete, programmes: ['not an object'] })).toContain('programmes[0]');
  });

  it('follows @include and ignores fields that only some fragment types have', () => {
    expect(failure(complete, { withSlides: true })).toContain('activityPage.activity_slideshow');
    expect(
      failure(
        { ...complete, activityPage: { ...complete.activityPage, activity_slideshow: null } },
        { withSlides: true },
      ),
    ).toBeNull();
  });

  it('follows @skip, with a variable or a literal', () => {
    const text =
      'query SkipTest($brief: Boolean!) { a @skip(if: $brief) { id } b @skip(if: true) c }';
    const skipping = appDocument(text, compileOperation(text));
    expect(() => assertAnswerShape(skipping, { brief: true }, { c: 1 })).not.toThrow();
    expect(() => assertAnswerShape(skipping, { brief: false }, { c: 1 })).toThrow(CmsError);
  });

  it('leaves a text that is not one of the app’s documents to the server (nothing is parsed)', () => {
    expect(() => assertAnswerShape('not graphql {', {}, {})).not.toThrow();
    expect(() => assertAnswerShape('query Unknown { a }', {}, {})).not.toThrow();
    // An answer without data is incomplete whatever was asked.
    expect(() => assertAnswerShape('query Unknown { a }', {}, null)).toThrow(CmsError);
  });
});
