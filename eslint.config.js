// Lint: TypeScript rules, React hooks, and the module boundaries of the architecture brief.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Forbids imports whose specifier matches one of the regular expressions. */
const boundary = (files, regexes, message) => ({
  files,
  ignores: ['**/*.test.ts', '**/*.test.tsx', '**/test-fixtures.ts'],
  rules: { 'no-restricted-imports': ['error', { patterns: regexes.map((regex) => ({ regex, message })) }] },
});

export default tseslint.config(
  { ignores: ['node_modules', 'build', '.data', '.react-router', 'db/migrations', 'tmp', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Plain Node scripts (scripts/*.mjs): Node's globals.
    files: ['**/*.mjs'],
    languageOptions: { globals: { URL: 'readonly', console: 'readonly', process: 'readonly' } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  boundary(['app/**'], ['(^|/)server/'], 'Pages reach data through db/queries, never through server/.'),
  boundary(
    ['app/charts/**'],
    ['(^|/)db/', '(^|/)server/', '(^|/)routes/', '^react-router', '^react-dom/server', '^node:'],
    'The chart engine imports only React, d3 and core/.',
  ),
  boundary(
    ['core/**'],
    ['(^|/)db/', '(^|/)server/', '(^|/)app/', '^react', '^node:'],
    'core/ is isomorphic: it imports only core/.',
  ),
  boundary(['db/**'], ['(^|/)server/', '(^|/)app/', '^react'], 'db/ imports only Drizzle and core/.'),
  {
    files: ['tests/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
