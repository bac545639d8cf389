// The generated country inflation article: figures and sentences from HICP observations, no data access.
import { describeFlags } from '../flags';
import { formatPeriod, formatPeriodReadable, toOrdinal } from '../periods';

/** One monthly observation; `ordinal` is year*12+month-1. */
export interface MonthValue {
  ordinal: number;
  value: number;
  decimals: number | null;
  flags: string | null;
}

export interface CategoryRate {
  code: string;
  label: string;
  value: MonthValue;
}

export interface InflationFacts {
  country: { code: string; name: string };
  /** The country's all-items annual rates (CP00), oldest first. */
  series: readonly MonthValue[];
  /** Euro area (EA) and EU (EU27_2020) all-items rates, oldest first. */
  euroArea: readonly MonthValue[];
  eu: readonly MonthValue[];
  /** Sub-indices (food …) at the latest month that has them, in COICOP order. */
  categories: readonly CategoryRate[];
  release: { datasetCode: string; datasetName: string; lastUpdate: string | null };
}

export interface ArticleFigure {
  period: string;
  value: number;
  text: string;
  flags: string | null;
}

export interface ArticleSection {
  id: string;
  heading: string;
  paragraphs: string[];
}

export interface InflationArticle {
  title: string;
  summary: string;
  latest: ArticleFigure;
  peak: ArticleFigure;
  sections: ArticleSection[];
  /** Which release the text reflects. */
  releaseNote: string;
}

const RECENT_FROM = toOrdinal('M', 2020, 1);

/** Prose names the month (April 2025); the figures keep the specification's 4/2025. */
const month = (o: MonthValue) => formatPeriodReadable('M', o.ordinal, 'long');
const pct = (o: MonthValue) => `${o.value.toFixed(o.decimals ?? 1)}%`;
const points = (diff: number) => {
  const n = Math.abs(diff);
  return `${n.toFixed(1)} percentage point${n.toFixed(1) === '1.0' ? '' : 's'}`;
};
const figure = (o: MonthValue): ArticleFigure => ({
  period: formatPeriod('M', o.ordinal),
  value: o.value,
  text: pct(o),
  flags: o.flags,
});
const at = (list: readonly MonthValue[], ordinal: number) => list.find((o) => o.ordinal === ordinal);
const last = <T>(list: readonly T[]): T | undefined => list[list.length - 1];

/** The highest value (the earliest month when tied). */
function peakOf(list: readonly MonthValue[]): MonthValue | undefined {
  return list.reduce<MonthValue | undefined>((best, o) => (!best || o.value > best.value ? o : best), undefined);
}

function lowOf(list: readonly MonthValue[]): MonthValue | undefined {
  return list.reduce<MonthValue | undefined>((best, o) => (!best || o.value < best.value ? o : best), undefined);
}

function flagNote(o: MonthValue): string {
  if (!o.flags) return '';
  const meaning = describeFlags(o.flags);
  return o.flags.includes('e')
    ? ` The figure is a flash estimate (flag ${o.flags}) and may be revised.`
    : ` The figure is marked ${meaning} (flag ${o.flags}).`;
}

/** "rose 2.1%" or "fell 0.4%" in the country's own words. */
function change(o: MonthValue): string {
  return o.value >= 0 ? `were ${pct(o)} higher` : `were ${o.value.toFixed(o.decimals ?? 1).replace('-', '')}% lower`;
}

function compare(country: string, own: MonthValue, other: MonthValue, otherName: string): string {
  const diff = own.value - other.value;
  const relation =
    Math.abs(diff) < 0.05
      ? `the same as in ${otherName}`
      : `${points(diff)} ${diff > 0 ? 'above' : 'below'} the rate in ${otherName}`;
  return `In ${month(other)}, ${otherName} had an annual rate of ${pct(other)}; ${country}'s ${pct(own)} was ${relation}.`;
}

function latestSection(name: string, latest: MonthValue, previous: MonthValue | undefined): ArticleSection {
  const paragraphs = [
    `Consumer prices in ${name} ${change(latest)} in ${month(latest)} than a year earlier, according to the harmonised index of consumer prices (HICP).${flagNote(latest)}`,
  ];
  if (previous) {
    const diff = latest.value - previous.value;
    paragraphs.push(
      Math.abs(diff) < 0.05
        ? `The rate was unchanged from ${month(previous)}, when it was also ${pct(previous)}.`
        : `In ${month(previous)} the rate was ${pct(previous)}, so inflation ${diff < 0 ? 'eased' : 'picked up'} by ${points(diff)} in a month.`,
    );
  }
  return { id: 'latest', heading: 'The latest figure', paragraphs };
}

function peakSection(name: string, series: readonly MonthValue[], latest: MonthValue): ArticleSection {
  const first = series[0]!;
  const peak = peakOf(series)!;
  const paragraphs = [
    `Since the series began in ${month(first)}, the highest annual rate in ${name} was ${pct(peak)} in ${month(peak)}.` +
      (peak.ordinal === latest.ordinal
        ? ' The latest month is that peak.'
        : ` The latest rate is ${points(peak.value - latest.value)} below that peak.`),
  ];
  const recent = peakOf(series.filter((o) => o.ordinal >= RECENT_FROM));
  if (recent && peak.ordinal < RECENT_FROM && recent.ordinal !== latest.ordinal) {
    paragraphs.push(
      `Since ${formatPeriodReadable('M', RECENT_FROM, 'long')}, the highest rate was ${pct(recent)} in ${month(recent)}.`,
    );
  }
  return { id: 'peak', heading: 'The peak', paragraphs };
}

