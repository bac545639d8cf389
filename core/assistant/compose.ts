// Answer composition: numbers only as cited observations (value, decimals and flags as published) or as a stated
// difference of cited ones; and the check that finds any number in an answer that is neither.
import { describeFlags } from '../flags';

/** One cited observation, as the API answers it (specification fields first). */
export interface Citation {
  dataset_code: string;
  geo: string;
  /** Display format: 2022, Q3/2023, 10/2022. */
  period: string;
  value: number;
  flags: string | null;
  /** The dataset page's chart view showing the value. */
  url: string;
  dataset_name: string;
  /** The series' dimension values: "Annual rate of change · All-items HICP". */
  series: string;
  place: string;
  unit: string;
  flag_meaning: string | null;
  /** Decimals as published (13.0 stays 13.0). */
  decimals: number | null;
}

/** A number computed from cited ones (a difference), with the citations it comes from (1-based). */
export interface Derived {
  text: string;
  value: number;
  from: number[];
}

/** An answer as POST /api/assistant/ask gives it (server/assistant/api.ts) and pages show it. */
export interface AssistantAnswer {
  answer: string;
  citations: Citation[];
  chart?: { chart_type: string; embed_url: string };
  engine: 'builtin' | 'llm';
  /** Empty for an anonymous visitor's question, which is kept nowhere (decision 216). */
  conversation_id: string;
  declined: boolean;
  derived: Derived[];
}

/** "Ask this chart" answered by a page's loader (decision 216): the assistant's answer, or why there is none. */
export type AskChartAnswer = { answer: AssistantAnswer } | { error: string };

/** A value as published: its decimals, thousands separated, a real minus sign. */
export function formatValue(value: number, decimals: number | null): string {
  const d = decimals ?? (Number.isInteger(value) ? 0 : Math.min(4, String(value).split('.')[1]?.length ?? 0));
  const text = Math.abs(value).toLocaleString('en-GB', { minimumFractionDigits: d, maximumFractionDigits: d });
  return value < 0 ? `−${text}` : text;
}

/** What a unit code means after a number: "%", " million euro". */
export function unitSuffix(unitCode: string): string {
  switch (unitCode) {
    case 'RCH_A':
    case 'RCH_A_AVG':
    case 'CLV_PCH_PRE':
      return ' %';
    case 'PC_ACT':
      return ' % of the labour force';
    case 'PC_POP':
      return ' % of the population';
    case 'THS_PER':
      return ' thousand persons';
    case 'MIO_EUR':
    case 'CP_MEUR':
      return ' million euro';
    case 'EUR_HAB':
      return ' euro per inhabitant';
    case 'MIO_NAC':
      return ' million in national currency';
    case 'MIO_PPS_EU27_2020':
      return ' million PPS';
    case 'PPS_EU27_2020_HAB':
      return ' PPS per inhabitant';
    case 'PPS_HAB_EU27_2020':
      return ' % of the EU27_2020 average (PPS per inhabitant)';
    case 'EUR_HAB_EU27_2020':
      return ' % of the EU27_2020 average (euro per inhabitant)';
    default:
      return '';
  }
}

/**
 * What stays beside each number where the unit is said once for the whole answer (decision 208): the per cent sign
 * of a rate ("6.2 %"), nothing for other units ("1,234" in "thousand persons").
 */
export function unitSymbol(unitCode: string): string {
  return unitSuffix(unitCode).startsWith(' %') ? ' %' : '';
}

/** The unit an answer states once when its numbers carry only `unitSymbol`: "% of the labour force"; null if none. */
export function unitStatedOnce(unitCode: string): string | null {
  const words = unitSuffix(unitCode).trim();
  return words && words !== unitSymbol(unitCode).trim() ? words : null;
}

/** The unit a difference of two values is measured in: percentage points for rates. */
export function differenceUnit(unitCode: string): string {
  const suffix = unitSuffix(unitCode);
  return suffix.startsWith(' %') ? ' percentage points' : suffix;
}

/** Builds an answer: text parts, citations numbered in order of first use, differences. */
export class AnswerBuilder {
  readonly citations: Citation[] = [];
  readonly derived: Derived[] = [];
  private readonly parts: string[] = [];

  /**
   * The cited value with its unit and footnote marker: "11.6 % [1]"; with `unitSaid` (the answer states the unit
   * once, `unitStatedOnce`) only the unit's symbol: "6.2 % [1]" for "% of the labour force". `suffix`: the unit's
   * words when the caller has them from the dataset's unit label ("24,720 persons").
   */
  cite(c: Omit<Citation, 'flag_meaning'>, unitCode: string, unitSaid = false, suffix = unitSuffix(unitCode)): string {
    let index = this.citations.findIndex(
      (x) => x.dataset_code === c.dataset_code && x.geo === c.geo && x.period === c.period && x.series === c.series,
    );
    if (index === -1) {
      this.citations.push({ ...c, flag_meaning: c.flags ? describeFlags(c.flags) : null });
      index = this.citations.length - 1;
    }
    const flag = c.flags ? ` (${describeFlags(c.flags)})` : '';
    const unit = unitSaid ? unitSymbol(unitCode) : suffix;
    return `${formatValue(c.value, c.decimals)}${unit}${flag} [${index + 1}]`;
  }

