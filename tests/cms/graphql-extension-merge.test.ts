// @vitest-environment node
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../scripts/seeded-random.mjs';

// The GraphQL plugin merges every registered extension (cms/patches: once, not one merge per
// registration, which copied the whole so far each time and cost about 2.4 s of every boot). The
// merged resolvers and resolvers configuration must be exactly what the plugin's own merges one by
// one gave: a later resolver wins, an earlier resolvers configuration wins (that is how a rule
// registered first, such as a relation's or a field's auth, keeps its place).

const cmsRequire = createRequire(new URL('../../cms/package.json', import.meta.url));
type Config = {
  types?: unknown[];
  typeDefs?: string;
  plugins?: unknown[];
  resolvers?: Record<string, unknown>;
  resolversConfig?: Record<string, unknown>;
};
type Generated = Required<Config> & { typeDefs: string[] };
// By its file: the package's exports do not name it.
const createExtension = cmsRequire(
  './node_modules/@strapi/plugin-graphql/dist/server/services/extension/extension.js',
) as (deps: { strapi: unknown }) => {
  use: (config: Config | ((deps: unknown) => Config)) => unknown;
  generate: (options: { typeRegistry: unknown }) => Generated;
};
const fp = cmsRequire('lodash/fp') as {
  merge: (a: object, b: object) => Record<string, unknown>;
};

/** The plugin's merge before the patch, kept here as the reference. */
function mergedOneByOne(configs: Config[]) {
  return configs.reduce<{ resolvers: object; resolversConfig: object }>(
    (acc, { resolvers, resolversConfig }) => {
      if (typeof resolvers === 'object') acc.resolvers = fp.merge(acc.resolvers, resolvers);
      if (typeof resolversConfig === 'object')
        acc.resolversConfig = fp.merge(resolversConfig, acc.resolversConfig);
      return acc;
    },
    { resolvers: {}, resolversConfig: {} },
  );
}

/** Registrations shaped as the plugin's builders and the CMS make them, with clashing paths. */
function randomConfigs(seed: number): Config[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const types = ['Lesson', 'Unit', 'Query', 'Mutation', 'Playlist'];
  const fields = ['title', 'units', 'lessons', 'items', 'lesson', 'playlists'];
  const middlewares = Array.from({ length: 4 }, (_, index) => () => index);
  const resolve = Array.from({ length: 4 }, (_, index) => () => `resolver ${index}`);
  const configs: Config[] = [];
  for (let index = 0; index < 60; index += 1) {
    const path = `${pick(types)}.${pick(fields)}`;
    const [type, field] = path.split('.') as [string, string];
    const kind = random();
    if (kind < 0.5) {
      const rule = pick([
        { auth: false },
        { auth: { scope: [`api::${field}.${field}.find`] } },
        { auth: { scope: [`api::${field}.${field}.find`, 'extra'] } },
        { middlewares: [pick(middlewares), pick(middlewares)] },
        { middlewares: [pick(middlewares)], policies: ['is-owner'] },
      ]);
      configs.push({ resolversConfig: { [path]: rule } });
    } else if (kind < 0.8) {
      configs.push({ resolvers: { [type]: { [field]: pick(resolve) } } });
    } else {
      configs.push({ typeDefs: `extend type ${type} { n${index}: Int }`, types: [index] });
    }
  }
  return configs;
}

describe('the GraphQL extensions, merged once', () => {
  for (const seed of [1, 7, 42, 1234, 99_999]) {
    it(`gives what one merge per registration gave (seed ${seed})`, () => {
      const configs = randomConfigs(seed);
      const extension = createExtension({ strapi: {} });
      // Half as objects, half as functions the plugin calls: both are evaluated in order.
      configs.forEach((config, index) => extension.use(index % 2 ? config : () => config));
      const generated = extension.generate({ typeRegistry: {} });
      const reference = mergedOneByOne(configs);
      expect(generated.resolvers).toEqual(reference.resolvers);
      expect(generated.resolversConfig).toEqual(reference.resolversConfig);
      // The same paths in the same order, and the same functions (not copies).
      expect(Object.keys(generated.resolversConfig)).toEqual(
        Object.keys(reference.resolversConfig),
      );
      expect(generated.typeDefs).toEqual(configs.flatMap((config) => config.typeDefs ?? []));
      expect(generated.types).toEqual(configs.flatMap((config) => config.types ?? []));
    });
  }

  it('keeps the first auth rule registered for a field, and the last resolver', () => {
    const extension = createExtension({ strapi: {} });
    const first = () => 'first';
    const last = () => 'last';
    extension.use({ resolversConfig: { 'Unit.lessons': { auth: false } } });
    extension.use({ resolversConfig: { 'Unit.lessons': { auth: { scope: ['find'] } } } });
    extension.use({ resolvers: { Unit: { lessons: first } } });
    extension.use({ resolvers: { Unit: { lessons: last } } });
    const generated = extension.generate({ typeRegistry: {} });
    expect(generated.resolversConfig).toEqual({ 'Unit.lessons': { auth: false } });
    expect((generated.resolvers as { Unit: { lessons: unknown } }).Unit.lessons).toBe(last);
  });
});
