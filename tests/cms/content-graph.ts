import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

// The CMS's content-type graph, read from its Strapi schema files (the running CMS shows its
// schema to the admin only), so a test can walk every relation path the way an attacker would.

const FILE_UID = 'plugin::upload.file';

export interface Attribute {
  type: string;
  target?: string;
  component?: string;
  components?: string[];
  repeatable?: boolean;
  multiple?: boolean;
  relation?: string;
}

interface TypeSchema {
  uid: string;
  kind: 'collectionType' | 'singleType' | 'component';
  pluralName?: string;
  singularName?: string;
  attributes: Record<string, Attribute>;
}

export type ContentGraph = Map<string, TypeSchema>;

interface SchemaFile {
  kind?: 'collectionType' | 'singleType';
  info?: { pluralName?: string; singularName?: string };
  attributes: Record<string, Attribute>;
}

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as SchemaFile;

export function loadContentGraph(cmsDir: string): ContentGraph {
  const graph: ContentGraph = new Map();
  const apiDir = join(cmsDir, 'src', 'api');
  for (const api of readdirSync(apiDir)) {
    let names: string[];
    try {
      names = readdirSync(join(apiDir, api, 'content-types'));
    } catch {
      continue; // an API with routes only (the events feed)
    }
    for (const name of names) {
      const schema = readJson(join(apiDir, api, 'content-types', name, 'schema.json'));
      const uid = `api::${api}.${name}`;
      graph.set(uid, {
        uid,
        kind: schema.kind ?? 'collectionType',
        pluralName: schema.info?.pluralName,
        singularName: schema.info?.singularName,
        attributes: schema.attributes,
      });
    }
  }
  const componentsDir = join(cmsDir, 'src', 'components');
  for (const category of readdirSync(componentsDir)) {
    for (const file of readdirSync(join(componentsDir, category)).filter((name) =>
      name.endsWith('.json'),
    )) {
      const uid = `${category}.${file.replace(/\.json$/, '')}`;
      graph.set(uid, {
        uid,
        kind: 'component',
        attributes: readJson(join(componentsDir, category, file)).attributes,
      });
    }
  }
  return graph;
}

/** A content type's REST address: its singular name for a single type, else its plural. */
export function restPath(graph: ContentGraph, uid: string): string {
  const type = graph.get(uid)!;
  return type.kind === 'singleType' ? `/api/${type.singularName}` : `/api/${type.pluralName}`;
}

/** The types an attribute leads to: one, or each component of a dynamic zone; none for scalars. */
export function targetsOf(attribute: Attribute): string[] {
  switch (attribute.type) {
    case 'relation':
      return attribute.target ? [attribute.target] : [];
    case 'media':
      return [FILE_UID];
    case 'component':
      return attribute.component ? [attribute.component] : [];
    case 'dynamiczone':
      return attribute.components ?? [];
    default:
      return [];
  }
}

/** One step of a populate path: an attribute, and for a dynamic zone the component taken. */
export interface Step {
  attribute: string;
  on?: string;
  target: string;
}

/**
 * Every populate path from `uid` of 1 to `depth` steps, through relations, components, dynamic
 * zones and media. Users are left out: no role here may read them, and the owner fields have
 * their own tests.
 */
export function relationPaths(graph: ContentGraph, uid: string, depth: number): Step[][] {
  const paths: Step[][] = [];
  const walk = (current: string, prefix: Step[]) => {
    if (prefix.length === depth) return;
    const type = graph.get(current);
    if (!type) return;
    for (const [attribute, definition] of Object.entries(type.attributes)) {
      for (const target of targetsOf(definition)) {
        if (target.startsWith('plugin::users-permissions')) continue;
        const step: Step =
          definition.type === 'dynamiczone'
            ? { attribute, on: target, target }
            : { attribute, target };
        const path = [...prefix, step];
        paths.push(path);
        if (target !== FILE_UID) walk(target, path);
      }
    }
  };
  walk(uid, []);
  return paths;
}

interface PopulateNode {
  children: Map<string, { on?: Map<string, PopulateNode>; node?: PopulateNode }>;
}

const emptyNode = (): PopulateNode => ({ children: new Map() });

/** Merges paths into one populate tree and writes it as REST query parameters (qs brackets). */
export function populateQuery(graph: ContentGraph, rootUid: string, paths: Step[][]): string {
  const root = emptyNode();
  for (const path of paths) {
    let node = root;
    for (const step of path) {
      const child = node.children.get(step.attribute) ?? {};
      node.children.set(step.attribute, child);
      if (step.on) {
        child.on ??= new Map();
        const next = child.on.get(step.on) ?? emptyNode();
        child.on.set(step.on, next);
        node = next;
      } else {
        child.node ??= emptyNode();
        node = child.node;
      }
    }
  }
  const params: string[] = [];
  const write = (node: PopulateNode, prefix: string, uid: string) => {
    for (const [attribute, child] of node.children) {
      const definition = graph.get(uid)?.attributes[attribute];
      const key = `${prefix}[${attribute}]`;
      if (child.on) {
        for (const [component, next] of child.on)
          writeLeafOrTree(next, `${key}[on][${component}]`, component);
      } else if (definition?.type === 'media') {
        params.push(`${key}=true`);
      } else if (child.node) {
        writeLeafOrTree(child.node, key, targetsOf(definition ?? { type: '' })[0] ?? '');
      }
    }
  };
  // A path's last type is populated with `*`: one more level, the way the attack went.
  const writeLeafOrTree = (node: PopulateNode, key: string, uid: string) => {
    if (node.children.size === 0) params.push(`${key}[populate]=*`);
    else write(node, `${key}[populate]`, uid);
  };
  write(root, 'populate', rootUid);
  return params.join('&');
}

/** The api:: types a users-permissions role may list: its `find` actions in cms/src/bootstrap/permissions.js. */
export function typesReadableBy(cmsDir: string, role: string): Set<string> {
  const { ROLE_ACTIONS } = createRequire(join(cmsDir, 'package.json'))(
    './src/bootstrap/permissions.js',
  ) as { ROLE_ACTIONS: Record<string, string[]> };
  const actions = ROLE_ACTIONS[role] ?? [];
  return new Set(
    actions
      .filter((action) => action.startsWith('api::') && action.endsWith('.find'))
      .map((action) => action.replace(/\.find$/, '')),
  );
}

const camel = (name: string) =>
  name.replace(/-([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
const pascal = (name: string) => camel(name).replace(/^./, (letter) => letter.toUpperCase());

/** GraphQL's name of a component's type: 'lesson.activity-entry' -> ComponentLessonActivityEntry. */
export const componentTypeName = (uid: string) => `Component${uid.split('.').map(pascal).join('')}`;

/** GraphQL's root query field of a content type: its plural name for a collection, else singular. */
export function rootField(graph: ContentGraph, uid: string): string {
  const type = graph.get(uid)!;
  return camel(type.kind === 'singleType' ? type.singularName! : type.pluralName!);
}
