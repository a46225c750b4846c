import { Kind } from 'graphql/language/kinds';

/**
 * A reader of the app's own operation documents, in place of graphql-js's parser in the shipped
 * app (its parser, printer and lexer would be most of the GraphQL client chunk). It gives the
 * part of graphql-js's DocumentNode that graphql-request (the operation's name and type) and
 * answer-shape (selection sets, field names and aliases, directives and their arguments) read,
 * with the same `kind` strings; field arguments and variable definitions are skipped, not kept.
 * tests/lib/cms/selection-set.test.ts checks it against graphql-js on every document in src/.
 */

export interface NameNode {
  kind: Kind.NAME;
  value: string;
}

/** A variable and a boolean keep their content (`@include(if:)`); other values only their kind. */
export type ValueNode =
  | { kind: Kind.VARIABLE; name: NameNode }
  | { kind: Kind.BOOLEAN; value: boolean }
  | { kind: Kind.STRING | Kind.INT | Kind.FLOAT | Kind.NULL | Kind.ENUM | Kind.LIST | Kind.OBJECT };

export interface ArgumentNode {
  kind: Kind.ARGUMENT;
  name: NameNode;
  value: ValueNode;
}

export interface DirectiveNode {
  kind: Kind.DIRECTIVE;
  name: NameNode;
  arguments: ArgumentNode[];
}

export interface FieldNode {
  kind: Kind.FIELD;
  alias?: NameNode;
  name: NameNode;
  directives: DirectiveNode[];
  selectionSet?: SelectionSetNode;
}

interface NamedTypeNode {
  kind: Kind.NAMED_TYPE;
  name: NameNode;
}

export type SelectionNode =
  | FieldNode
  | { kind: Kind.FRAGMENT_SPREAD; name: NameNode; directives: DirectiveNode[] }
  | {
      kind: Kind.INLINE_FRAGMENT;
      typeCondition?: NamedTypeNode;
      directives: DirectiveNode[];
      selectionSet: SelectionSetNode;
    };

export interface SelectionSetNode {
  kind: Kind.SELECTION_SET;
  selections: SelectionNode[];
}

export interface OperationDefinitionNode {
  kind: Kind.OPERATION_DEFINITION;
  operation: 'query' | 'mutation' | 'subscription';
  name?: NameNode;
  directives: DirectiveNode[];
  selectionSet: SelectionSetNode;
}

export type DefinitionNode =
  | OperationDefinitionNode
  | {
      kind: Kind.FRAGMENT_DEFINITION;
      name: NameNode;
      typeCondition: NamedTypeNode;
      directives: DirectiveNode[];
      selectionSet: SelectionSetNode;
    };

export interface DocumentNode {
  kind: Kind.DOCUMENT;
  definitions: DefinitionNode[];
}

type Token = { kind: 'punct' | 'name' | 'string' | 'number'; text: string; at: number };

// Skipped: white space, commas, byte order marks and comments. Kept: strings (block strings first),
// punctuators, names and numbers. Anything else is not GraphQL.
const TOKEN =
  /[\s,\uFEFF]+|#[^\n\r]*|("""(?:\\"""|[^])*?"""|"(?:\\.|[^"\\\n\r])*")|(\.\.\.|[!$&()[\]{}:=@|])|([_A-Za-z][_0-9A-Za-z]*)|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/y;

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < source.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(source);
    if (!match) throw new SyntaxError(`GraphQL document: unexpected character at ${at}`);
    if (match[1] !== undefined) tokens.push({ kind: 'string', text: match[1], at });
    else if (match[2] !== undefined) tokens.push({ kind: 'punct', text: match[2], at });
    else if (match[3] !== undefined) tokens.push({ kind: 'name', text: match[3], at });
    else if (match[4] !== undefined) tokens.push({ kind: 'number', text: match[4], at });
  }
  return tokens;
}

const CLOSING: Record<string, string> = { '(': ')', '{': '}', '[': ']' };

class Reader {
  private index = 0;
  constructor(private readonly tokens: Token[]) {}

  done(): boolean {
    return this.index >= this.tokens.length;
  }

  /** Whether the next token is this punctuator (or, for a name, this keyword). */
  is(text: string, kind: Token['kind'] = 'punct'): boolean {
    const token = this.tokens[this.index];
    return token?.kind === kind && token.text === text;
  }

  next(): Token {
    const token = this.tokens[this.index++];
    if (!token) throw new SyntaxError('GraphQL document: unexpected end');
    return token;
  }

  expect(text: string, kind: Token['kind'] = 'punct'): void {
    const token = this.next();
    if (token.kind !== kind || token.text !== text)
      throw new SyntaxError(`GraphQL document: expected "${text}" at ${token.at}`);
  }

  name(): NameNode {
    const token = this.next();
    if (token.kind !== 'name')
      throw new SyntaxError(`GraphQL document: expected a name at ${token.at}`);
    return { kind: Kind.NAME, value: token.text };
  }

