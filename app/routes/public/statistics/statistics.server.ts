// The /statistics index: every country with data and its latest headline figures.
import { formatPeriod, frequencySchema } from '#core/periods';
import type { ReadDb } from '#db/client';
import { findSeries, latestValuePerGeo } from '#db/queries/statistics';
import type { TrailPlace } from '#app/components/statistics/place-data';
import { formatValue } from '#app/features/statistics/key-figures.server';
import { catalogueState, memo, type CatalogueState } from '#db/catalogue-memo';
import { countryPlaces } from '#app/features/statistics/places.server';

export interface HeadlineValue {
  value: number;
  valueText: string;
  period: string;
  flags: string | null;
}

export interface CountryRow extends TrailPlace {
  inflation: HeadlineValue | null;
  unemployment: HeadlineValue | null;
  gdpGrowth: HeadlineValue | null;
}

/** Headline rates, shown with one decimal where the source did not say (JSON-stat). */
async function latestByGeo(db: ReadDb, state: CatalogueState, dataset: string): Promise<Map<string, HeadlineValue>> {
  const series = await memo(state, `main-series:${dataset}`, () => findSeries(db, dataset));
  if (!series) return new Map();
  const freq = frequencySchema.parse(series.frequency);
  const values = await latestValuePerGeo(db, series.seriesId);
  return new Map(
    [...values].map(([geo, v]) => [
      geo,
      {
        value: v.value,
        valueText: formatValue(v.value, v.decimals, 1),
        period: formatPeriod(freq, v.period),
        flags: v.flags,
      },
    ]),
  );
}

export async function countryIndex(db: ReadDb): Promise<CountryRow[]> {
  const state = await catalogueState(db);
  const [countries, inflation, unemployment, gdpGrowth] = await Promise.all([
    countryPlaces(db, state),
    latestByGeo(db, state, 'prc_hicp_manr'),
    latestByGeo(db, state, 'une_rt_m'),
    latestByGeo(db, state, 'tec00115'),
  ]);
  return countries.map((c) => ({
    ...c,
    inflation: inflation.get(c.code) ?? null,
    unemployment: unemployment.get(c.code) ?? null,
    gdpGrowth: gdpGrowth.get(c.code) ?? null,
  }));
}
