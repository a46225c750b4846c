// @vitest-environment node
import { readFileSync } from 'node:fs';
import {
  buildSchema,
  getNamedType,
  isObjectType,
  parse,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type SelectionSetNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { appGraphqlDocuments } from '../../scripts/app-graphql-documents.mjs';

// WCAG 1.1.1: a picture an editor marked decorative is shown with alt="" (screen readers skip it),
// so wherever the app asks the CMS for an image that has a decorative box (`<field>_decorative`
// beside it in the schema, cms/src/bootstrap/editor-checks/image-alt.js), it asks for the box in
// the same place too. Generated from the committed schema and every document the app sends, so a
// new box, or a new query of a boxed image, fails here until the page can honour it.

const root = new URL('../../', import.meta.url);
const schema = buildSchema(readFileSync(new URL('src/lib/cms/schema.graphql', root), 'utf8'));

/** "file NAME: Type.field" for every boxed image a document asks for without its box. */
function imagesWithoutTheirBox(documents: { file: string; name: string; text: string }[]) {
  const missing: string[] = [];
  for (const { file, name, text } of documents) {
    const typeInfo = new TypeInfo(schema);
    visit(
      parse(text),
      visitWithTypeInfo(typeInfo, {
        SelectionSet(node: SelectionSetNode) {
          const parent = getNamedType(typeInfo.getParentType());
          if (!isObjectType(parent)) return;
          const fields = parent.getFields();
          const asked = new Set(
            node.selections.flatMap((selection) =>
              selection.kind === 'Field' ? [selection.name.value] : [],
            ),
          );
          for (const field of asked)
            if (fields[`${field}_decorative`] && !asked.has(`${field}_decorative`))
              missing.push(`${file} ${name}: ${parent.name}.${field}`);
        },
      }),
    );
  }
  return missing;
}

describe("the app asks for each image's decorative box with the image", () => {
  const documents = appGraphqlDocuments(decodeURIComponent(root.pathname));

  it('in every document it sends', () => {
    expect(documents.length).toBeGreaterThan(30);
    expect(imagesWithoutTheirBox(documents)).toEqual([]);
  });

  it('finds an image asked for without its box', () => {
    const query = `query Probe { cpdSessions { title main_image { url } } }`;
    expect(imagesWithoutTheirBox([{ file: 'probe', name: 'Probe', text: query }])).toEqual([
      'probe Probe: CpdSession.main_image',
    ]);
  });
});
