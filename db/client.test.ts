import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenOptions } from './client';
import { queryRows } from './sql';

const folder = mkdtempSync(path.join(tmpdir(), 'client-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The buffer pool and the memory an index build may sort in. */
async function memorySettings(options: Pick<OpenOptions, 'purpose'>): Promise<string | undefined> {
  const database = await openDatabase(`file:${folder}/db`, '', options);
  try {
    const [row] = await queryRows<{ size: string }>(
      database.db,
      sql`SELECT current_setting('shared_buffers') || ' ' || current_setting('maintenance_work_mem') AS size`,
    );
    return row?.size;
  } finally {
    await database.close();
  }
}

describe('openDatabase on a PGlite folder', () => {
  it('gives a bulk load a small buffer pool and index sort, a scratch copy the small pool, for that process only', async () => {
    expect(await memorySettings({ purpose: 'bulk-load' })).toBe('16MB 4MB');
    // A test file's copy: the small pool only (decision 233).
    expect(await memorySettings({ purpose: 'scratch' })).toBe('16MB 64MB');
    // The settings are not written into the folder: the server opening it next keeps PGlite's and the folder's own.
    expect(await memorySettings({})).toBe('128MB 64MB');
    expect(readFileSync(`${folder}/db/postgresql.conf`, 'utf8')).toContain(
      "default_text_search_config = 'pg_catalog.english'",
    );
  });
});

describe('the one-process lock of a PGlite folder (decision 186)', () => {
  it('is one lock for every path to the folder: a symlink, `a/../db` and a trailing slash take the same one', async () => {
    const { mkdirSync, symlinkSync } = await import('node:fs');
    const { DatabaseLockedError, lockFolder } = await import('./client');
    const dir = path.join(folder, 'locked');
    mkdirSync(path.join(folder, 'a'), { recursive: true });
    mkdirSync(dir, { recursive: true });
    symlinkSync(dir, path.join(folder, 'link'));
    const release = lockFolder(dir);
    try {
      for (const other of [path.join(folder, 'link'), `${folder}/a/../locked`, `${dir}/`, path.join(folder, 'link/')]) {
        expect(() => lockFolder(other), other).toThrow(DatabaseLockedError);
      }
    } finally {
      release();
    }
    // Released: the symlink's path takes it now, and the folder's own path is refused.
    const again = lockFolder(path.join(folder, 'link'));
    try {
      expect(() => lockFolder(dir)).toThrow(DatabaseLockedError);
    } finally {
      again();
    }
  });
});
