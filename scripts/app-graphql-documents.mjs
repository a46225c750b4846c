import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * Every GraphQL document the app sends, read from its source at build time: the exported string
 * constants of src/ that are named operations. The service worker caches answers to these
 * documents only (sw/graphql-cache.ts), so it gets their hashes (appGraphqlDocumentsPlugin), not
 * the documents' modules, which need a browser to run. The values are worked out from the source
 * without running it: string and template literals, `+`, `appDocument(text, …)`, and constants
 * of the same module or imported from another one. tests/sw/graphql-cache-app-documents.test.ts checks that every
 * document the modules really export (evaluated by Vite) is on the list.
 */

const OPERATION = /^\s*(#[^\n]*\n\s*)*(query|mutation)\s+\w+/;

/**
 * SHA-256 of a document's exact text (UTF-8), hex: what the worker computes with crypto.subtle.
 * @param {string} text
 */
function documentHash(text) {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

const TYPESCRIPT = /\.tsx?$/;

/**
 * @param {string} directory
 * @param {RegExp} [pattern]
 * @returns {string[]}
 */
function sourceFiles(directory, pattern = TYPESCRIPT) {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path, pattern);
    return pattern.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/**
 * @typedef {{ source: ts.SourceFile, constants: Map<string, ts.Expression>, exported: Set<string>, imports: Map<string, { from: string, name: string }> }} ModuleConstants
 */

/**
 * A module's top-level constants (name → initialiser) and imports (local name → module and name).
 * @param {string} file
 * @returns {ModuleConstants}
 */
function readModule(file) {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  /** @type {ModuleConstants['constants']} */
  const constants = new Map();
  /** @type {Set<string>} */
  const exported = new Set();
  /** @type {ModuleConstants['imports']} */
  const imports = new Map();
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement) && statement.declarationList.flags & ts.NodeFlags.Const) {
      const isExported = statement.modifiers?.some(
        (modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword,
      );
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
        constants.set(declaration.name.text, declaration.initializer);
        if (isExported) exported.add(declaration.name.text);
      }
    }
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const bindings = statement.importClause?.namedBindings;
      if (!bindings || !ts.isNamedImports(bindings)) continue;
      for (const element of bindings.elements) {
        imports.set(element.name.text, {
          from: statement.moduleSpecifier.text,
          name: (element.propertyName ?? element.name).text,
        });
      }
    }
  }
  return { source, constants, exported, imports };
}

/**
 * @param {string} from
 * @param {string} specifier
 */
function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  return (
    [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((path) => existsSync(path)) ?? null
  );
}

/**
 * Works out the string values of expressions across modules, reading each module once.
 */
function constantEvaluator() {
  /** @type {Map<string, ModuleConstants>} */
  const modules = new Map();
  /** @param {string} file */
  const moduleOf = (file) => {
    const known = modules.get(file) ?? readModule(file);
    modules.set(file, known);
    return known;
  };

  /**
   * The string value of an expression, or undefined when it is not a constant string.
   * @param {string} file
   * @param {ts.Expression} node
   * @returns {string | undefined}
   */
  function evaluate(file, node) {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (
      ts.isParenthesizedExpression(node) ||
      ts.isAsExpression(node) ||
      ts.isSatisfiesExpression(node)
    ) {
      return evaluate(file, node.expression);
    }
    if (ts.isTemplateExpression(node)) {
      let text = node.head.text;
      for (const span of node.templateSpans) {
        const value = evaluate(file, span.expression);
        if (value === undefined) return undefined;
        text += value + span.literal.text;
      }
      return text;
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const left = evaluate(file, node.left);
      const right = evaluate(file, node.right);
      return left === undefined || right === undefined ? undefined : left + right;
    }
    if (ts.isIdentifier(node)) return constant(file, node.text);
    // `appDocument(text, compiled)` (src/lib/cms/app-document.ts) is its text.
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'appDocument' &&
      node.arguments[0]
    ) {
      return evaluate(file, node.arguments[0]);
    }
    return undefined;
  }

  /**
   * @param {string} file
   * @param {string} name
   * @returns {string | undefined}
   */
  function constant(file, name) {
    const module = moduleOf(file);
    const initialiser = module.constants.get(name);
    if (initialiser) return evaluate(file, initialiser);
    const imported = module.imports.get(name);
    const target = imported && resolveImport(file, imported.from);
    return target ? constant(target, imported.name) : undefined;
  }

  return { moduleOf, evaluate, constant };
}

