/**
 * The selection set of a document's first operation: what answer-shape needs to know which fields
 * an answer must carry. The app's documents are its own (one named operation each, sometimes with
 * fragments), so this reads only that much GraphQL; the full `graphql` parser (10 KiB gzip) stays
 * out of the first load (issue 24). tests/lib/cms/selection-set.test.ts checks it against `graphql`
 * on every document in src/.
 */

/** `@include(if: …)` / `@skip(if: …)`: the `if` argument as a variable name or a literal. */
export interface Condition {
  directive: string;
  variable?: string;
  literal?: boolean;
}

export type Selection =
  | { kind: 'field'; key: string; conditions: Condition[]; selections: Selection[] | null }
  // Fields inside fragments apply only to some types (dynamic zones), so their content is not kept.
  | { kind: 'fragment' };

type Token = { kind: 'punct' | 'name' | 'value'; text: string };

const TOKEN =
  /[\s,\uFEFF]+|#[^\n\r]*|("""(?:\\"""|[^])*?"""|"(?:\\.|[^"\\\n\r])*")|(\.\.\.|[!$&()[\]{}:=@|])|([_A-Za-z][_0-9A-Za-z]*)|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/y;

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < source.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(source);
    if (!match || TOKEN.lastIndex === at) throw new SyntaxError(`Unexpected character at ${at}`);
    if (match[1] !== undefined || match[4] !== undefined) tokens.push({ kind: 'value', text: match[0] });
    else if (match[2] !== undefined) tokens.push({ kind: 'punct', text: match[2] });
    else if (match[3] !== undefined) tokens.push({ kind: 'name', text: match[3] });
  }
  return tokens;
}

class Reader {
  private index = 0;
  constructor(private readonly tokens: Token[]) {}

  peek(offset = 0): Token | undefined {
    return this.tokens[this.index + offset];
  }

  next(): Token {
    const token = this.tokens[this.index++];
    if (!token) throw new SyntaxError('Unexpected end of document');
    return token;
  }

  is(text: string): boolean {
    return this.peek()?.text === text && this.peek()?.kind !== 'value';
  }

  expect(text: string): void {
    if (this.next().text !== text) throw new SyntaxError(`Expected "${text}"`);
  }

  name(): string {
    const token = this.next();
    if (token.kind !== 'name') throw new SyntaxError(`Expected a name, got "${token.text}"`);
    return token.text;
  }

  /** Skips a balanced group that starts here: (…), {…} or […]. */
  skipGroup(): void {
    const pairs: Record<string, string> = { '(': ')', '{': '}', '[': ']' };
    const closing: string[] = [];
    do {
      const token = this.next();
      if (token.kind !== 'punct') continue;
      const close = pairs[token.text];
      if (close) closing.push(close);
      else if (token.text === closing[closing.length - 1]) closing.pop();
    } while (closing.length > 0);
  }

  /** A value: a variable, a literal, a list or an object. */
  value(): { variable?: string; literal?: boolean } {
    if (this.is('$')) {
      this.next();
      return { variable: this.name() };
    }
    if (this.is('[') || this.is('{')) {
      this.skipGroup();
      return {};
    }
    const token = this.next();
    if (token.kind === 'name' && (token.text === 'true' || token.text === 'false'))
      return { literal: token.text === 'true' };
    return {};
  }

  directives(): Condition[] {
    const conditions: Condition[] = [];
    while (this.is('@')) {
      this.next();
      const directive = this.name();
      if (!this.is('(')) continue;
      this.next();
      while (!this.is(')')) {
        const argument = this.name();
        this.expect(':');
        const value = this.value();
        if (argument === 'if') conditions.push({ directive, ...value });
      }
      this.next();
    }
    return conditions;
  }

  selectionSet(): Selection[] {
    this.expect('{');
    const selections: Selection[] = [];
    while (!this.is('}')) {
      if (this.is('...')) {
        this.next();
        if (this.peek()?.text === 'on') {
          this.next();
          this.name();
        } else if (this.peek()?.kind === 'name') {
          this.name();
        }
        this.directives();
        if (this.is('{')) this.skipGroup();
        selections.push({ kind: 'fragment' });
        continue;
      }
      const key = this.name();
      if (this.is(':')) {
        this.next();
        this.name();
      }
      if (this.is('(')) this.skipGroup();
      const conditions = this.directives();
      selections.push({ kind: 'field', key, conditions, selections: this.is('{') ? this.selectionSet() : null });
    }
    this.next();
    return selections;
  }
}

/** The first operation's selection set, or null when the document has none or does not parse. */
export function operationSelections(source: string): Selection[] | null {
  try {
    const reader = new Reader(tokenize(source));
    while (reader.peek()) {
      if (reader.is('{')) return reader.selectionSet();
      const keyword = reader.name();
      if (keyword === 'fragment') {
        reader.name();
        reader.expect('on');
        reader.name();
        reader.directives();
        reader.skipGroup();
        continue;
      }
      if (keyword !== 'query' && keyword !== 'mutation' && keyword !== 'subscription') return null;
      if (reader.peek()?.kind === 'name') reader.name();
      if (reader.is('(')) reader.skipGroup();
      reader.directives();
      return reader.selectionSet();
    }
    return null;
  } catch {
    return null;
  }
}
