// The robot's article (decision 141): Markdown from the numbers a template asks for, with a live chart shortcode and
// every number cited like a chat answer. Pure: the facts are read elsewhere (server/robot/facts.ts), through the one
// view loader. Sections say plainly when a figure is missing; nothing is guessed or rounded into a new number.
import { AnswerBuilder, uncitedNumbers, type Citation, type Derived } from '../assistant/compose';
import { formatPeriod, formatPeriodReadable, periodsPerYear, type Frequency } from '../periods';
import type { RobotSection } from './template';

/** One stored observation with its citation (built by server/assistant/data.ts `citationOf`). */
export interface CitedValue {
  /** Period ordinal in the dataset's frequency. */
  period: number;
  value: number;
  flags: string | null;
  citation: Omit<Citation, 'flag_meaning'>;
}

export interface RankFacts {
  /** The EU27_2020 members with a value for the period, any order. */
  members: { geo: string; name: string; value: CitedValue }[];
  period: number;
}

export interface RevisionFact {
  period: number;
  /** The value as it stood before the last release (a stored vintage), and the one that stands now. */
  before: CitedValue;
  now: CitedValue;
}

export interface PlaceFacts {
  geo: string;
  name: string;
  /** A country (rank among EU countries applies), not an aggregate or a region. */
  isCountry: boolean;
  /** Whether the country is one of the EU27_2020 members. */
  inEu: boolean;
  /** Published values of the series, oldest first. */
  values: CitedValue[];
  /** The EU countries at the place's latest period; null when not asked or not a country. */
  rank: RankFacts | null;
  /** Revisions of this place's series made by the last release (null: no release to compare with). */
  revisions: RevisionFact[] | null;
}

export interface RobotFacts {
  dataset: { code: string; name: string; freq: Frequency };
  series: { label: string; unit: string; dimensions: Record<string, string> };
  places: PlaceFacts[];
  sections: readonly RobotSection[];
  lag: number;
  titlePattern: string;
  /** Whether the last release was the dataset's first import here (nothing was revised). */
  firstRelease: boolean;
}

export interface RobotArticle {
  title: string;
  summary: string;
  markdown: string;
  citations: Citation[];
  derived: Derived[];
}

/** How the value before a revision is told apart from the one now, in its citation's series. */
export const BEFORE_RELEASE = 'as published before the last release';

const periodWord: Record<Frequency, [string, string]> = {
  A: ['year', 'years'],
  S: ['half-year', 'half-years'],
  Q: ['quarter', 'quarters'],
  M: ['month', 'months'],
  W: ['week', 'weeks'],
  D: ['day', 'days'],
};

const SMALL = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const ORDINAL_SMALL: Record<string, string> = {
  one: 'first',
  two: 'second',
  three: 'third',
  five: 'fifth',
  eight: 'eighth',
  nine: 'ninth',
  twelve: 'twelfth',
};

/** Counts in words (no bare number in a draft is left uncited): 27 → "twenty-seven". */
export function numberWords(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 99) return 'many';
  if (n < 20) return SMALL[n]!;
  const t = TENS[Math.floor(n / 10)]!;
  return n % 10 === 0 ? t : `${t}-${SMALL[n % 10]}`;
}

/** 1 → "first", 22 → "twenty-second". */
export function ordinalWords(n: number): string {
  const words = numberWords(n);
  const parts = words.split('-');
  const lastWord = parts.pop()!;
  const ord = ORDINAL_SMALL[lastWord] ?? (lastWord.endsWith('y') ? `${lastWord.slice(0, -1)}ieth` : `${lastWord}th`);
  return [...parts, ord].join('-');
}

/** "a year earlier", "a month earlier", "three months earlier". */
export function lagWords(freq: Frequency, lag: number): string {
  if (lag === periodsPerYear(freq) && freq !== 'A') return 'a year earlier';
  const [one, many] = periodWord[freq];
  return lag === 1 ? `${/^[aeiou]/.test(one) ? 'an' : 'a'} ${one} earlier` : `${numberWords(lag)} ${many} earlier`;
}

/** The title: the pattern's {place}, {value}, {period}, {dataset}, {series} filled in. */
export function fillTitle(
  pattern: string,
  fields: { place: string; value: string; period: string; dataset: string; series: string },
): string {
  return pattern
    .replace(/\{(place|value|period|dataset|series)\}/g, (_m, key: keyof typeof fields) => fields[key])
    .replace(/\s+/g, ' ')
    .trim();
}

/** Markdown text with its link targets and chart shortcodes left out: what a reader reads as numbers. */
function readableText(markdown: string): string {
  return markdown
    .split('\n')
    .filter((line) => !/^\s*\{\{<\s*chart\b/.test(line))
    .join('\n')
    .replace(/\]\([^)]*\)/g, '] ');
}

/**
 * Numbers a draft (title and Markdown) states that are neither a cited value nor a stated difference of two cited
 * values (periods, years, citation markers and the names of cited places and series do not count). Must be empty.
 */
