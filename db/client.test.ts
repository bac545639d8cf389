import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { queryRows } from './sql';

const folder = mkdtempSync(path.join(tmpdir(), 'client-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function sharedBuffers(options: { bulkLoad?: boolean }): Promise<string | undefined> {
  const database = await openDatabase(`file:${folder}/db`, '', options);
  try {
    const [row] = await queryRows<{ size: string }>(database.db, sql`SELECT current_setting('shared_buffers') AS size`);
    return row?.size;
  } finally {
    await database.close();
  }
}

describe('openDatabase on a PGlite folder', () => {
  it('gives a bulk load a small buffer pool for that process only, leaving the folder as it was', async () => {
    expect(await sharedBuffers({ bulkLoad: true })).toBe('16MB');
    // The setting is not written into the folder: the server opening it next keeps PGlite's pool and its settings.
    expect(await sharedBuffers({})).toBe('128MB');
    expect(readFileSync(`${folder}/db/postgresql.conf`, 'utf8')).toContain(
      "default_text_search_config = 'pg_catalog.english'",
    );
  });
});
