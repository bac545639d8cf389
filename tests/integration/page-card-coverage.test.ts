// A dataset page and its sharing card follow one coverage rule (decision 192): a default view ends at the latest
// period most places reached; a view whose URL names a time, places, series or vintage is left as asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChartViewSpec } from '../../app/charts';
import { unpackDatasetData, type PackedDatasetData } from '../../core/packed-series';
import type { Database } from '../../db/client';
import { cardFor } from '../../server/charts/og-content';
import { sliderFor } from '../../server/render/chart-image';
import { databaseWithGeos } from '../setup/database';
import { loaderDataOf } from './page-document';

let database: Database;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  // HICP: 4/2025 is the latest month most places reached; 5/2025 is partial (Germany among the 21 with a value).
  database = await databaseWithGeos('eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv');
});
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

describe('a page and its card open one view (core/view.ts) for every query key', () => {
  // Every name a view's address may carry (the page's spelling and the data API's), plus names that are not a view's:
  // the page and its card read each the same way, so they show the same period.
  const base = '/datasets/prc_hicp_manr?chart_type=horizontal-bar';
  it.each([
    ['chart_type=bar', '/datasets/prc_hicp_manr?chart_type=bar'],
    ['chart_type=map', '/datasets/prc_hicp_manr?chart_type=map'],
    ['chart_type=table', '/datasets/prc_hicp_manr?chart_type=table'],
    ['an unknown chart_type', '/datasets/prc_hicp_manr?chart_type=pie'],
    ['time_start', `${base}&time_start=1/2025`],
    ['time_end', `${base}&time_end=3/2025`],
    ['time', `${base}&time=2/2025`],
    ['period_from', `${base}&period_from=1/2025`],
    ['period_to', `${base}&period_to=3/2025`],
    ['country=', `${base}&country=DE,FR`],
    ['country[]= with a place the dataset lacks', `${base}&country[]=FR&country[]=ZZ`],
    ['dimension[]=', `${base}&dimension[]=dim1:RCH_A`],
    ['dim1=', `${base}&dim1=RCH_A`],
    ['transform=change', `${base}&transform=change&lag=12`],
    ['transform=index', `${base}&transform=index&base=1/2020`],
    ['as_of', `${base}&as_of=${today}`],
    ['an unreadable as_of', `${base}&as_of=yesterday`],
    ['embed, theme and width', `${base}&embed=true&theme=dark&width=600`],
    ['a tracking parameter', `${base}&utm_source=newsletter`],
  ])('%s', async (_, path) => {
    expect(await cardShows(path)).toBe(await pageShows(path));
  });
});
