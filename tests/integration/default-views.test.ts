// A sensible view of any dataset, by rule (issue 36, decision 190): a hundred datasets of Eurostat's table of contents,
// made from its dictionaries without editorial defaults, each open on its headline series, in the unit most series use,
// at the latest period most places reached, as a chart type its data allows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loader } from '../../app/routes/public/datasets/dataset';
import { allowedChartTypes } from '../../app/charts';
import { placeKind } from '../../core/geo/places';
import { unpackDatasetData, type PackedDatasetData } from '../../core/packed-series';
import type { DatasetMeta } from '../../core/schemas/dataset';
import type { Database } from '../../db/client';
import { outlineStore } from '../../server/geo/outline-store';
import { importFile } from '../../server/import/runner';
import { databaseWithGeos, mirror } from '../setup/database';
import { tocDatasets, type GeneratedDataset } from '../setup/toc-datasets';
import { renderDocument } from './page-document';
import { ORIGIN } from './statistics-harness';

const datasets = tocDatasets(100);
let database: Database;

beforeAll(async () => {
  database = await databaseWithGeos();
  for (const d of datasets) {
    await importFile(database.db, {
      fileName: d.fileName,
      bytes: Buffer.from(d.tsv),
      code: d.code,
      title: d.title,
      dataMirror: mirror,
    });
  }
});
afterAll(() => database.close());

interface PageData {
  meta: DatasetMeta;
  chart: {
    view: { chartType: string; countries: string[]; timeEnd?: string };
    problems: string[];
    data: PackedDatasetData | null;
    error: string | null;
  };
}

/** The dataset page's loader, as a signed-out visitor opens the address. */
async function open(code: string, query = ''): Promise<PageData> {
  const context = {
    db: database.db,
    auth: { session: null, sessionError: false, providers: { google: false, microsoft: false } },
    outlines: outlineStore(mirror),
    siteUrl: ORIGIN,
  };
  const request = new Request(`${ORIGIN}/datasets/${code}${query}`);
  const answer = (await loader({ params: { id: code }, context, request } as never)) as unknown as { data: PageData };
  return answer.data;
}

/** The chart types the page should open a generated dataset on, from how it was made. */
function expectedType(d: GeneratedDataset): string {
  if (d.places === 'regions') return 'map';
  if (d.periods.length > 1 && d.geos.length <= 4) return 'line';
  return 'bar';
}

describe('the default view of a hundred datasets of the table of contents', () => {
  it('covers the themes, frequencies and kinds of places of the catalogue', () => {
    expect(datasets).toHaveLength(100);
    expect(new Set(datasets.map((d) => d.theme)).size).toBeGreaterThanOrEqual(9);
    expect(new Set(datasets.map((d) => d.freq))).toEqual(new Set(['A', 'S', 'Q', 'M']));
    expect(new Set(datasets.map((d) => d.places))).toEqual(
      new Set(['countries', 'regions', 'aggregates', 'one country']),
    );
    expect(datasets.filter((d) => d.periods.length === 1).length).toBeGreaterThan(5);
    expect(datasets.filter((d) => d.covered !== d.periods.at(-1)).length).toBeGreaterThan(5);
    // Totals are not always the file's first code, nor the most used unit the first unit.
    expect(
      datasets.filter((d) => d.totals.some((t) => d.dimensions.find((x) => x.code === t)!.values[0] !== d.headline[t]))
        .length,
    ).toBeGreaterThan(20);
    expect(
      datasets.filter((d) => d.dimensions.find((x) => x.code === 'unit')!.values[0] !== d.unit).length,
    ).toBeGreaterThan(20);
  });

  it.each(datasets.map((d) => [d.code, d] as const))(
    '%s opens on its headline series and a chart it allows',
    async (code, d) => {
      const { meta, chart } = await open(code);
      // Totals first, the unit most series use, else the code with most values: none of them the file's first by chance.
      const defaults = Object.fromEntries(meta.dimensions.map((x) => [x.code, x.default]));
      expect(defaults).toEqual(d.headline);
      expect(meta.unit).toBe(d.unitLabel);
      // The chart type: allowed by the data, the one its data calls for, showing values.
      const allowed = allowedChartTypes(meta);
      expect(allowed).toContain(chart.view.chartType);
      expect(chart.view.chartType).toBe(expectedType(d));
      expect(allowed.includes('map')).toBe(d.places !== 'aggregates');
      expect(allowed.includes('line')).toBe(d.periods.length > 1);
      expect(chart.error).toBeNull();
      const shown = unpackDatasetData(chart.data!);
      expect(shown.data.some((s) => s.rows.some((r) => Object.keys(r.values).length > 0))).toBe(true);
      // The latest period most places reached.
      expect(chart.view.timeEnd).toBe(d.covered === d.periods.at(-1) ? undefined : d.covered);
      // Countries rather than aggregates: one aggregate at most beside the countries.
      const aggregates = d.geos.filter((g) => placeKind(g) === 'aggregate');
      if (d.places === 'countries' && aggregates.length >= 2) {
        expect(chart.view.countries.filter((g) => placeKind(g) === 'aggregate')).toHaveLength(1);
        expect(chart.view.countries.filter((g) => placeKind(g) === 'country')).toHaveLength(
          d.geos.length - aggregates.length,
        );
      } else {
        expect(chart.view.countries).toEqual([]);
      }
      expect(chart.problems).toEqual([]);
    },
  );

  it('draws every page on the server with its chart', async () => {
    for (const d of datasets) {
      const page = await renderDocument(database.db, `/datasets/${d.code}`);
      expect(page.status, d.code).toBe(200);
      expect(page.html, d.code).toContain(`data-chart-type="${expectedType(d)}" `);
      expect(page.html, d.code).toContain('data-state="rendered"');
      // A chart's svg (role img, or group when a map's regions are links: decision 207).
      expect(page.html, d.code).toMatch(/<svg [^>]*role="(img|group)"[^>]*data-theme=/);
    }
  });

  it('gives an address asking for a type the data does not allow its default, with a note instead of an error', async () => {
    const aggregates = datasets.filter((d) => d.places === 'aggregates');
    const onePeriod = datasets.filter((d) => d.periods.length === 1 && d.places !== 'regions');
    expect(aggregates.length).toBeGreaterThan(0);
    expect(onePeriod.length).toBeGreaterThan(0);
    for (const d of aggregates) {
      const { chart } = await open(d.code, '?chart_type=map');
      expect(chart.view.chartType).toBe(expectedType(d));
      expect(chart.problems).toEqual(['invalid chart_type: "map" (this dataset has no places on a map)']);
      expect(chart.error).toBeNull();
    }
    for (const d of onePeriod) {
      const page = await renderDocument(database.db, `/datasets/${d.code}?chart_type=line`);
      expect(page.status).toBe(200);
      expect(page.html).toContain('data-chart-type="bar" ');
      expect(page.html).toContain('Not shown: chart_type: &quot;line&quot; (this dataset has one period)');
    }
  });
});
