import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveAuthSecret } from './secret';

const dirs: string[] = [];
function scratch(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'auth-secret-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

describe('resolveAuthSecret', () => {
  it('uses AUTH_SECRET when set and writes nothing', () => {
    const dir = scratch();
    expect(resolveAuthSecret('x'.repeat(40), dir)).toBe('x'.repeat(40));
    expect(readdirSync(dir)).toEqual([]);
  });

  it('generates one secret under the data folder, readable by its owner only, and keeps it', () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const dir = path.join(scratch(), '.data');
    const first = resolveAuthSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveAuthSecret(undefined, dir)).toBe(first);
    expect(readdirSync(dir)).toEqual(['auth-secret']);
    expect(statSync(path.join(dir, 'auth-secret')).mode & 0o777).toBe(0o600);
  });

  it('replaces a file too short to sign with', () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const dir = scratch();
    writeFileSync(path.join(dir, 'auth-secret'), 'short\n');
    const secret = resolveAuthSecret(undefined, dir);
    expect(secret).not.toBe('short');
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim()).toBe(secret);
  });

  it('gives processes that start at once the same secret, never half of one', async () => {
    const dir = path.join(scratch(), '.data');
    // Each process loads the module, then waits for the same moment to ask: as the server and the refresh started
    // together would, without the seconds between their starts.
    const at = Date.now() + 3_000;
    const script = `import { resolveAuthSecret } from ${JSON.stringify(path.resolve(import.meta.dirname, 'secret.ts'))};
      while (Date.now() < ${at});
      process.stdout.write('\\nsecret=' + resolveAuthSecret(undefined, ${JSON.stringify(dir)}));`;
    const run = () => promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
    // The one that wrote the file also says so on stdout, before its secret.
    const secrets = (await Promise.all(Array.from({ length: 6 }, run))).map((r) => r.stdout.split('\nsecret=')[1]);
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]).toBe(readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim());
    expect(readdirSync(dir)).toEqual(['auth-secret']);
  });
});
