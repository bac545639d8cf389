// The regional map of a place: GDP per inhabitant of its sub-regions on their NUTS 2021 outlines, cut on the server.
import { formatPeriod } from '#core/periods';
import type { ReadDb } from '#db/client';
import { findSeries, latestValuePerGeo, type ValueRow } from '#db/queries/statistics';
import type { Outlines } from '#app/charts';
import type { ChildRegion, RegionalMap, TrailPlace } from '#app/components/statistics/place-data';
import type { PageOutlines } from '#app/load-context';
import { memo, type CatalogueState } from '#db/catalogue-memo';
import { sourceOf } from '#app/features/statistics/place-charts.server';
import { formatValue } from '#app/features/statistics/key-figures.server';

const MAP_DATASET = 'nama_10r_3gdp';
const MAP_UNIT = 'EUR_HAB';

/** Only the outlines of the regions listed: a few kilobytes for the page instead of the whole level. */
function outlinesOf(all: Outlines, codes: ReadonlySet<string>): Outlines {
  return { type: 'FeatureCollection', features: all.features.filter((f) => codes.has(String(f.properties?.id))) };
}

/** Latest GDP per inhabitant of each region listed, keyed by code. */
export async function gdpPerInhabitant(
  db: ReadDb,
  state: CatalogueState,
  codes: readonly string[],
): Promise<Map<string, ValueRow>> {
  const series = await memo(state, 'map-series', () => findSeries(db, MAP_DATASET, { unit: MAP_UNIT }));
  if (!series || codes.length === 0) return new Map();
  return latestValuePerGeo(db, series.seriesId, codes);
}

/** Child regions with their latest GDP per inhabitant, for the list of links. */
export function childRegionList(children: readonly TrailPlace[], values: Map<string, ValueRow>): ChildRegion[] {
  return children.map((c) => {
    const v = values.get(c.code);
    return {
      code: c.code,
      name: c.name,
      path: c.path,
      figure: v ? { valueText: formatValue(v.value, v.decimals), period: formatPeriod('A', v.period) } : null,
    };
  });
}

/** The map of the regions listed (a place's sub-regions), for their latest year with values; null without two of them. */
export async function regionalMap(
  outlines: PageOutlines,
  state: CatalogueState,
  place: TrailPlace,
  children: readonly TrailPlace[],
  values: Map<string, ValueRow>,
): Promise<RegionalMap | null> {
  const periods = children.flatMap((c) => values.get(c.code)?.period ?? []);
  if (periods.length < 2) return null;
  const latest = Math.max(...periods);
  const mapped = children.filter((c) => values.get(c.code)?.period === latest);
  if (mapped.length < 2) return null;
  const level = children[0]!.level as 1 | 2 | 3;
  const all = (await outlines.forChoice({ kind: 'nuts', level }))?.outlines;
  const row = state.byCode.get(MAP_DATASET);
  if (!all || !row) return null;
  const period = formatPeriod('A', latest);
  const mapRow: RegionalMap['rows'][number] = { name: period, unit: 'Euro per inhabitant' };
  // Keys are region codes: names repeat across levels (Berlin is DE3 and DE30), codes do not.
  for (const c of mapped) mapRow[c.code] = values.get(c.code)!.value;
  return {
    title: `GDP per inhabitant in ${place.name} by NUTS ${level} region, ${period}`,
    unit: 'Euro per inhabitant',
    period,
    rows: [mapRow],
    countries: children.map((c) => ({ code: c.code, name: c.name })),
    outlines: outlinesOf(all, new Set(children.map((c) => c.code))),
    source: sourceOf(row),
  };
}
