// The generated inflation article of a country, read from the HICP data on every request (it follows each release).
import {
  buildInflationArticle,
  type CategoryRate,
  type InflationArticle,
  type MonthValue,
} from '#core/blog/inflation-article';
import { toOrdinal } from '#core/periods';
import type { ReadDb } from '#db/client';
import { getDatasetMeta } from '#db/queries/datasets';
import { dimensionValuesOf, findSeries, latestValues, seriesValues, type ValueRow } from '#db/queries/statistics';
import type { PlaceChart } from '#app/components/statistics/place-data';
import { catalogueState, memo } from '#db/catalogue-memo';
import { chartOf } from '#app/features/statistics/place-charts.server';
import { countryPlaces } from '#app/features/statistics/places.server';

const HICP = 'prc_hicp_manr';
const EURO_AREA = 'EA';
const EU = 'EU27_2020';
const CHARTS_FROM = toOrdinal('M', 2019, 1);

export interface ArticlePage {
  country: { code: string; name: string; slug: string };
  /** The country's statistics page. */
  statisticsPath: string;
  article: InflationArticle;
  /** Each chart with the id of the section it illustrates. */
  charts: { section: string; chart: PlaceChart }[];
}

const toMonth = (r: ValueRow): MonthValue => ({
  ordinal: r.period,
  value: r.value,
  decimals: r.decimals,
  flags: r.flags,
});

/** The food sub-indices at the latest month that has any of them (the flash estimate has only all items). */
async function categoryRates(db: ReadDb, datasetId: number, geo: string): Promise<CategoryRate[]> {
  const values = (await dimensionValuesOf(db, datasetId, 'coicop')).filter((v) => v.code !== 'CP00');
  const found: CategoryRate[] = [];
  for (const v of values) {
    const series = await findSeries(db, HICP, { coicop: v.code });
    const [latest] = series ? await latestValues(db, series.seriesId, geo, 1) : [];
    if (latest) found.push({ code: v.code, label: v.label, value: toMonth(latest) });
  }
  const newest = Math.max(...found.map((c) => c.value.ordinal));
  return found.filter((c) => c.value.ordinal === newest);
}

/** The article for /blog/inflation-{country}, or null when no country with HICP data has that slug. */
export async function inflationArticlePage(db: ReadDb, countrySlug: string): Promise<ArticlePage | null> {
  const state = await catalogueState(db);
  const country = (await countryPlaces(db, state)).find((c) => c.slug === countrySlug);
  const row = state.byCode.get(HICP);
  const headline = await memo(state, `main-series:${HICP}`, () => findSeries(db, HICP));
  if (!country || !row || !headline) return null;
  const [series, euroArea, eu] = await Promise.all(
    [country.code, EURO_AREA, EU].map((geo) => seriesValues(db, headline.seriesId, [geo])),
  );
  if (!series || series.length === 0) return null;
  const categories = await categoryRates(db, row.id, country.code);
  const article = buildInflationArticle({
    country: { code: country.code, name: country.name },
    series: series.map(toMonth),
    euroArea: (euroArea ?? []).map(toMonth),
    eu: (eu ?? []).map(toMonth),
    categories,
    release: { datasetCode: row.code, datasetName: row.name, lastUpdate: row.lastUpdate?.toISOString() ?? null },
  });
  if (!article) return null;
  const charts: ArticlePage['charts'] = [
    {
      section: 'comparison',
      chart: await chartOf(db, row, {
        countries: [country.code, EURO_AREA, EU],
        from: CHARTS_FROM,
        cutFrom: true,
        chartType: 'line',
        title: `Annual inflation: ${country.name}, the euro area and the EU`,
      }),
    },
  ];
  const coicop = (await getDatasetMeta(db, row)).dimensions.find((d) => d.code === 'coicop');
  const food = categories[0];
  if (coicop && food) {
    charts.push({
      section: 'categories',
      chart: await chartOf(db, row, {
        dimensions: { [coicop.key]: ['CP00', food.code] },
        countries: [country.code],
        from: CHARTS_FROM,
        cutFrom: true,
        chartType: 'line',
        title: `All items and ${food.label.toLowerCase()} in ${country.name}`,
      }),
    });
  }
  return {
    country: { code: country.code, name: country.name, slug: countrySlug },
    statisticsPath: country.path,
    article,
    charts,
  };
}
