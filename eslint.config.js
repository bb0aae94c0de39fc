// Lint rules, including the import boundaries of DESIGN.md §6 and the folder READMEs, one entry
// per folder in BOUNDARIES below (test/unit/architecture/boundaries.test.ts proves each fires).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// A forbidden name is a folder of src/ ('sync': any path through a folder of that name) or a
// package ('react', 'react-dom', 'rxdb', 'dexie': the package and its subpaths).
const FOLDERS = new Set(['api', 'app', 'db', 'domain', 'i18n', 'screens', 'sync', 'ui', 'workers']);
const globsOf = (name) => (FOLDERS.has(name) ? [`**/${name}/**`, `**/${name}`] : [name, `${name}/*`]);
const regexOf = (name) => (FOLDERS.has(name) ? `(^|/)${name}(/|$)` : `^${name}(/|$)`);

const NETWORK = ['sync', 'workers', 'dexie', 'rxdb'];
const UI = ['app', 'screens', 'ui', 'react', 'react-dom'];

/**
 * Per folder: `never` may not be imported at all (static, dynamic or type imports); `typesOnly`
 * only by `import type` (erased: no code of it reaches the folder's bundle). The reason is the
 * lint message.
 */
const BOUNDARIES = [
  {
    files: ['src/domain/**/*.ts'],
    never: [...UI, 'db', 'sync', 'workers', 'i18n', 'rxdb', 'dexie'],
    // the rules read the wire's shapes (Money, FormField...) but never the contract's code
    typesOnly: ['api'],
    why: 'domain is pure: it imports nothing from the rest of src, and only types from src/api (DESIGN.md §6).',
  },
  {
    files: ['src/api/**/*.ts'],
    never: [...UI, 'db', 'sync', 'workers', 'i18n', 'rxdb', 'dexie'],
    why: 'api is the contract: it imports only src/domain (DESIGN.md §6).',
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    never: [...NETWORK, 'db', 'app', 'screens', 'react-intl'],
    why: 'ui is presentational: props in, JSX out (texts too); no database, engine or screen (DESIGN.md §6, src/ui/README.md).',
  },
  {
    files: ['src/screens/**/*.{ts,tsx}'],
    never: NETWORK,
    why: 'screens observe the database through src/db hooks and commands; only the engine talks to the network (DESIGN.md §6).',
  },
  {
    files: ['src/app/**/*.{ts,tsx}', 'src/main.tsx'],
    never: NETWORK,
    why: 'the app shell reaches the engine only through src/db (src/app/README.md).',
  },
  {
    files: ['src/db/**/*.{ts,tsx}'],
    never: ['app', 'screens', 'ui'],
    // Commands call the engine through its typed command table (sync/engine.ts EngineArgs...):
    // types only, so the data layer's code never carries the engine. The one exception is the
    // start of the engine itself, below.
    typesOnly: ['sync', 'workers'],
    why: 'db does not run engine code: it reaches the engine through client.engine, typed by import type (src/db/README.md).',
  },
  {
    // startClient() loads the sync worker's client, or the engine on the page as a fallback,
    // lazily (dynamic import): the one place the page starts the engine.
    files: ['src/db/client.ts'],
    never: ['app', 'screens', 'ui'],
    typesOnly: ['sync', 'workers'],
    dynamicAllowed: true,
    why: 'db does not run engine code: it reaches the engine through client.engine (src/db/README.md).',
  },
  {
    files: ['src/sync/**/*.ts'],
    never: [...UI, 'workers', 'i18n'],
    why: 'the engine runs in a worker: no React, no screens, no worker host (src/sync/README.md).',
  },
  {
    files: ['src/workers/**/*.ts'],
    never: [...UI, 'i18n'],
    why: 'the worker runs the engine (src/sync) on the database (src/db), never the UI (src/workers/README.md).',
  },
  {
    files: ['src/i18n/**/*.{ts,tsx}'],
    never: ['app', 'screens', 'ui', 'db', 'sync', 'workers', 'rxdb', 'dexie'],
    why: 'i18n holds the messages and the locale setup; it imports only src/domain (src/i18n/README.md).',
  },
  {
    files: ['sw/**/*.ts'],
    never: [...UI, 'workers', 'i18n'],
    why: 'the service worker runs the engine and the data layer, never the UI (sw/README.md).',
  },
];

