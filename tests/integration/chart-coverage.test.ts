// Where default views end (issue 11, item 4): the latest period most places reached, from one query per dataset release.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { findDataset, getDatasetCoverage, getDatasetMeta } from '../../db/queries/datasets';
import { databaseWithGeos } from '../setup/database';

let database: Database;

beforeAll(async () => {
  database = await databaseWithGeos('eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv');
});
afterAll(() => database.close());

describe('getDatasetCoverage', () => {
  it('ends HICP at 4/2025 (42 of 45 geos) and names 5/2025 as partial (21 of 45)', async () => {
    const row = (await findDataset(database.db, 'prc_hicp_manr'))!;
    const meta = await getDatasetMeta(database.db, row);
    const coverage = await getDatasetCoverage(database.db, row, meta);
    expect(coverage.period).toBe('4/2025');
    expect(coverage.places).toBe(45);
    expect(coverage.partial).toHaveLength(1);
    expect(coverage.partial[0]!.period).toBe('5/2025');
    expect(coverage.partial[0]!.places).toHaveLength(21);
    expect(coverage.partial[0]!.places).toContain('Germany');
    // Memoised per release of the dataset: the same answer object, no second query.
    await expect(getDatasetCoverage(database.db, row, meta)).resolves.toBe(coverage);
  });
});