  /** The index (1-based) of a citation already added. */
  marker(c: Pick<Citation, 'dataset_code' | 'geo' | 'period' | 'series'>): number {
    return (
      this.citations.findIndex(
        (x) => x.dataset_code === c.dataset_code && x.geo === c.geo && x.period === c.period && x.series === c.series,
      ) + 1
    );
  }

  /** A difference a − b of two cited values, at the larger of their decimals; `suffix`: the values' unit words. */
  difference(a: Citation, b: Citation, unitCode: string, suffix?: string): string {
    const decimals = Math.max(a.decimals ?? 0, b.decimals ?? 0);
    const value = Number((a.value - b.value).toFixed(decimals));
    const text = formatValue(Math.abs(value), decimals);
    this.derived.push({ text, value: Math.abs(value), from: [this.marker(a), this.marker(b)] });
    const unit =
      suffix === undefined ? differenceUnit(unitCode) : suffix.startsWith(' %') ? ' percentage points' : suffix;
    return `${text}${unit}`;
  }

  say(text: string): this {
    this.parts.push(text);
    return this;
  }

  text(): string {
    return this.parts.join(' ').replace(/\s+/g, ' ').trim();
  }
}

const MONTH_NAMES = 'January|February|March|April|May|June|July|August|September|October|November|December';
/** Periods as answers write them: Q3/2022, 10/2022, 2022, week 5 of 2022, 3 October 2022, 2022-10-03. */
const PERIOD = new RegExp(
  [
    '[SQW]\\d{1,2}\\/\\d{4}',
    '(?:0?[1-9]|1[0-2])\\/\\d{4}',
    '[Ww]eek \\d{1,2}(?: of)? \\d{4}',
    `\\d{1,2} (?:${MONTH_NAMES}) \\d{4}`,
    '\\d{4}-\\d{2}-\\d{2}',
    '[12]\\d\\d\\d',
  ]
    // Not inside a number: "2095" in "0.2095" is no year.
    .map((p) => `(?<![.,\\d])\\b${p}\\b(?![.,]\\d)`)
    .join('|'),
  'g',
);
const NUMBER = /[−-]?\d[\d,]*(?:\.\d+)?/g;

/**
 * Numbers an answer states that are neither a cited value nor a stated difference of cited values: years and
 * periods, citation markers and the names of cited places, datasets and series do not count. Must be empty.
 */
export function uncitedNumbers(
  answer: string,
  citations: readonly Citation[],
  derived: readonly Derived[] = [],
): string[] {
  let text = answer.replace(/\[\d+\]/g, ' ');
  const names = [
    ...new Set(
      citations.flatMap((c) => [
        c.place,
        c.dataset_name,
        c.series,
        c.dataset_code,
        c.geo,
        ...c.series.split(' · '),
        // The title's parts an answer names the dataset by ("Population on 1 January").
        ...c.dataset_name
          .split(/\s+-\s+|\s+by\s+|\s*\(|,\s+/)
          .flatMap((part) => [part, part.charAt(0).toLowerCase() + part.slice(1)]),
      ]),
    ),
  ]
    .filter((n) => /\d/.test(n))
    .sort((a, b) => b.length - a.length);
  for (const name of names) text = text.split(name).join(' ');
  // Aggregates' names ("Euro area – 20 countries, from 2023") and codes (EU27_2020, migr_asyappctza, DE21) are not numbers.
  text = text.replace(/– \d+ countries, (?:from )?\d{4}(?:-\d{4})?/g, ' ');
  text = text.replace(/\bNUTS [0-3]\b/g, ' ');

  text = text.replace(/\b(?=\w*[A-Za-z_])\w*\d\w*\b/g, ' ').replace(PERIOD, ' ');
  const allowed = new Set([
    ...citations.map((c) => formatValue(c.value, c.decimals)),
    ...citations.map((c) => formatValue(Math.abs(c.value), c.decimals)),
    ...derived.map((d) => d.text),
  ]);
  const out: string[] = [];
  for (const m of text.matchAll(NUMBER)) {
    const n = m[0].replace(/,$/, '');
    if (!allowed.has(n) && !allowed.has(n.replace(/^[−-]/, ''))) out.push(n);
  }
  return out;
}