  /** Steps over a balanced (…), {…} or […] group that starts here: content this reader does not keep. */
  skipGroup(): void {
    const closing = [CLOSING[this.next().text]];
    while (closing.length > 0) {
      const token = this.next();
      if (token.kind !== 'punct') continue;
      if (CLOSING[token.text]) closing.push(CLOSING[token.text]);
      else if (token.text === closing[closing.length - 1]) closing.pop();
      else if (')}]'.includes(token.text))
        throw new SyntaxError(`GraphQL document: unexpected "${token.text}" at ${token.at}`);
    }
  }

  value(): ValueNode {
    if (this.is('$')) {
      this.next();
      return { kind: Kind.VARIABLE, name: this.name() };
    }
    if (this.is('[') || this.is('{')) {
      const kind = this.is('[') ? Kind.LIST : Kind.OBJECT;
      this.skipGroup();
      return { kind };
    }
    const token = this.next();
    if (token.kind === 'string') return { kind: Kind.STRING };
    if (token.kind === 'number') return { kind: /[.eE]/.test(token.text) ? Kind.FLOAT : Kind.INT };
    if (token.kind !== 'name')
      throw new SyntaxError(`GraphQL document: expected a value at ${token.at}`);
    if (token.text === 'true' || token.text === 'false')
      return { kind: Kind.BOOLEAN, value: token.text === 'true' };
    return { kind: token.text === 'null' ? Kind.NULL : Kind.ENUM };
  }

  directives(): DirectiveNode[] {
    const directives: DirectiveNode[] = [];
    while (this.is('@')) {
      this.next();
      const directive: DirectiveNode = { kind: Kind.DIRECTIVE, name: this.name(), arguments: [] };
      if (this.is('(')) {
        this.next();
        while (!this.is(')')) {
          const name = this.name();
          this.expect(':');
          directive.arguments.push({ kind: Kind.ARGUMENT, name, value: this.value() });
        }
        this.next();
      }
      directives.push(directive);
    }
    return directives;
  }

  typeCondition(): NamedTypeNode {
    this.expect('on', 'name');
    return { kind: Kind.NAMED_TYPE, name: this.name() };
  }

  selection(): SelectionNode {
    if (this.is('...')) {
      this.next();
      if (!this.is('on', 'name') && !this.is('@') && !this.is('{')) {
        return { kind: Kind.FRAGMENT_SPREAD, name: this.name(), directives: this.directives() };
      }
      const typeCondition = this.is('on', 'name') ? this.typeCondition() : undefined;
      const directives = this.directives();
      return {
        kind: Kind.INLINE_FRAGMENT,
        ...(typeCondition && { typeCondition }),
        directives,
        selectionSet: this.selectionSet(),
      };
    }
    const first = this.name();
    const aliased = this.is(':');
    if (aliased) this.next();
    const name = aliased ? this.name() : first;
    if (this.is('(')) this.skipGroup();
    const directives = this.directives();
    const field: FieldNode = {
      kind: Kind.FIELD,
      ...(aliased && { alias: first }),
      name,
      directives,
    };
    if (this.is('{')) field.selectionSet = this.selectionSet();
    return field;
  }

  selectionSet(): SelectionSetNode {
    this.expect('{');
    const selections: SelectionNode[] = [];
    while (!this.is('}')) selections.push(this.selection());
    this.next();
    if (selections.length === 0) throw new SyntaxError('GraphQL document: an empty selection set');
    return { kind: Kind.SELECTION_SET, selections };
  }

  definition(): DefinitionNode {
    if (this.is('{'))
      return {
        kind: Kind.OPERATION_DEFINITION,
        operation: 'query',
        directives: [],
        selectionSet: this.selectionSet(),
      };
    const keyword = this.name().value;
    if (keyword === 'fragment') {
      const name = this.name();
      const typeCondition = this.typeCondition();
      return {
        kind: Kind.FRAGMENT_DEFINITION,
        name,
        typeCondition,
        directives: this.directives(),
        selectionSet: this.selectionSet(),
      };
    }
    if (keyword !== 'query' && keyword !== 'mutation' && keyword !== 'subscription') {
      throw new SyntaxError(`GraphQL document: "${keyword}" is not an operation this app sends`);
    }
    const name = this.is('{') || this.is('(') || this.is('@') ? undefined : this.name();
    if (this.is('(')) this.skipGroup();
    const directives = this.directives();
    return {
      kind: Kind.OPERATION_DEFINITION,
      operation: keyword,
      ...(name && { name }),
      directives,
      selectionSet: this.selectionSet(),
    };
  }
}

/** Reads a document; throws a SyntaxError when it is not one this reader understands. */
export function parseOperations(source: string): DocumentNode {
  const reader = new Reader(tokenize(source));
  const definitions: DefinitionNode[] = [];
  do definitions.push(reader.definition());
  while (!reader.done());
  return { kind: Kind.DOCUMENT, definitions };
}