function comparisonSection(
  facts: InflationFacts,
  latest: MonthValue,
): { section: ArticleSection; euroArea?: MonthValue; eu?: MonthValue } {
  const name = facts.country.name;
  const paragraphs: string[] = [];
  const refs: { list: readonly MonthValue[]; label: string }[] = [
    { list: facts.euroArea, label: 'the euro area' },
    { list: facts.eu, label: 'the European Union' },
  ];
  const found: (MonthValue | undefined)[] = [];
  for (const { list, label } of refs) {
    // Compare like with like: the reference's value for the country's latest month, else its latest month.
    const ref = at(list, latest.ordinal) ?? last(list);
    found.push(ref);
    if (!ref) continue;
    const own = at(facts.series, ref.ordinal);
    if (own) paragraphs.push(compare(name, own, ref, label));
  }
  if (paragraphs.length === 0) paragraphs.push(`No euro-area or EU figure is available to compare with ${name}.`);
  return {
    section: { id: 'comparison', heading: 'Compared with the euro area and the EU', paragraphs },
    euroArea: found[0],
    eu: found[1],
  };
}

function trendSection(name: string, series: readonly MonthValue[], latest: MonthValue): ArticleSection | null {
  const window = series.filter((o) => o.ordinal > latest.ordinal - 12 && o.ordinal <= latest.ordinal);
  const yearAgo = at(series, latest.ordinal - 12);
  if (window.length < 2) return null;
  const high = peakOf(window)!;
  const low = lowOf(window)!;
  const paragraphs = [
    `Over the 12 months to ${month(latest)}, the annual rate in ${name} moved between ${pct(low)} (${month(low)}) and ${pct(high)} (${month(high)}).`,
  ];
  if (yearAgo) {
    const diff = latest.value - yearAgo.value;
    const verdict =
      Math.abs(diff) < 0.5
        ? `inflation has been broadly stable over the year (${diff === 0 ? 'no change' : `${diff > 0 ? 'up' : 'down'} ${points(diff)}`})`
        : diff < 0
          ? `inflation has eased by ${points(diff)} over the year`
          : `inflation has picked up by ${points(diff)} over the year`;
    paragraphs.push(`A year earlier, in ${month(yearAgo)}, the rate was ${pct(yearAgo)}: ${verdict}.`);
  }
  return { id: 'trend', heading: 'The last 12 months', paragraphs };
}

function categorySection(name: string, facts: InflationFacts): ArticleSection | null {
  const [main, ...rest] = facts.categories;
  if (!main) return null;
  const headline = at(facts.series, main.value.ordinal);
  const when = month(main.value);
  const first = `In ${when}, the latest month with figures by product group, prices of ${main.label.toLowerCase()} in ${name} ${change(main.value)} than a year earlier`;
  const versus = headline
    ? Math.abs(main.value.value - headline.value) < 0.05
      ? `, in line with the all-items rate of ${pct(headline)}.`
      : `, ${main.value.value > headline.value ? 'above' : 'below'} the all-items rate of ${pct(headline)}.`
    : '.';
  const paragraphs = [first + versus];
  if (rest.length > 0) {
    const parts = rest.map((c) => `${c.label.toLowerCase()} ${c.value.value >= 0 ? '+' : ''}${pct(c.value)}`);
    paragraphs.push(`Within that group, the annual rates were: ${parts.join('; ')}.`);
  }
  paragraphs.push(
    'These are the rates of each product group on its own; how much each adds to the all-items rate also depends on its weight in household spending, which this dataset does not carry.',
  );
  return { id: 'categories', heading: 'Food prices against the all-items rate', paragraphs };
}

function releaseNote(facts: InflationFacts, latest: MonthValue): string {
  const { datasetCode, datasetName, lastUpdate } = facts.release;
  const updated = lastUpdate
    ? new Date(lastUpdate).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      })
    : 'an unknown date';
  return (
    `This article is written from Eurostat's ${datasetName} (${datasetCode}), in the release last updated on ${updated}, ` +
    `with figures up to ${month(latest)}. It is regenerated from the data whenever a new release is imported.`
  );
}

/** The article, or null when the country has no all-items figure. */
export function buildInflationArticle(facts: InflationFacts): InflationArticle | null {
  const latest = last(facts.series);
  if (!latest) return null;
  const name = facts.country.name;
  const previous = at(facts.series, latest.ordinal - 1);
  const { section: comparison } = comparisonSection(facts, latest);
  const sections = [
    latestSection(name, latest, previous),
    peakSection(name, facts.series, latest),
    comparison,
    trendSection(name, facts.series, latest),
    categorySection(name, facts),
  ].filter((s): s is ArticleSection => s !== null);
  const direction = previous
    ? latest.value < previous.value - 0.05
      ? `, down from ${pct(previous)} in ${month(previous)}`
      : latest.value > previous.value + 0.05
        ? `, up from ${pct(previous)} in ${month(previous)}`
        : `, unchanged from ${month(previous)}`
    : '';
  return {
    title: `Inflation in ${name}: ${pct(latest)} in ${month(latest)}`,
    summary: `Annual HICP inflation in ${name} was ${pct(latest)} in ${month(latest)}${latest.flags?.includes('e') ? ' (flash estimate)' : ''}${direction}.`,
    latest: figure(latest),
    peak: figure(peakOf(facts.series)!),
    sections,
    releaseNote: releaseNote(facts, latest),
  };
}
