// A place's key figures: latest inflation, unemployment and GDP with period, source and change on the previous period.
import { describeFlags } from '#core/flags';
import { formatPeriod, frequencySchema } from '#core/periods';
import type { ReadDb } from '#db/client';
import type { DatasetRow } from '#db/queries/datasets';
import { findSeries, latestValuesOfSeries, type SeriesRef, type ValueRow } from '#db/queries/statistics';
import type { KeyFigure } from '../../components/statistics/place-data';
import { memo, type CatalogueState } from '#db/catalogue-memo';
import { sourceOf } from './place-charts.server';

interface FigureSource {
  dataset: string;
  /** Dimension code → value code, where the figure is not the dataset's main series. */
  overrides?: Record<string, string>;
  note: string;
}

interface FigureDefinition {
  key: string;
  label: string;
  unit: string;
  /** Rates change in percentage points, levels in percent. */
  change: 'points' | 'percent';
  /** Decimals shown when the source did not say how many it published (JSON-stat): rates 1, levels 0. */
  decimals: number;
  /** Tried in order: the first source with a value for the place gives the figure. */
  sources: FigureSource[];
}

const FIGURES: readonly FigureDefinition[] = [
  {
    key: 'inflation',
    label: 'Inflation',
    unit: '%',
    change: 'points',
    decimals: 1,
    sources: [
      { dataset: 'prc_hicp_manr', note: 'HICP, annual rate of change' },
      { dataset: 'tec00118', note: 'HICP, annual average rate of change' },
    ],
  },
  {
    key: 'unemployment',
    label: 'Unemployment rate',
    unit: '%',
    change: 'points',
    decimals: 1,
    sources: [
      { dataset: 'une_rt_m', note: '% of the labour force, seasonally adjusted' },
      { dataset: 'tps00203', note: '% of the labour force aged 15-74, annual' },
    ],
  },
  {
    key: 'gdp-growth',
    label: 'Real GDP growth',
    unit: '%',
    change: 'points',
    decimals: 1,
    sources: [{ dataset: 'tec00115', note: 'Volume, change on the previous year' }],
  },
  {
    key: 'gdp',
    label: 'GDP',
    unit: 'million euro',
    change: 'percent',
    decimals: 0,
    sources: [
      { dataset: 'nama_10r_3gdp', note: 'At current market prices' },
      { dataset: 'nama_10_gdp', note: 'At current market prices' },
    ],
  },
  {
    key: 'gdp-per-inhabitant',
    label: 'GDP per inhabitant',
    unit: 'euro',
    change: 'percent',
    decimals: 0,
    sources: [{ dataset: 'nama_10r_3gdp', overrides: { unit: 'EUR_HAB' }, note: 'At current market prices' }],
  },
];

/** 3601750 → "3,601,750"; 2.1 with 1 decimal → "2.1"; without published decimals, `fallback` of them. */
export function formatValue(
  value: number,
  decimals: number | null,
  fallback = Number.isInteger(value) ? 0 : 1,
): string {
  const digits = decimals ?? fallback;
  return value.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function changeOf(def: FigureDefinition, latest: ValueRow, previous: ValueRow): KeyFigure['change'] {
  const raw = def.change === 'points' ? latest.value - previous.value : (latest.value / previous.value - 1) * 100;
  if (!Number.isFinite(raw)) return null;
  const value = Math.round(raw * 10) / 10;
  const direction = value > 0 ? 'up' : value < 0 ? 'down' : 'flat';
  const sign = value > 0 ? '+' : value < 0 ? '−' : '±';
  const text = `${sign}${Math.abs(value).toFixed(1)}${def.change === 'points' ? ' pp' : '%'}`;
  return { value, text, direction };
}

interface ResolvedSource {
  src: FigureSource;
  row: DatasetRow;
  series: SeriesRef;
}

/** Each figure's sources that exist in the catalogue, with their series ids (memoised per catalogue version). */
function figureSeries(db: ReadDb, state: CatalogueState): Promise<ResolvedSource[][]> {
  return memo(state, 'figure-series', () =>
    Promise.all(
      FIGURES.map(async (def) => {
        const found: ResolvedSource[] = [];
        for (const src of def.sources) {
          const row = state.byCode.get(src.dataset);
          const series = row ? await findSeries(db, src.dataset, src.overrides) : undefined;
          if (row && series) found.push({ src, row, series });
        }
        return found;
      }),
    ),
  );
}

function toFigure(def: FigureDefinition, { src, row, series }: ResolvedSource, values: ValueRow[]): KeyFigure {
  const [latest, previous] = values as [ValueRow, ValueRow | undefined];
  const freq = frequencySchema.parse(series.frequency);
  return {
    key: def.key,
    label: def.label,
    note: src.note,
    value: latest.value,
    valueText: formatValue(latest.value, latest.decimals, def.decimals),
    unit: def.unit,
    period: formatPeriod(freq, latest.period),
    flags: latest.flags,
    flagText: latest.flags ? describeFlags(latest.flags) : null,
    previous: previous
      ? {
          period: formatPeriod(freq, previous.period),
          valueText: formatValue(previous.value, previous.decimals, def.decimals),
        }
      : null,
    change: previous ? changeOf(def, latest, previous) : null,
    source: sourceOf(row),
  };
}

/** The figures the data has for a place, in a fixed order; each from the first of its sources with a value. */
export async function keyFigures(db: ReadDb, state: CatalogueState, geo: string): Promise<KeyFigure[]> {
  const resolved = await figureSeries(db, state);
  const ids = resolved.flat().map((r) => r.series.seriesId);
  const values = await latestValuesOfSeries(db, [...new Set(ids)], geo, 2);
  const figures: KeyFigure[] = [];
  FIGURES.forEach((def, i) => {
    const source = resolved[i]!.find((r) => (values.get(r.series.seriesId)?.length ?? 0) > 0);
    if (source) figures.push(toFigure(def, source, values.get(source.series.seriesId)!));
  });
  return figures;
}
