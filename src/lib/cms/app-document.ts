/**
 * The app's GraphQL documents, typed and parsed at build time: no GraphQL parser ships. Each
 * document is its exact text (what the service worker hashes, what downloads store), typed with
 * the result and variables GraphQL Code Generator works out from the CMS's schema, and its
 * compiled form (src/lib/cms/generated/operations/, made by `npm run codegen` with graphql-js):
 * the operation's type and name, which graphql-request sends, and the fields it selects, which
 * every answer must carry (answer-shape.ts). The stand-in for the `graphql` module
 * (graphql-slim.ts) looks the compiled form up by the document's text.
 */

/** A variable's name, or a literal boolean. */
type ConditionValue = string | boolean;

/** The @include(if:) and @skip(if:) on a field. */
export interface Condition {
  readonly include?: ConditionValue;
  readonly skip?: ConditionValue;
}

/** A field by its answer key (alias or name), alone or with the fields under it and its condition. */
export type SelectedField =
  | string
  | readonly [key: string, fields: readonly SelectedField[] | null]
  | readonly [key: string, fields: readonly SelectedField[] | null, condition: Condition];

declare const types: unique symbol;

/** What scripts/graphql-compile.mjs makes of one operation document. */
export interface CompiledOperation<Result = unknown, Variables = Record<string, unknown>> {
  readonly operation: 'query' | 'mutation' | 'subscription';
  readonly name: string;
  readonly fields: readonly SelectedField[];
  /** Types only: never present at run time. */
  readonly [types]?: { result: Result; variables: Variables };
}

/** A document's text, carrying its result and variables types (a plain string at run time). */
export type AppDocument<Result, Variables> = string & {
  readonly [types]?: { result: Result; variables: Variables };
};

/**
 * A generated result as the app reads it. Strapi's schema gives every list's items as nullable
 * (`[Lesson]`), yet a list it answers holds no null: an item it cannot give is left out, and an
 * item that failed comes with `errors`, which graphql-request throws on.
 */
export type ListItemsPresent<T> = T extends readonly (infer Item)[]
  ? ListItemsPresent<NonNullable<Item>>[]
  : T extends object
    ? { [Key in keyof T]: ListItemsPresent<T[Key]> }
    : T;

const compiled = new Map<string, CompiledOperation>();

/**
 * The app's document with this text and compiled form. The compiled form was made from this very
 * text (tests/lib/cms/app-document.test.ts holds every document to it; `npm run codegen` remakes
 * it when a text changes).
 */
export function appDocument<Result, Variables>(
  text: string,
  operation: CompiledOperation<Result, Variables>,
): AppDocument<ListItemsPresent<Result>, Variables> {
  compiled.set(text, operation as CompiledOperation);
  return text as AppDocument<ListItemsPresent<Result>, Variables>;
}

/** The compiled form of one of the app's documents, by its exact text; undefined for any other. */
export function compiledOperationOf(text: string): CompiledOperation | undefined {
  return compiled.get(text);
}