/**
 * Reads the app's documents from the `src` directory under `root`.
 * @param {string} [root]
 * @returns {{ file: string, name: string, text: string, hash: string }[]}
 */
export function appGraphqlDocuments(root = process.cwd()) {
  const { moduleOf, constant } = constantEvaluator();
  const documents = [];
  for (const file of sourceFiles(join(root, 'src')).sort()) {
    const module = moduleOf(file);
    for (const name of module.exported) {
      const text = constant(file, name);
      if (text !== undefined && OPERATION.test(text)) {
        documents.push({ file: relative(root, file), name, text, hash: documentHash(text) });
      }
    }
  }
  return documents;
}

/**
 * The documents that tools outside the app (test and benchmark helpers) send from the code under
 * `directories` of `root`: top-level constants, exported or not, and text passed straight to a
 * call (`cmsQuery(request, token, 'query ...')`), worked out as for the app. A literal that starts
 * like a named operation but is built from values known only when it runs (a function's
 * parameter) is listed in `unresolved`, so a caller can see what it could not check.
 * @param {string} root
 * @param {string[]} directories
 * @returns {{ documents: { file: string, name: string, text: string }[], unresolved: { file: string, line: number }[] }}
 */
export function graphqlDocumentsSentFrom(root, directories) {
  const { moduleOf, evaluate } = constantEvaluator();
  /** @type {{ file: string, name: string, text: string }[]} */
  const documents = [];
  /** @type {{ file: string, line: number }[]} */
  const unresolved = [];
  const files = directories.flatMap((directory) =>
    sourceFiles(join(root, directory), /\.(tsx?|mjs)$/),
  );
  for (const file of [...new Set(files)].sort()) {
    const { source } = moduleOf(file);
    const seen = new Set();
    /** @param {ts.Expression} node */
    const consider = (node) => {
      const text = evaluate(file, node);
      const where = relative(root, file);
      if (text === undefined) {
        const start = ts.isTemplateExpression(node)
          ? node.head.text
          : ts.isStringLiteralLike(node)
            ? node.text
            : '';
        if (OPERATION.test(start)) {
          const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
          unresolved.push({ file: where, line });
        }
        return;
      }
      // A text without a selection is not a document (a matcher such as 'query PlaylistsPage').
      if (!OPERATION.test(text) || !text.includes('{') || seen.has(text)) return;
      seen.add(text);
      const name = /(?:query|mutation)\s+(\w+)/.exec(text)?.[1] ?? '';
      documents.push({ file: where, name, text });
    };
    /** @param {ts.Node} node */
    const visit = (node) => {
      if (ts.isVariableDeclaration(node) && node.initializer) consider(node.initializer);
      if (ts.isCallExpression(node)) node.arguments.forEach(consider);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { documents, unresolved };
}

const VIRTUAL = 'virtual:app-graphql-documents';

/**
 * Gives the worker build `virtual:app-graphql-documents`: the hashes of every document the app
 * sends (and only those; the documents themselves stay in the page's code).
 */
/**
 * @param {string} [root]
 * @returns {import('vite').Plugin}
 */
export function appGraphqlDocumentsPlugin(root = process.cwd()) {
  return {
    name: 'app-graphql-documents',
    /** @param {string} source */
    resolveId(source) {
      return source === VIRTUAL ? `\0${VIRTUAL}` : null;
    },
    /** @param {string} id */
    load(id) {
      if (id !== `\0${VIRTUAL}`) return null;
      const hashes = [...new Set(appGraphqlDocuments(root).map(({ hash }) => hash))].sort();
      return `export default ${JSON.stringify(hashes)};\n`;
    },
  };
}
