// Issue 17, item 2 on pages: ids beyond a PostgreSQL integer give the 404 page, not a 500, on PGlite and PostgreSQL.
// (NUL characters in page addresses are refused in front of the pages, by server/http/middleware/request-guard.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { databaseWithGeos } from '../setup/database';
import { renderDocument } from './page-document';

let database: Database;
beforeAll(async () => {
  database = await databaseWithGeos('eurostat/tec00115/estat_tec00115_filtered_en.csv');
});
afterAll(() => database.close());

describe('dataset pages and embeds', () => {
  it('answer 404 for ids no integer column can hold', async () => {
    for (const id of ['2147483648', '99999999999999999999', '2147483647']) {
      for (const path of [`/datasets/${id}`, `/datasets/${id}?embed=true`]) {
        const page = await renderDocument(database.db, path);
        expect(page.status, path).toBe(404);
      }
    }
  });

  it('still show a dataset by its id', async () => {
    const page = await renderDocument(database.db, '/datasets/tec00115');
    expect(page.status).toBe(200);
  });
});
