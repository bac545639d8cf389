import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startNodeFlags } from './app-server';

describe('startNodeFlags', () => {
  it('reads the node flags from the way package.json starts the server', () => {
    const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
      scripts: { start: string };
    };
    // Decision 177: the server runs with 64 MB semi-spaces, and the harness runs it as npm start does.
    expect(startNodeFlags(pkg.scripts.start)).toContain('--max-semi-space-size=64');
  });

  it('keeps every flag, and none when there is none', () => {
    expect(
      startNodeFlags(
        'npm run build && NODE_ENV=production node --max-semi-space-size=64 --enable-source-maps build/app-server/index.mjs',
      ),
    ).toEqual(['--max-semi-space-size=64', '--enable-source-maps']);
    expect(startNodeFlags('node build/app-server/index.mjs')).toEqual([]);
  });

  it('refuses a start that no longer runs the server bundle, instead of starting it without its flags', () => {
    expect(() => startNodeFlags('tsx server/index.ts')).toThrow(/does not run build\/app-server\/index.mjs/);
  });
});
