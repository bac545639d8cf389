// A dataset page and its sharing card follow one coverage rule (decision 192): a default view ends at the latest
// period most places reached; a view whose URL names a time, places, series or vintage is left as asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChartViewSpec } from '../../app/charts';
import { unpackDatasetData, type PackedDatasetData } from '../../core/packed-series';
import type { Database } from '../../db/client';
import { cardFor } from '../../server/api/og-content';
import { sliderFor } from '../../server/render/chart-image';
import { databaseWithGeos } from '../setup/database';
import { loaderDataOf } from './page-document';

let database: Database;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  // HICP: 4/2025 is the latest month most places reached; 5/2025 is partial (Germany among the 21 with a value).
  database = await databaseWithGeos('eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv');
}, 60_000);
afterAll(() => database.close());

/** The period the page's chart opens on, as its widget chooses it from the page's view and data. */
async function pageShows(path: string): Promise<string> {
  const page = await loaderDataOf(database.db, path);
  expect(page.status).toBe(200);
  const { chart } = page.data as { chart: { view: ChartViewSpec; data: PackedDatasetData } };
  const { periods, index } = sliderFor(unpackDatasetData(chart.data), chart.view);
  return periods[index]!;
}

/** The period the page's sharing card says it shows. */
async function cardShows(path: string): Promise<string> {
  const card = await cardFor(database.db, path);
  return /· shown: (\S+)$/.exec(card.description)?.[1] ?? `no period in "${card.description}"`;
}

describe('a dataset page and its sharing card', () => {
  it.each([
    ['a default view, cut at the covered period', '/datasets/prc_hicp_manr?chart_type=horizontal-bar', '4/2025'],
    ['country= (the short spelling)', '/datasets/prc_hicp_manr?chart_type=horizontal-bar&country=DE', '5/2025'],
    ['country[]=', '/datasets/prc_hicp_manr?chart_type=horizontal-bar&country[]=DE', '5/2025'],
    ['time= a partial period', '/datasets/prc_hicp_manr?chart_type=horizontal-bar&time=5/2025', '5/2025'],
    ['as_of= (the vintage of today)', `/datasets/prc_hicp_manr?chart_type=horizontal-bar&as_of=${today}`, '5/2025'],
  ])('show the same period for %s', async (_, path, period) => {
    expect(await pageShows(path)).toBe(period);
    expect(await cardShows(path)).toBe(period);
  });
});
