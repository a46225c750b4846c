// Types for the app's tests (tests/lib/cms/graphql-limits.test.ts), which check every app document
// against the CMS's own rule.
import type { DocumentNode, ValidationContext, ASTVisitor } from 'graphql';

export declare const GRAPHQL_LIMITS: Readonly<{
  maxTokens: number;
  maxFields: number;
  maxAliases: number;
}>;
export declare const TOO_COSTLY: string;
export declare function queryCost(
  document: DocumentNode,
): Record<string, { fields: number; aliases: number }>;
export declare function queryCostRule(context: ValidationContext): ASTVisitor;
export declare function checkQuerySize(source: string, limits?: typeof GRAPHQL_LIMITS): string[];
