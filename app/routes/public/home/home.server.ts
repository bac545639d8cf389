// Server helpers of the home page: the featured live charts, the latest datasets and the country grid's figures.
import { packDatasetData } from '#core/packed-series';
import type { ReadDb } from '#db/client';
import { catalogueSize } from '#db/queries/catalogue-items';
import { listDatasets } from '#db/queries/datasets';
import { gridCountries } from '#app/components/site/country-grid';
import { homeCharts as featured } from '#app/components/site/featured';
import { chartData, latestFigures, newerPeriodNote } from '#app/features/featured/featured-charts.server';

export async function homeData(db: ReadDb) {
  const [inflation, unemployment, latest, total, grid] = await Promise.all([
    chartData(db, { code: featured.inflation.code, countries: [...featured.inflation.countries] }),
    chartData(db, { code: featured.unemployment.code, countries: [...featured.unemployment.countries] }),
    // The latest updated of the datasets whose data is here (they have periods to show); the count is the whole
    // catalogue's, as /datasets lists it, with the entries imported when first opened.
    listDatasets(db, { sort: 'updated', limit: 6, offset: 0 }),
    catalogueSize(db),
    chartData(db, { code: 'prc_hicp_manr', countries: gridCountries.map((c) => c.code), fromYear: 2024 }),
  ]);
  const figures = Object.fromEntries(
    (grid ? latestFigures(grid) : []).map((f) => [f.geo, { value: f.value, period: f.period }]),
  );
  const [inflationNote, unemploymentNote] = await Promise.all(
    [inflation, unemployment].map((data) => (data ? newerPeriodNote(db, data) : null)),
  );
  return {
    // The charts' values in columns: row objects would be most of the page (decision 169).
    inflation: inflation && packDatasetData(inflation),
    unemployment: unemployment && packDatasetData(unemployment),
    notes: { inflation: inflationNote ?? null, unemployment: unemploymentNote ?? null },
    latest: latest.items,
    total,
    figures,
  };
}