// The server's own folders share names with src's (server/db...): its rule names src's folders.
const SERVER = [['**/src/app/**', '**/src/screens/**', '**/src/ui/**', '**/src/db/**', '**/src/sync/**', '**/src/workers/**', '**/src/i18n/**', 'react', 'react-dom', 'rxdb', 'rxdb/*', 'dexie', 'dexie/*'], 'the server imports only src/api and src/domain (DESIGN.md §6).'];
const SERVER_DYNAMIC = '(^|/)src/(app|screens|ui|db|sync|workers|i18n)(/|$)';

// What the entry chunk and the login screen import statically is the login route's JavaScript
// (the 150 KB goal, scripts/report-size.ts): the db indexes would bring every screen's hooks and
// commands with them, so these files import the modules themselves.
const ENTRY_INDEXES = { regex: '(^|/)db/(ui-surface|hooks|commands)(/index)?$', message: "the entry and the login route import hook and command modules themselves (db/hooks/use-*.ts, db/commands/*.ts): an index puts every screen's code on the login route (src/app/README.md)." };
const ENTRY_FILES = ['src/main.tsx', 'src/app/**/*.{ts,tsx}', 'src/screens/login/**/*.{ts,tsx}', 'src/screens/shared/{language-switcher,language-choices,use-online,brand}.{ts,tsx}'];

// The contract's zod schemas (contract.ts and the wire-shape modules it builds on) are read at run
// time by the server and by the worker's trust boundary only (below); everything else takes their
// types (import type) and the plain route table, so zod stays out of the page's bundles.
const CONTRACT = {
  group: ['**/api/contract', '**/api/messages', '**/api/discovery', '**/api/catalog', '**/api/bot-profile-contract', '**/api/feedback-contract', '**/api/remote-flags-schema', '**/api/route-def', 'zod', 'zod/*'],
  message: "import the route table (src/api/route-table) or types only (import type) from the contract and its schema modules; only the worker's trust boundary (sync/http-client.ts, sync/wire-checks.ts) parses with them",
};
const CONTRACT_FILES = /^src\/(app|screens|ui|db|sync|workers|i18n|domain)\//;

// Message text reaches the DOM only as React text (src/ui/markup-text.tsx): no HTML sinks.
const HTML_SINKS = [
  { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'no HTML sinks: render text as React children (src/ui/markup-text.tsx)' },
  { selector: 'AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/]', message: 'no HTML sinks: build DOM nodes or React elements' },
  { selector: "CallExpression[callee.property.name='insertAdjacentHTML']", message: 'no HTML sinks' },
];

const dynamicImport = (regex, message) => ({ selector: `ImportExpression > Literal[value=/${regex.replaceAll('/', '\\/')}/]`, message: `dynamic import: ${message}` });

function boundary({ files, never, typesOnly = [], dynamicAllowed = false, why }) {
  const src = files.every((f) => f.startsWith('src/'));
  const contract = files.some((f) => CONTRACT_FILES.test(f));
  const entry = files.some((f) => ENTRY_FILES.includes(f) || f === 'src/app/**/*.{ts,tsx}');
  const dynamic = dynamicAllowed ? never : [...never, ...typesOnly];
  return {
    files,
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: never.flatMap(globsOf), message: why }, ...(entry ? [ENTRY_INDEXES] : [])] }],
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [
          ...(typesOnly.length ? [{ group: typesOnly.flatMap(globsOf), allowTypeImports: true, message: `types only (import type): ${why}` }] : []),
          ...(contract ? [{ ...CONTRACT, allowTypeImports: true }] : []),
        ],
      }],
      'no-restricted-syntax': ['error', ...(src ? HTML_SINKS : []), ...dynamic.map((name) => dynamicImport(regexOf(name), why))],
    },
  };
}

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.tmp/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-syntax': ['error', ...HTML_SINKS],
    },
  },
  ...BOUNDARIES.map(boundary),
  {
    // the login route's files: the screens' boundary plus the entry rule
    files: ENTRY_FILES.slice(2),
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: NETWORK.flatMap(globsOf), message: BOUNDARIES[3].why }, ENTRY_INDEXES] }] },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: SERVER[0], message: SERVER[1] }] }],
      'no-restricted-syntax': ['error', dynamicImport(SERVER_DYNAMIC, SERVER[1])],
    },
  },
  {
    // The worker's trust boundary: http-client.ts parses every answer with the contract's schemas,
    // wire-checks.ts every socket frame (CONTRACT above keeps them out of everything else).
    files: ['src/sync/http-client.ts', 'src/sync/wire-checks.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  { files: ['sw/**/*.ts'], languageOptions: { globals: globals.serviceworker } },
);
