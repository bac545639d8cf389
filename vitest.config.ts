// Three suites: unit (next to the code), integration (the app in-process on a real database), e2e (Chromium).
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The integration files that never open the suite's database: they make PGlite folders of their own (the lock between
 * processes on one folder is PGlite's), talk to no database, or to a port that hangs up. On PostgreSQL they would run
 * the very same test again, so the PostgreSQL pass (DATABASE_URL=postgres://…, .ci/run) leaves them out; every
 * `npm test` runs them (decision 240). tests/setup/postgres-pass.test.ts checks that each still opens nothing of it.
 */
export const withoutSuiteDatabase = [
  'tests/integration/database-unavailable.test.ts',
  'tests/integration/geo-api.test.ts',
  'tests/integration/hardening-lock.test.ts',
];

/** What the integration project leaves out when DATABASE_URL names PostgreSQL. */
export function excludedOnPostgres(databaseUrl: string | undefined): string[] {
  return databaseUrl?.startsWith('postgres') ? withoutSuiteDatabase : [];
}

export default defineConfig({
  // #app/, #core/, #db/, #server/: tsconfig.json's paths.
  resolve: { tsconfigPaths: true },
  test: {
    // Two workers on this 2-core machine: integration files overlap each other and the browser tests, which spend
    // much of their time waiting on the server and Chromium (integration alone: 125 s instead of 210 s with one).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'core/**/*.test.ts',
            'db/**/*.test.ts',
            'server/**/*.test.ts',
            'app/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
            'tests/setup/**/*.test.ts',
          ],
          environment: 'node',
          // One module graph per worker instead of one per file: the files share no state through modules (each
          // makes its own database, app and stores), and importing React, Hono and the app once per worker instead
          // of per file saved about 40 % of these projects' CPU (docs/operations.md, Test time).
          isolate: false,
          setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/keep-globals.ts'],
          // A limit for a hang: these run at nice 19 beside the browser files (scripts/test.sh).
          testTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // On PostgreSQL, without the files that never open the suite's database: they would repeat their PGlite run
          // exactly (`withoutSuiteDatabase`, decision 240).
          exclude: [...configDefaults.exclude, ...excludedOnPostgres(process.env.DATABASE_URL)],
          environment: 'node',
          globalSetup: ['tests/setup/database-templates.ts'],
          isolate: false,
          setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/keep-globals.ts'],
          // Limits for a hang, not for speed: these files run at nice 19 beside the browser files (scripts/test.sh), and
          // on a slow machine a harness that imports three samples took past 120 s and a test making five accounts
          // past 120 s (CI at dcf5dac, 2026-11-30). No file sets a lower limit of its own (tests/setup/time-limits.test.ts).
          testTimeout: 360_000,
          hookTimeout: 600_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/e2e-global.ts'],
          // One module graph for all the browser files, run one after another in one worker, as the other projects do:
          // importing playwright-core and the harness again for each of 34 files cost about 12 s. What a file changes in
          // the worker's environment is put back when it ends (keep-globals.ts).
          isolate: false,
          setupFiles: ['tests/setup/keep-globals.ts'],
          // Limits for a hang, as above; a file's own limit is only ever longer (tests/setup/time-limits.test.ts).
          testTimeout: 180_000,
          hookTimeout: 600_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
