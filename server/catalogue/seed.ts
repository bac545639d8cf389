// First start (decision 188): the catalogue's list of every Eurostat dataset comes from the data mirror's table of
// contents, or from Eurostat's live one when there is no mirror; later refreshes keep it current.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/sql';
import { describeSync, syncCatalogue } from './sync';
import { fetchToc, parseTocTree, type TocTree } from './toc';

/** Where the mirror keeps Eurostat's table of contents (../shared/data/README.md). */
export const mirrorTocFile = 'eurostat-metadata/toc/table_of_contents_en.txt';

export async function isCatalogueListEmpty(db: Db): Promise<boolean> {
  const rows = await queryRows<{ any: boolean }>(db, sql`SELECT EXISTS (SELECT 1 FROM catalogue_entries) AS any`);
  return !rows[0]?.any;
}

/**
 * Fills an empty catalogue list from the mirror's table of contents, else (when `eurostatApi` is given) from
 * Eurostat's. Never fails the start: what cannot be read is logged, and the next refresh fills the list.
 */
export async function seedCatalogueList(
  db: Db,
  opts: { dataMirror: string | null; eurostatApi?: string; log: (line: string) => void },
): Promise<void> {
  if (!(await isCatalogueListEmpty(db))) return;
  let tree: TocTree | null = null;
  let from = '';
  try {
    if (opts.dataMirror) {
      from = path.join(opts.dataMirror, mirrorTocFile);
      tree = parseTocTree(await readFile(from, 'utf8'));
    } else if (opts.eurostatApi) {
      from = opts.eurostatApi;
      tree = await fetchToc(opts.eurostatApi, AbortSignal.timeout(60_000));
    }
  } catch (error) {
    opts.log(
      `catalogue: the table of contents could not be read from ${from} (${String(error)}); the next refresh fills it`,
    );
    return;
  }
  if (!tree) return;
  opts.log(`${describeSync(await syncCatalogue(db, tree))} (from ${from})`);
}
