// Lint: TypeScript rules, React hooks, and the module boundaries of the architecture brief.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { moduleBoundaries, noDeepRelative } from './scripts/eslint/module-boundaries.js';

/** Forbids imports whose specifier matches one of the regular expressions. */
const boundary = (files, regexes, message) => ({
  files,
  ignores: ['**/*.test.ts', '**/*.test.tsx', '**/test-fixtures.ts'],
  rules: { 'no-restricted-imports': ['error', { patterns: regexes.map((regex) => ({ regex, message })) }] },
});

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'build',
      '.e2e-builds',
      '.data',
      '.react-router',
      'db/migrations',
      'tmp',
      'bench/results',
    ],
  },
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
  {
    // Imports that climb three or more folders name the tree's alias (#app/, #core/, #db/, #server/: tsconfig.json paths, decision 197).
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    plugins: { tree: { rules: { 'no-deep-relative': noDeepRelative } } },
    rules: { 'tree/no-deep-relative': 'error' },
  },
  {
    // Which parts of the tree each part may import (docs/architecture.md, decision 006). A part not listed on the
    // left (tests/, bench/) may import anything; its own part is always allowed.
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/test-fixtures.ts'],
    plugins: { local: { rules: { 'module-boundaries': moduleBoundaries } } },
    rules: {
      'local/module-boundaries': [
        'error',
        {
          core: [],
          db: ['core'],
          'app/charts': ['core'],
          'app/components': ['app/charts', 'core', 'db'],
          'app/features': ['app/components', 'app/charts', 'core', 'db'],
          'app/routes': ['app', 'app/features', 'app/components', 'app/charts', 'core', 'db'],
          app: ['app/components', 'app/charts', 'core', 'db'],
          // ApiEnv carries the database handle; the response cache reads its versions from the database.
          'server/http': ['core', 'db'],
          // Generic HTTP middleware: body limits and the render queue (server/render), security headers, edge checks.
          'server/http/middleware': ['server', 'server/http', 'server/auth', 'core', 'db'],
          'server/email': ['server', 'server/http', 'core'],
          'server/auth': ['server', 'server/http', 'server/email', 'server/billing', 'core', 'db'],
          'server/geo': ['server', 'server/http', 'app/charts', 'core', 'db'],
          'server/import': ['server', 'server/http', 'server/alerts', 'core', 'db'],
          'server/live': ['server', 'server/http', 'server/auth', 'core', 'db'],
          'server/catalogue': ['server', 'server/http', 'core', 'db'],
          'server/refresh': [
            'server',
            'server/http',
            'server/import',
            'server/catalogue',
            'server/alerts',
            'core',
            'db',
          ],
          'server/alerts': ['server', 'server/http', 'server/auth', 'server/email', 'server/live', 'core', 'db'],
          'server/billing': ['server', 'server/http', 'server/auth', 'core', 'db'],
          // Feature folders (decision 193): each holds its routes and its service.
          'server/keys': ['server/http', 'server/http/middleware', 'server/auth', 'core', 'db'],
          'server/datasets': ['server/http', 'server/http/middleware', 'server/keys', 'core', 'db'],
          'server/charts': [
            'server',
            'server/http',
            'server/http/middleware',
            'server/keys',
            'server/datasets',
            'server/geo',
            'app/charts',
            'core',
            'db',
          ],
          'server/follows': ['server/http', 'server/auth', 'core', 'db'],
          'server/organizations': ['server/http', 'server/auth', 'server/billing', 'server/email', 'core', 'db'],
          'server/assistant': ['server/http', 'server/auth', 'server/keys', 'app/charts', 'core', 'db'],
          'server/researcher': ['server/http', 'server/auth', 'server/keys', 'server/assistant', 'core', 'db'],
          'server/site': ['server/http', 'server/auth', 'server/email', 'core', 'db'],
          server: [
            'server/http',
            'server/http/middleware',
            'server/billing',
            'server/keys',
            'server/datasets',
            'server/charts',
            'server/follows',
            'server/organizations',
            'server/assistant',
            'server/researcher',
            'server/site',
            'server/auth',
            'server/email',
            'server/geo',
            'server/import',
            'server/alerts',
            'server/live',
            'server/refresh',
            'server/catalogue',
            'app',
            'app/charts',
            'core',
            'db',
          ],
          scripts: [
            'server',
            'server/import',
            'server/refresh',
            'server/catalogue',
            'server/http',
            'server/email',
            'core',
            'db',
          ],
        },
      ],
    },
  },
  {
    ...boundary(['app/**'], ['^node:'], 'Pages and components run in the browser too: no Node built-ins.'),
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/test-fixtures.ts', '**/*.server.ts', '**/*.server.tsx'],
  },
  boundary(
    ['app/charts/**'],
    ['^react-router', '^react-dom/server', '^node:'],
    'The chart engine imports only React, d3 and core/.',
  ),
  boundary(['core/**'], ['^react', '^node:'], 'core/ is isomorphic: it imports only core/.'),
  boundary(['db/**'], ['^react'], 'db/ imports only Drizzle and core/.'),
  {
    files: ['tests/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
