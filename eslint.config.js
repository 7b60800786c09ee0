// ESLint (flat config): typescript-eslint's recommended rules with type information, and React's
// rules of hooks. Part of `npm test` (npm run lint).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'coverage/', 'src/generated/', 'schemas/api.ts', 'tests/bench/.out/', 'tests/bench/.scratch/', 'test-results/', '.test-data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // A leading underscore names what is left out on purpose (a destructured field dropped, an unused parameter).
      // A lazily loaded component waits for the catalogue's later part too (src/app/i18n/lazy.tsx).
      'no-restricted-imports': ['error', { paths: [{ name: 'react', importNames: ['lazy'], message: 'Use lazyWithMessages from src/app/i18n/lazy.tsx.' }] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
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
