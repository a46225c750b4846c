import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import checkFile from 'eslint-plugin-check-file';
import pluginQuery from '@tanstack/eslint-plugin-query';
import globals from 'globals';

// Layers, lowest first: lib (primitives and plumbing: clients, storage, sync, ui/ primitives),
// shared (domain pieces several features show: shared/<domain>/), features, app. Imports only go
// down: a feature never imports another feature (STYLE.md), shared never imports features or app,
// and lib never imports shared, features or app. What two features share moves to shared/<domain>
// (a domain widget) or lib/ (a primitive or plumbing).
const features = existsSync('src/features')
  ? readdirSync('src/features', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];
const boundaryZones = [
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message:
      'A feature never imports another feature; move what both need to src/shared/<domain> or src/lib.',
  })),
  {
    target: './src/lib',
    from: ['./src/shared', './src/features', './src/app'],
    message: 'lib never imports up.',
  },
  {
    target: './src/shared',
    from: ['./src/features', './src/app'],
    message: 'shared never imports features or app.',
  },
  { target: './src/features', from: './src/app', message: 'features never import app.' },
];

/** The local storage keys of the session, as the spec names them (src/lib/storage-keys.ts). */
const SESSION_KEY_NAMES = 'user|auth|role';

/** The modules that own a browser storage key (each named beside its key in src/lib/storage-keys.ts). */
const STORAGE_OWNERS = [
  'src/lib/session/**',
  'src/lib/storage-keys.ts',
  'src/lib/auth/sign-out.ts',
  'src/lib/query/query-client.ts',
  'src/shared/practice/use-practice-audio.ts',
  'src/shared/media/audio-description-setting.ts',
  'src/features/custom-units/utils/builder-choices.ts',
  'src/features/lesson-mode/presenter/presenter-session.ts',
];

// Code loaded later is loaded with a plan for its failure: a chunk that does not load (the page
// is being left, the connection dropped before the worker took the page) is never an error
// thrown into the page.
const UNHANDLED_IMPORTS = [
  {
    selector: "UnaryExpression[operator='void'] > ImportExpression",
    message:
      'A chunk that fails to load must not throw into the page: handle it (.catch or a second .then argument).',
  },
  {
    selector:
      "UnaryExpression[operator='void'] > CallExpression[callee.property.name='then'][callee.object.type='ImportExpression'][arguments.length=1]",
    message:
      'A chunk that fails to load must not throw into the page: handle it (.catch or a second .then argument).',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dev-dist',
      'node_modules',
      'test-results',
      'playwright-report',
      'bench/results',
      '.tmp',
      // The CMS's own code is linted below; what Strapi builds or installs is not ours.
      'cms/node_modules',
      'cms/providers/*/node_modules',
      'cms/.tmp',
      'cms/.strapi',
      'cms/build',
      'cms/dist',
      'cms/public',
      'cms/types',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Scratch files live under the repository's .tmp/scratch/ (scripts/scratch.mjs says why).
    ignores: ['scripts/scratch.mjs'],
    rules: {
      'no-restricted-imports': [
        'error',
        ...['node:os', 'os'].map((name) => ({
          name,
          importNames: ['tmpdir'],
          message: 'Write scratch files with scratchDir/scratchPath from scripts/scratch.mjs.',
        })),
      ],
    },
  },
  {
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { 'src/**/': 'KEBAB_CASE', 'sw/**/': 'KEBAB_CASE' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // TanStack Query's recommended rules: a query key names everything its queryFn reads, so a
  // cached answer is never served for other arguments (exhaustive-deps), a queryFn never resolves
  // to undefined (no-void-query-fn, which reads types: hence the project service) and the client
  // is stable.
  ...pluginQuery.configs['flat/recommended'].map((config) => ({
    ...config,
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  })),
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.strict },
  // Browser storage has one owner per key (src/lib/storage-keys.ts names each key and its owner).
  // The session's keys are read and written only by src/lib/session, and nothing wipes a whole
  // storage: a sign-out removes the session's keys by name, so the device's own settings stay.
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    ignores: ['src/lib/session/**', 'src/lib/storage-keys.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.property.name=/^(getItem|setItem|removeItem)$/] > Literal[value=/^(${SESSION_KEY_NAMES})$/]`,
          message:
            'The session keys are read and written only by src/lib/session/session-storage.ts.',
        },
        {
          selector: `MemberExpression[object.name='STORAGE_KEYS'][property.name=/^(${SESSION_KEY_NAMES})$/]`,
          message:
            'The session keys are read and written only by src/lib/session/session-storage.ts.',
        },
        {
          selector:
            "CallExpression[callee.property.name='clear'][callee.object.name=/^(localStorage|sessionStorage)$/]",
          message:
            'Remove the keys you own by name (src/lib/storage-keys.ts); a wipe takes other owners’ keys.',
        },
        {
          selector:
            "CallExpression[callee.property.name='clear'][callee.object.property.name=/^(localStorage|sessionStorage)$/]",
          message:
            'Remove the keys you own by name (src/lib/storage-keys.ts); a wipe takes other owners’ keys.',
        },
        ...UNHANDLED_IMPORTS,
      ],
    },
  },
  {
    files: ['src/lib/session/**', 'src/lib/storage-keys.ts'],
    rules: { 'no-restricted-syntax': ['error', ...UNHANDLED_IMPORTS] },
  },
  // Only the owner of a key (named beside it in src/lib/storage-keys.ts) touches browser storage.
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    ignores: STORAGE_OWNERS,
    rules: {
      'no-restricted-globals': [
        'error',
        ...['localStorage', 'sessionStorage'].map((name) => ({
          name,
          message:
            'Storage keys have one owner each (src/lib/storage-keys.ts): ask the owner module.',
        })),
      ],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].flatMap((object) =>
          ['localStorage', 'sessionStorage'].map((property) => ({
            object,
            property,
            message:
              'Storage keys have one owner each (src/lib/storage-keys.ts): ask the owner module.',
          })),
        ),
      ],
    },
  },
  {
    files: ['sw/**/*.ts', 'tests/sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: [
      'scripts/**',
      'server/**',
      'bench/**',
      'e2e/**',
      'tests/cms/**',
      'tests/server/**',
      '*.config.{js,ts}',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // The CMS: CommonJS as Strapi loads it (its .mjs modules are shared with the app), run by Node,
    // with Strapi's global `strapi` in lifecycles and controllers.
    files: ['cms/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node, strapi: 'readonly' } },
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
      // `const crypto = require('node:crypto')` names the module Node also offers as a global.
      'no-redeclare': ['error', { builtinGlobals: false }],
    },
  },
  { files: ['cms/**/*.mjs'], languageOptions: { globals: { ...globals.node } } },
);
