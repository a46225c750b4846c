/// <reference types="vite/client" />

/**
 * Every GraphQL document the app sends, as its modules export them (evaluated, not read from
 * the source): the exported strings of src/ that are named operations.
 */
const modules = import.meta.glob<Record<string, unknown>>(
  ['../../src/**/*.ts', '!../../src/**/*.d.ts'],
  {
    eager: true,
  },
);

export interface AppDocument {
  /** `file EXPORT_NAME` */
  name: string;
  text: string;
  operationName: string;
  operation: 'query' | 'mutation';
}

const OPERATION = /^\s*(?:#[^\n]*\n\s*)*(query|mutation)\s+(\w+)/;

export const APP_DOCUMENTS: readonly AppDocument[] = Object.entries(modules).flatMap(
  ([file, exports]) =>
    Object.entries(exports).flatMap(([name, text]) => {
      const match = typeof text === 'string' ? OPERATION.exec(text) : null;
      if (!match || typeof text !== 'string') return [];
      return [
        {
          name: `${file.replace('../../', '')} ${name}`,
          text,
          operationName: match[2]!,
          operation: match[1] as 'query' | 'mutation',
        },
      ];
    }),
);

/**
 * The same document with one alias added, on the first field of its selection: the same operation
 * name and variables, another question.
 */
export function withAlias(text: string): string {
  const forged = text.replace(
    /^(\s*(?:#[^\n]*\n\s*)*(?:query|mutation)\s+\w+\s*(?:\([^)]*\))?\s*\{\s*)(\w+)/,
    '$1forged: $2',
  );
  if (forged === text) throw new Error(`No first field to alias in ${text.slice(0, 60)}`);
  return forged;
}
