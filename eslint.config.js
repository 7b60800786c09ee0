// ESLint (flat config): typescript-eslint's recommended rules, a few rules with type information
// on the product's code (promises), React's rules of hooks, and the layers (what may import what:
// docs/architecture.md, Layers). Part of `npm test` (npm run lint).
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noCycle from './lint/noCycle.js';

// The layers. Each import is resolved to the file it names, so a zone holds however the path is
// written; `import type` counts too (a type is a dependency of the layer as well).
const layers = {
  basePath: import.meta.dirname,
  zones: [
    {
      target: './src/core',
      from: '.',
      except: ['./src/core', './node_modules'],
      message: 'src/core depends on libraries only: state what it reads of a descriptor in core/descriptor.ts, and move what both sides share into core.',
    },
    { target: './schemas', from: '.', except: ['./schemas', './src/core', './node_modules'], message: 'schemas/ depends on src/core and libraries only.' },
    { target: './src/server', from: './src/app', message: 'The server does not import the browser app: move what both use into src/core.' },
    {
      // The storefront's pages (src/storefront/) are rendered by the server's storefront routes only.
      target: ['./src/server/*.{ts,tsx}', './src/server/!(storefront)/**'],
      from: './src/storefront',
      message: 'Only the storefront routes (src/server/storefront/) render the storefront pages.',
    },
    { target: './src/storefront', from: ['./src/server', './src/app'], message: 'The storefront pages import core and their own data shapes (src/storefront/data.ts), not the server or the app.' },
    { target: './src/app', from: ['./src/server', './src/storefront'], message: 'The browser app does not import server code: move what both use into src/core.' },
    { target: './codegen', from: './src/app', message: 'codegen does not import the browser app: move what it checks into src/core.' },
    {
      // The grid renders any descriptor; a page hands it the toolbar's actions (ScreenGrid `toolbarStart`, `detailActions`).
      target: './src/app/grid',
      from: './src/app/actions',
      message: 'The grid does not import the toolbar actions (src/app/actions/): the page composes them and hands them in as a toolbar slot.',
    },
  ],
};

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'coverage/', 'src/generated/', 'tests/bench/.out/', 'tests/bench/.scratch/', 'test-results/', '.test-data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, local: { rules: { 'no-cycle': noCycle } } },
    settings: { 'import-x/resolver-next': [createNodeResolver()] },
    rules: {
      'import-x/no-restricted-paths': ['error', layers],
      // No import cycle, `import type` and `import()` included (lint/noCycle.js says why not import-x/no-cycle).
      'local/no-cycle': 'error',
      // A leading underscore names what is left out on purpose (a destructured field dropped, an unused parameter).
      // A lazily loaded component waits for the catalogue's later part too (src/app/i18n/lazy.tsx).
      'no-restricted-imports': ['error', { paths: [{ name: 'react', importNames: ['lazy'], message: 'Use lazyWithMessages from src/app/i18n/lazy.tsx.' }] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    // Rules that need the types, on the product's code (not the tests, codegen or scripts: the
    // program is built once and its checker asked per call, so each folder added costs its share):
    // a promise nobody awaits loses its rejection (an unhandled rejection ends the server; in the
    // browser the error is never shown), an async function where a void callback is expected is
    // one of those (an event handler, a Hono middleware's `next` not awaited), awaiting what is no
    // promise hides a mistake, and a cast to the type it already has only blurs it.
    // Their cost: docs/testing.md, the static checks.
    files: ['src/**/*.{ts,tsx}', 'schemas/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  {
    // Hooks are called in the browser app only (nowhere else does a file call one): the React
    // Compiler's rules analyse its files alone, the costliest part of the lint.
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Tests wait for signals, never for time (docs/testing.md): a sleep passes whenever what it
    // waits for is merely late, and costs its length on every run. A timer that fails a wait
    // (a deadline that rejects) stays allowed; the benchmarks measure time and are left out.
    files: ['tests/**/*.ts'],
    ignores: ['tests/bench/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message: 'No fixed sleep in tests: wait for what the page shows or sends (a locator assertion, waitForResponse, expect.poll).',
        },
        {
          selector: "CallExpression[callee.name='setTimeout'][arguments.0.type='Identifier']",
          message: 'No setTimeout sleep in tests: wait for a signal (vi.waitFor on a real condition, an event, a row) or use vi.useFakeTimers.',
        },
        {
          selector: "CallExpression[callee.name='setTimeout'] > ArrowFunctionExpression.arguments:first-child > CallExpression.body[callee.type='Identifier'][arguments.length=0]",
          message: 'No setTimeout sleep in tests: wait for a signal (vi.waitFor on a real condition, an event, a row) or use vi.useFakeTimers.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react', importNames: ['lazy'], message: 'Use lazyWithMessages from src/app/i18n/lazy.tsx.' },
            { name: 'node:timers/promises', message: 'No sleeping in tests: wait for a signal or use vi.useFakeTimers.' },
            { name: 'timers/promises', message: 'No sleeping in tests: wait for a signal or use vi.useFakeTimers.' },
          ],
        },
      ],
    },
  },
);
