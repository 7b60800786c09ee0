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
);
