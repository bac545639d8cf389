// Server helpers of /trend-tracking: a live inflation chart and each country's change over the last year.
import { packDatasetData } from '#core/packed-series';
import type { ReadDb } from '#db/client';
import { gridCountries } from '#app/components/site/country-grid';
import { trendChart } from '#app/components/site/featured';
import { chartData, latestFigures } from '#app/features/featured/featured-charts.server';

export async function trendData(db: ReadDb) {
  const [chart, grid] = await Promise.all([
    chartData(db, { code: trendChart.code, countries: trendChart.countries }),
    chartData(db, { code: 'prc_hicp_manr', countries: gridCountries.map((c) => c.code), fromYear: 2023 }),
  ]);
  const movers = (grid ? latestFigures(grid) : [])
    .filter((f) => f.yearBefore !== null)
    .map((f) => ({ ...f, change: Math.round((f.value - f.yearBefore!) * 10) / 10 }))
    .sort((a, b) => Math.abs(b.change) - Math.abs(a.change))
    .slice(0, 8);
  // The chart's values in columns: row objects would be most of the page (decision 169).
  return { chart: chart && packDatasetData(chart), movers };
}
