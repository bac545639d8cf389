// Tooltip contents of the cartesian views (pure): every series at a period for line and grouped bars, one bar's value.
import { describeFlags } from '#core/flags';
import { readablePeriod } from '#core/periods';
import type { DatasetData } from '#core/schemas/dataset';
import type { ChartTable } from './chart-series';
import { formatNumber } from './number-format';

export interface TooltipRow {
  key: string;
  label: string;
  /** '2.1', or 'No data'. */
  value: string;
  /** Observation flags as published (e, p, b …); '' when none. */
  flag: string;
  colorIndex?: number;
  hasData: boolean;
}

export interface TooltipContent {
  /** The period for people (line, grouped bars: 'Oct 2022') or the bar's name (sparse and horizontal bars). */
  title: string;
  /** The unit, and for a bar its period: 'Annual rate of change (%), May 2025'. */
  subtitle: string;
  /** Title and subtitle as a screen reader says them, the period in full: 'October 2022; Annual rate of change (%)'. */
  spoken: string;
  rows: TooltipRow[];
}

export const TOOLTIP_NO_DATA = 'No data';

/** Flags of a response by `${seriesId}:${geo name}|${period}`, the key of a chart series and a period. */
export function flagIndex(data: DatasetData): Map<string, string> {
  const index = new Map<string, string>();
  for (const s of data.data) {
    for (const r of s.rows) {
      for (const [geo, f] of Object.entries(r.flags ?? {})) if (f) index.set(`${s.id}:${geo}|${r.period}`, f);
    }
  }
  return index;
}

/**
 * Every series at one period of a table, highest first and series without a value last ('No data'), with flags:
 * the line chart's and the grouped bar chart's tooltip.
 */
export function periodTooltip(
  table: ChartTable,
  periodIndex: number,
  decimals: number,
  flags: ReadonlyMap<string, string>,
): TooltipContent {
  const period = table.periods[periodIndex] ?? '';
  const rows = table.series.map((s): TooltipRow & { n: number | null } => {
    const v = s.values[periodIndex] ?? null;
    return {
      key: s.key,
      label: s.label,
      value: v === null ? TOOLTIP_NO_DATA : formatNumber(v, decimals),
      flag: v === null ? '' : (flags.get(`${s.key}|${period}`) ?? ''),
      colorIndex: s.colorIndex,
      hasData: v !== null,
      n: v,
    };
  });
  rows.sort((a, b) => {
    if (a.n === null || b.n === null) return a.n === b.n ? 0 : a.n === null ? 1 : -1;
    return b.n - a.n;
  });
  return {
    title: readablePeriod(period),
    subtitle: table.unit,
    spoken: [readablePeriod(period, 'long'), table.unit].filter(Boolean).join('; '),
    rows: rows.map(({ n: _n, ...r }) => r),
  };
}

/** One bar (sparse or horizontal bars): its name, the unit and period, the value with its flag. */
export function barTooltip(
  bar: { key: string; label: string; value: number | null; colorIndex?: number },
  unit: string,
  period: string,
  decimals: number,
  flags: ReadonlyMap<string, string>,
): TooltipContent {
  const has = bar.value !== null;
  return {
    title: bar.label,
    subtitle: [unit, period && readablePeriod(period)].filter(Boolean).join(', '),
    spoken: [bar.label, [unit, period && readablePeriod(period, 'long')].filter(Boolean).join(', ')]
      .filter(Boolean)
      .join('; '),
    rows: [
      {
        key: bar.key,
        label: '',
        value: has ? formatNumber(bar.value!, decimals) : TOOLTIP_NO_DATA,
        flag: has ? (flags.get(`${bar.key}|${period}`) ?? '') : '',
        colorIndex: bar.colorIndex,
        hasData: has,
      },
    ],
  };
}

/**
 * The tooltip as one line of text, for screen readers (aria-live) and tests: the period (in full) or place, the unit
 * (with the period for a bar), and each row's place and value, its flags in words ('2.1 (estimated)') where the
 * tooltip shows the letter.
 */
export function tooltipText(content: TooltipContent): string {
  return [content.spoken, ...tooltipRowTexts(content)].filter(Boolean).join('; ');
}

/** Each row of a tooltip in words, its place and value, flags in words: 'Germany: 2.1 (estimated)'. */
export function tooltipRowTexts(content: TooltipContent): string[] {
  return content.rows.map((r) =>
    [r.label, `${r.value}${r.flag ? ` (${describeFlags(r.flag)})` : ''}`].filter(Boolean).join(': '),
  );
}

/** A place the pointer or the keyboard can point at, in the SVG's pixels. */
export interface TooltipTarget {
  key: string;
  /** Centre along the axis the targets are spread on (x for line and bars, y for horizontal bars). */
  at: number;
  /** Where the tooltip is anchored. */
  x: number;
  y: number;
  /** Built when shown: a 45-country line has hundreds of periods. */
  content: () => TooltipContent;
}

/** The target nearest to a pointer position along the targets' axis; null without targets. */
export function nearestTarget(targets: readonly Pick<TooltipTarget, 'at'>[], at: number): number | null {
  let best: number | null = null;
  let distance = Infinity;
  targets.forEach((t, i) => {
    const d = Math.abs(t.at - at);
    if (d < distance) [best, distance] = [i, d];
  });
  return best;
}
