// @vitest-environment node
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bootTestCms } from './support/test-cms';
import {
  loadContentGraph,
  populateQuery,
  relationPaths,
  restPath,
  typesReadableBy,
  type Attribute,
} from './content-graph';

// A polymorphic relation (a media file's `related`: every entry that uses the file) leads to any
// type, so no rule keyed on the type it reaches can hold there: a visitor read every unit's
// subscriber-only introduction, and its draft rows, through
// `populate[summary_document][populate][file][populate]=related`. None is readable through the
// content API. The walk is generated: every morph relation of the project's types, its components
// and the upload plugin's file (read from their schemas), reached from every type a visitor may
// list, asked for by name and under `*`, in REST and GraphQL.

const cmsDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'cms');
const cmsRequire = createRequire(join(cmsDir, 'package.json'));
const FILE = 'plugin::upload.file';

const graph = loadContentGraph(cmsDir);
// By its file: the package's exports do not name it.
const { contentTypes: uploadTypes } = cmsRequire(
  './node_modules/@strapi/upload/dist/server/content-types/index.js',
) as { contentTypes: Record<string, { schema: { attributes: Record<string, Attribute> } }> };
const isMorph = (attribute: Attribute) =>
  attribute.type === 'relation' && String(attribute.relation).startsWith('morph');

/** Every morph relation a content-API answer could hold: type uid and attribute name. */
const morphRelations = [
  ...[...graph.values()].flatMap((type) =>
    Object.entries(type.attributes)
      .filter(([, attribute]) => isMorph(attribute))
      .map(([name]) => ({ uid: type.uid, name })),
  ),
  ...Object.entries(uploadTypes.file?.schema.attributes ?? {})
    .filter(([, attribute]) => isMorph(attribute))
    .map(([name]) => ({ uid: FILE, name })),
];

const publicTypes = [...typesReadableBy(cmsDir, 'public')];
/** For each type a visitor may list, its shortest populate path to each type holding a morph relation. */
const pathsToMorphs = publicTypes.flatMap((root) => {
  const paths = relationPaths(graph, root, 3).sort((a, b) => a.length - b.length);
  return morphRelations.flatMap(({ uid, name }) => {
    const path = paths.find((candidate) => candidate.at(-1)!.target === uid);
    return path ? [{ root, path, name }] : [];
  });
});

/** Where in an answer a polymorphic relation's entries show: `__type`, or the attribute by name. */
function morphEntries(value: unknown, names: Set<string>, path = '', found: string[] = []) {
  if (Array.isArray(value)) {
    value.forEach((item, index) => morphEntries(item, names, `${path}[${index}]`, found));
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      if (key === '__type' || (names.has(key) && child !== null && child !== undefined))
        found.push(`${path}.${key}`);
      morphEntries(child, names, `${path}.${key}`, found);
    }
  }
  return found;
}

const cms = bootTestCms('polymorphic-relations');
const tokens = { trial: '' };
beforeAll(async () => {
  tokens.trial = await cms.logIn(DEMO.trial);
});

describe('polymorphic relations are not readable through the content API', () => {
  it("knows the upload file's `related`, and a path to it from the types a visitor lists", () => {
    expect(morphRelations).toContainEqual({ uid: FILE, name: 'related' });
    expect(pathsToMorphs.length).toBeGreaterThan(3);
  });

  it.each([
    ['a visitor', () => undefined],
    ['a trial user', () => tokens.trial],
  ])('REST gives %s none of their entries, by name or under *', async (_who, token) => {
    const names = new Set(morphRelations.map((relation) => relation.name));
    let filesSeen = 0;
    for (const { root, path, name } of pathsToMorphs) {
      const toFile = populateQuery(graph, root, [path]);
      // The file itself is readable: the walk reaches real files.
      const plain = await cms.rest(`${restPath(graph, root)}?${toFile}`, token());
      expect(plain.status, `${root} ${toFile}`).toBe(200);
      if (JSON.stringify(plain.body).includes('/uploads/')) filesSeen += 1;
      const opened = toFile.replace(/=true$/, '');
      for (const query of [
        `${opened}[populate]=${name}`,
        `${opened}[populate][${name}]=true`,
        `${opened}[populate]=*`,
        `${opened}[populate][${name}][populate]=*`,
      ]) {
        const answer = await cms.rest(`${restPath(graph, root)}?${query}`, token());
        expect([200, 400], `${root} ${query}`).toContain(answer.status);
        expect(morphEntries(answer.body, names), `${root} ${query}`).toEqual([]);
      }
    }
    expect(filesSeen).toBeGreaterThan(0);
  });

  it('GraphQL has no field for one (not an error inside an answer)', async () => {
    const answer = await cms.graphql(
      '{ programmes { summary_document { file { url related { __typename } } } } }',
    );
    expect(answer.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(answer.errors?.[0]?.message).toMatch(/related/);
    const plain = await cms.graphql('{ programmes { summary_document { file { url } } } }');
    expect(plain.errors).toBeUndefined();
  });
});
