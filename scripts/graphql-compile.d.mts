// Types for graphql-compile.mjs, for the unit tests that import it (their tsconfig reads no JavaScript).
import type { CompiledOperation } from '../src/lib/cms/app-document';

export function compileOperation(text: string): CompiledOperation;
