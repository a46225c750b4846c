/**
 * What the app build gives for the bare module `graphql` (vite.config.ts aliases it here).
 * graphql-request imports `parse`, `print` and `Kind` from it, statically: `parse` to find a string
 * document's operation name (the service worker keys its cache on it) and whether it is a mutation,
 * `print` only for a DocumentNode, `Kind` to recognise operation definitions. The app sends only its
 * own string documents, so the app's small reader stands in for graphql-js's parser, lexer and
 * printer. tests/lib/cms/selection-set.test.ts compares the reader with graphql-js on every
 * document in src/; tests/lib/cms/graphql-slim.test.ts sends through graphql-request with it.
 */
import { parseOperations } from './selection-set';

export { Kind } from 'graphql/language/kinds';

export const parse = parseOperations;

export function print(): never {
  throw new Error(
    'This build sends only string GraphQL documents: `print` of a DocumentNode is not available (`graphql` is the slim stand-in src/lib/cms/graphql-slim.ts, see vite.config.ts).',
  );
}
