import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readyLine } from '#server/config';
import { listeningPort, startNodeFlags } from './app-server';

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

describe("the start log's last line (decision 200)", () => {
  it('names PUBLIC_URL and, when it is another address, the one the server listens on', () => {
    expect(readyLine({ publicUrl: 'http://localhost:3901', HOST: '0.0.0.0' }, 3901)).toBe(
      'open http://localhost:3901 (listening on 0.0.0.0:3901)',
    );
    expect(readyLine({ publicUrl: 'https://stats.example.org', HOST: '0.0.0.0' }, 3000)).toBe(
      'open https://stats.example.org (listening on 0.0.0.0:3000)',
    );
    // Never "localhost" when PUBLIC_URL says otherwise, and said once when both are the same address.
    expect(readyLine({ publicUrl: 'http://127.0.0.1:4100', HOST: '127.0.0.1' }, 4100)).toBe(
      'listening on http://127.0.0.1:4100',
    );
    expect(readyLine({ publicUrl: 'http://localhost:3000', HOST: '::' }, 3000)).toBe(
      'open http://localhost:3000 (listening on [::]:3000)',
    );
  });

  it('is the line the harness reads the port from, whatever the addresses', () => {
    for (const [publicUrl, HOST, port] of [
      ['http://localhost:3901', '0.0.0.0', 3901],
      ['https://stats.example.org:8443', '0.0.0.0', 3000],
      ['http://127.0.0.1:4100', '127.0.0.1', 4100],
      ['http://localhost:3000', '::', 3123],
    ] as const) {
      expect(listeningPort(`[server] mail: …\n[server] ${readyLine({ publicUrl, HOST }, port)}\n`)).toBe(String(port));
    }
    expect(listeningPort('[server] database: PGlite in .data/db\n')).toBeUndefined();
  });
});
