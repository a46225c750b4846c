/**
 * What the app build gives for the bare module `graphql` (vite.config.ts aliases it here).
 * graphql-request imports `parse`, `print` and `Kind` from it, statically: `parse` to find a string
 * document's operation name (the service worker keys its cache on it) and whether it is a mutation,
 * `print` only for a DocumentNode, `Kind` to recognise operation definitions. The app sends only
 * its own documents, parsed at build time (app-document.ts): `parse` looks the compiled form up by
 * the document's text, so no lexer, parser or printer ships. tests/lib/cms/graphql-slim.test.ts
 * sends through graphql-request with it.
 */
import { Kind } from 'graphql/language/kinds';
import { compiledOperationOf } from './app-document';

export { Kind };

/**
 * The part of graphql-js's DocumentNode graphql-request reads: the operation's type and name.
 * Any text that is not one of the app's documents is refused as graphql-js refuses a bad one
 * (graphql-request then sends it without an operation name, which the worker never caches).
 */
export function parse(text: string) {
  const operation = compiledOperationOf(text);
  if (!operation) {
    throw new Error(
      'Not one of the app’s GraphQL documents: this build parses none at run time (see src/lib/cms/app-document.ts).',
    );
  }
  return {
    kind: Kind.DOCUMENT,
    definitions: [
      {
        kind: Kind.OPERATION_DEFINITION,
        operation: operation.operation,
        name: { kind: Kind.NAME, value: operation.name },
      },
    ],
  };
}

export function print(): never {
  throw new Error(
    'This build sends only string GraphQL documents: `print` of a DocumentNode is not available (`graphql` is the slim stand-in src/lib/cms/graphql-slim.ts, see vite.config.ts).',
  );
}