export function uncitedDraftNumbers(
  title: string,
  markdown: string,
  cited: { citations: readonly Citation[]; derived: readonly Derived[] },
): string[] {
  return uncitedNumbers(`${title}\n${readableText(markdown)}`, cited.citations, cited.derived);
}

const escapeMd = (s: string) => s.replace(/([\\`*_[\]<>#|])/g, '\\$1');

const latestOf = (p: PlaceFacts) => p.values[p.values.length - 1];
const at = (p: PlaceFacts, period: number) => p.values.find((v) => v.period === period);

function unchanged(a: number, b: number): boolean {
  return Math.abs(a - b) < 1e-9;
}

/** The chart the article shows: the places' series over the last years (five of them, or ten for annual data). */
export function chartShortcodeOf(facts: Pick<RobotFacts, 'dataset' | 'series' | 'places'>): string {
  const { freq } = facts.dataset;
  const latest = Math.max(...facts.places.flatMap((p) => p.values.map((v) => v.period)));
  const span = freq === 'A' ? 10 : 5 * periodsPerYear(freq);
  const attrs = [
    `dataset="${facts.dataset.code}"`,
    `type="line"`,
    `countries="${facts.places.map((p) => p.geo).join(',')}"`,
  ];
  if (Number.isFinite(latest)) attrs.push(`from="${formatPeriod(freq, latest - span + 1)}"`);
  for (const [dim, code] of Object.entries(facts.series.dimensions)) attrs.push(`${dim}="${code}"`);
  return `{{< chart ${attrs.join(' ')} >}}`;
}

export function buildRobotArticle(facts: RobotFacts): RobotArticle {
  const b = new AnswerBuilder();
  const unit = facts.series.unit;
  const freq = facts.dataset.freq;
  // Prose names the period for people (September 2025); the citations keep the API's 9/2025.
  const period = (o: number) => formatPeriodReadable(freq, o, 'long');
  const cite = (v: CitedValue) => b.cite(v.citation, unit);
  const citationOf = (v: CitedValue) => b.citations[b.marker(v.citation) - 1]!;
  const lines: string[] = [];
  const paragraph = (text: string) => lines.push(text, '');
  const heading = (text: string) => lines.push(`## ${text}`, '');
  const multi = facts.places.length > 1;
  const lead = facts.places[0];
  const leadLatest = lead ? latestOf(lead) : undefined;

  // The opening: the latest figure of the first place, then the live chart.
  if (lead && leadLatest) {
    paragraph(
      `Eurostat's ${facts.dataset.name} (${facts.dataset.code}) puts ${lead.name} at ${cite(leadLatest)} in ` +
        `${period(leadLatest.period)} (${facts.series.label}).`,
    );
  } else {
    paragraph(
      `${facts.dataset.name} (${facts.dataset.code}) has no figure for ${facts.places.map((p) => p.name).join(' or ') || 'the places chosen'}.`,
    );
  }
  if (facts.places.some((p) => p.values.length > 0)) lines.push(chartShortcodeOf(facts), '');

  const sectionOf: Record<RobotSection, () => void> = {
    latest: () => {
      heading('The latest figure');
      for (const p of facts.places) {
        const v = latestOf(p);
        if (!v) {
          paragraph(`There is no figure for ${p.name} in this dataset.`);
          continue;
        }
        const caution = v.flags && /[ep]/i.test(v.flags) ? ' The figure may still be revised.' : '';
        paragraph(
          `${multi ? `**${p.name}**: the` : 'The'} latest figure${multi ? '' : ` for ${p.name}`} is ${cite(v)}, for ${period(v.period)}.${caution}`,
        );
      }
    },
    change: () => {
      heading(`Change from ${lagWords(freq, facts.lag)}`);
      for (const p of facts.places) {
        const v = latestOf(p);
        if (!v) {
          paragraph(`There is no figure for ${p.name} to compare.`);
          continue;
        }
        const then = v.period - facts.lag;
        const before = at(p, then);
        if (!before) {
          paragraph(
            `There is no figure for ${p.name} in ${period(then)}, ${lagWords(freq, facts.lag)}, to compare with.`,
          );
          continue;
        }
        const prefix = `In ${period(then)}, ${lagWords(freq, facts.lag)}, the figure for ${p.name} was ${cite(before)}`;
        if (unchanged(v.value, before.value)) {
          paragraph(`${prefix}: unchanged in ${period(v.period)} at ${cite(v)}.`);
        } else {
          const diff = b.difference(citationOf(v), citationOf(before), unit);
          paragraph(
            `${prefix}; in ${period(v.period)} it was ${cite(v)}, ${v.value > before.value ? 'up' : 'down'} ${diff}.`,
          );
        }
      }
    },
    rank: () => {
      heading('Rank among EU countries');
      for (const p of facts.places) {
        if (!p.isCountry) {
          paragraph(`${p.name} is not a country, so it is not ranked among the EU countries.`);
          continue;
        }
        if (!p.inEu) {
          paragraph(`${p.name} is not an EU member state, so it is not ranked among them.`);
          continue;
        }
        const r = p.rank;
        const own = r?.members.find((m) => m.geo === p.geo);
        if (!r || !own) {
          paragraph(`There is no figure for ${p.name} to rank among the EU countries.`);
          continue;
        }
        const sorted = [...r.members].sort((x, y) => y.value.value - x.value.value || x.name.localeCompare(y.name));
        const position = sorted.filter((m) => m.value.value > own.value.value).length + 1;
        const top = sorted[0]!;
        const bottom = sorted[sorted.length - 1]!;
        const tied = sorted.filter((m) => unchanged(m.value.value, own.value.value)).length > 1 ? ' (shared)' : '';
        let text =
          `In ${period(r.period)}, ${p.name} had the ${position === 1 ? '' : `${ordinalWords(position)}-`}highest figure${tied} ` +
          `of the ${numberWords(sorted.length)} EU countries with a figure for that period, at ${cite(own.value)}.`;
        if (top.geo !== p.geo) text += ` The highest was ${top.name}, at ${cite(top.value)}.`;
        if (bottom.geo !== p.geo) text += ` The lowest was ${bottom.name}, at ${cite(bottom.value)}.`;
        paragraph(text);
      }
    },
    peak: () => {
      heading('Peak and trough');
      for (const p of facts.places) {
        const first = p.values[0];
        const v = latestOf(p);
        if (!first || !v) {
          paragraph(`There is no figure for ${p.name} in this dataset.`);
          continue;
        }
        // The earliest when tied.
        const peak = p.values.reduce((m, o) => (o.value > m.value ? o : m));
        const trough = p.values.reduce((m, o) => (o.value < m.value ? o : m));
        let text =
          `Since the series for ${p.name} began in ${period(first.period)}, the highest figure was ${cite(peak)} in ` +
          `${period(peak.period)} and the lowest ${cite(trough)} in ${period(trough.period)}.`;
        if (peak.period === v.period) text += ' The latest figure is that peak.';
        else if (trough.period === v.period) text += ' The latest figure is that low.';
        else
          text += ` The latest figure, ${cite(v)}, is ${b.difference(citationOf(peak), citationOf(v), unit)} below the peak.`;
        paragraph(text);
      }
    },
    revisions: () => {
      heading('Revisions since the last release');
      if (facts.firstRelease) {
        paragraph('The last release is the first of this dataset imported here, so no earlier figure was revised.');
        return;
      }
      for (const p of facts.places) {
        if (p.revisions === null) {
          paragraph(`There is no earlier release to compare with for ${p.name}.`);
          continue;
        }
        if (p.revisions.length === 0) {
          paragraph(`The last release revised no earlier figure for ${p.name}.`);
          continue;
        }
        paragraph(
          `The last release revised ${p.revisions.length === 1 ? 'one earlier figure' : `${numberWords(p.revisions.length)} earlier figures`} for ${p.name}:`,
        );
        lines.pop();
        for (const r of p.revisions) {
          // The earlier vintage is its own citation: same place and period, the value before the release.
          const before = { ...r.before.citation, series: `${r.before.citation.series} (${BEFORE_RELEASE})` };
          lines.push(`- ${period(r.period)}: ${b.cite(before, unit)} before, ${cite(r.now)} now`);
        }
        lines.push('');
      }
    },
  };
  for (const s of facts.sections) sectionOf[s]();

  // The sources: each cited value with its series, place, period, flag and the chart view that shows it.
  heading('Sources');
  for (const [i, c] of b.citations.entries()) {
    const flag = c.flags ? `, flag ${c.flags} (${c.flag_meaning})` : '';
    const value = b.cite(c, unit).replace(/ \(.*\) \[\d+\]$| \[\d+\]$/, '');
    lines.push(
      `- [${i + 1}] ${escapeMd(c.place)}, ${escapeMd(c.series)}, ${c.period}: ${value}${flag}. ` +
        `[${escapeMd(`${c.dataset_name} (${c.dataset_code})`)}](${c.url})`,
    );
  }
  lines.push(
    '',
    `Written by the statistics robot from Eurostat's ${facts.dataset.name} (${facts.dataset.code}); every figure is a ` +
      'published value, and the chart above stays current.',
  );

  const title = fillTitle(facts.titlePattern, {
    place: lead?.name ?? '',
    value: leadLatest ? b.cite(leadLatest.citation, unit).replace(/ \(.*\) \[\d+\]$| \[\d+\]$/, '') : 'no figure',
    period: leadLatest ? period(leadLatest.period) : '',
    dataset: facts.dataset.name,
    series: facts.series.label,
  });
  const summary =
    lead && leadLatest
      ? `${lead.name}: ${b.cite(leadLatest.citation, unit).replace(/ \[\d+\]$/, '')} in ${period(leadLatest.period)}, according to Eurostat's ${facts.dataset.name}.`
      : `No figure yet for ${facts.places.map((p) => p.name).join(', ')}.`;
  return {
    title,
    summary,
    markdown: `${lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()}\n`,
    citations: b.citations,
    derived: b.derived,
  };
}
