// Lint rules, including the import boundaries of DESIGN.md §6: screens and ui never reach the
// network layer, ui never reaches the database, domain and api stay pure, and the server only
// shares the contract (src/api) and the rules (src/domain) with the app.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const restrict = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: groups.map(([group, message]) => ({ group, message })) }],
});

const NETWORK = [['**/sync/**', '**/workers/**', 'dexie', 'dexie/*'], 'screens and ui observe RxDB; only the sync engine talks to the network (DESIGN.md §6).'];
const DB = [['**/db/**', '**/db', 'rxdb', 'rxdb/*'], 'ui is presentational: props in, JSX out (DESIGN.md §6).'];
const PURE = [['**/app/**', '**/screens/**', '**/ui/**', '**/db/**', '**/sync/**', '**/workers/**', '**/i18n/**', 'react', 'rxdb', 'rxdb/*', 'dexie'], 'domain and api are pure: they import nothing from the rest of src (DESIGN.md §6).'];
const SW = [['**/src/app/**', '**/src/screens/**', '**/src/ui/**', '**/src/workers/**', '**/src/i18n/**', 'react', 'react-dom', 'react-dom/*'], 'the service worker runs the engine and the data layer, never the UI (sw/README.md).'];
// What the entry chunk and the login screen import statically is the login route's JavaScript
// (the 150 KB goal, scripts/report-size.ts): the db indexes would bring every screen's hooks and
// commands with them, so these files import the modules themselves.
const ENTRY_INDEXES = { regex: '(^|/)db/(ui-surface|hooks|commands)(/index)?$', message: "the entry and the login route import hook and command modules themselves (db/hooks/use-*.ts, db/commands/*.ts): an index puts every screen's code on the login route (src/app/README.md)." };

const SERVER = [['**/src/app/**', '**/src/screens/**', '**/src/ui/**', '**/src/db/**', '**/src/sync/**', '**/src/workers/**', '**/src/i18n/**'], 'the server imports only src/api and src/domain (DESIGN.md §6).'];

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
      // Message text reaches the DOM only as React text (src/ui/markup-text.tsx): no HTML sinks.
      'no-restricted-syntax': ['error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'no HTML sinks: render text as React children (issue 4, markup)' },
        { selector: "AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/]", message: 'no HTML sinks: build DOM nodes or React elements' },
        { selector: "CallExpression[callee.property.name='insertAdjacentHTML']", message: 'no HTML sinks' },
      ],
    },
  },
  { files: ['src/screens/**/*.{ts,tsx}'], rules: restrict(NETWORK) },
  { files: ['src/ui/**/*.{ts,tsx}'], rules: restrict(NETWORK, DB) },
  { files: ['src/domain/**/*.ts', 'src/api/**/*.ts'], rules: restrict(PURE) },
  { files: ['server/**/*.ts'], rules: restrict(SERVER) },
  { files: ['src/main.tsx', 'src/app/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', { patterns: [ENTRY_INDEXES] }] } },
  {
    files: ['src/screens/login/**/*.{ts,tsx}', 'src/screens/shared/{language-switcher,language-choices,use-online,brand}.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: NETWORK[0], message: NETWORK[1] }, ENTRY_INDEXES] }] },
  },
  { files: ['sw/**/*.ts'], languageOptions: { globals: globals.serviceworker }, rules: restrict(SW) },
  {
    // The contract's zod schemas are for the server; the app takes only their types and the
    // plain route table, so no schema library reaches the bundles.
    files: ['src/{app,screens,ui,db,sync,workers,i18n,domain}/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group: ['**/api/contract', 'zod', 'zod/*'], allowTypeImports: true, message: 'import the route table (src/api/route-table) or types only (import type) from the contract' }] }],
    },
  },
);
