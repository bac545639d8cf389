// The optional language-model engine: an OpenAI-compatible chat-completions endpoint that may only call our tools
// over the same catalogue the built-in engine reads (search datasets, describe a dataset's dimensions and code
// labels, read values: get observations, rank, compare) and write prose with placeholders ({{v1}}, and
// {{change:v1:v2}} for a change the server computes); the server fills every number from tool results and refuses an
// answer that states a number no tool returned (decisions 081 and 216).
import { AnswerBuilder, uncitedNumbers, type Citation } from '../../core/assistant/compose';
import { EA20, EU27_2020 } from '../../core/assistant/places';
import { normalize } from '../../core/assistant/text';
import { describeFlags } from '../../core/flags';
import { convertOrdinal, formatPeriod, parsePeriod } from '../../core/periods';
import type { ReadDb } from '../../db/client';
import { regionsWithin } from '../../db/queries/assistant';
import { searchDatasets } from '../../db/queries/search';
import { ViewTooLarge } from '../../db/queries/view';
import {
  chooseSeries,
  citationOf,
  loadDataset,
  observations,
  placeName,
  tooManyValuesNote,
  unitCodeOf,
  viewUrl,
  type Dataset,
  type Obs,
  type SeriesChoice,
} from './data';
import { unitWords, type ChartOut, type EngineAnswer } from './builtin';

export interface LlmSettings {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Per request to the model. */
  timeoutMs?: number;
}

export const LLM_REFUSED =
  'The language model wrote a number that no data tool returned, so its answer is not shown. Nothing here is a guess: ask again, or rephrase the question.';
export const LLM_FAILED = 'The language model could not be reached, so there is no answer. Please try again later.';
export const LLM_NO_ANSWER = 'The language model gave no answer within the allowed steps.';

const SYSTEM = [
  'You answer questions about official statistics stored in this database (Eurostat).',
  'You know no numbers yourself. Use the tools: search_datasets finds datasets by words of what they measure;',
  "describe_dataset gives a dataset's dimensions with their codes and labels (pass find to look a label up in a long",
  'code list); get_observations, rank and compare read values, naming dimension values by their codes.',
  'Every observation a tool returns has an id such as v3. In your answer, write a number ONLY as its placeholder',
  '{{v3}}; the server puts in the value, its unit and its citation. For how a value changed from one observation to',
  'another of the same series write {{change:v1:v3}}; the server writes "up 1.2 percentage points", "down 4,000',
  'persons" or "unchanged" from the two values. Never write a digit for a value, a difference or a percentage',
  'yourself. Periods (10/2022, 2022) may be written as the tools give them.',
  'If the tools return no data, say plainly that there is no data; never guess. Answer in two or three sentences.',
].join(' ');

/** The dimension values a read names: dimension code → value code (from describe_dataset). */
const dimensionsParameter = {
  type: 'object',
  description:
    'Dimension code → value code, from describe_dataset (e.g. {"unit": "PC_GDP", "na_item": "B9"}); a dimension not named is read at its main series',
  additionalProperties: { type: 'string' },
};

/** Places by code: countries (DE, FR), aggregates (EU27_2020, EA20) and NUTS regions (DE21, FR10). */
const geosParameter = {
  type: 'array',
  items: { type: 'string' },
  description: 'Place codes: countries (DE, FR), aggregates (EU27_2020, EA20) or NUTS regions (DE21)',
};

const tools = [
  {
    type: 'function',
    function: {
      name: 'search_datasets',
      description:
        'Search the catalogue for datasets by words of what they measure ("government debt", "asylum applicants", "house prices"). Returns each dataset\'s code, title, frequency, first and last period, units, and whether its data is here (imported; only imported datasets can be read).',
      parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
    },
  },
  {
    type: 'function',
    function: {
      name: 'describe_dataset',
      description:
        'A dataset\'s dimensions with their codes and labels (Eurostat\'s code lists), its main series, unit, frequency, period range and places. Long lists (over 25 codes, 40 places) are cut to their first entries with a count: pass find (words of a label: "Syria", "Oberbayern") to list only the codes of those lists whose labels have them.',
      parameters: {
        type: 'object',
        properties: { dataset_code: { type: 'string' }, find: { type: 'string' } },
        required: ['dataset_code'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'get_observations',
      description:
        'Observations of one series for places and a period range (2022, 10/2022, 2022-10, Q3/2022), with the labels of the series read.',
      parameters: {
        type: 'object',
        properties: {
          dataset_code: { type: 'string' },
          geos: geosParameter,
          period_from: { type: 'string' },
          period_to: { type: 'string' },
          dimensions: dimensionsParameter,
        },
        required: ['dataset_code', 'geos'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'rank',
      description:
        'The places of a scope ordered by value at one period: EU27_2020 members, EA20 members, all countries, or NUTS regions (within a country code, at level 1, 2 or 3).',
      parameters: {
        type: 'object',
        properties: {
          dataset_code: { type: 'string' },
          period: { type: 'string' },
          scope: { type: 'string', enum: ['EU27_2020', 'EA20', 'countries', 'regions'] },
          within: { type: 'string', description: 'For regions: the country code whose regions are ranked' },
          level: { type: 'integer', enum: [1, 2, 3], description: 'For regions: the NUTS level (2 if not given)' },
          order: { type: 'string', enum: ['desc', 'asc'] },
          top: { type: 'integer' },
          dimensions: dimensionsParameter,
        },
        required: ['dataset_code', 'period'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'compare',
      description: 'The values of several places at one period.',
      parameters: {
        type: 'object',
        properties: {
          dataset_code: { type: 'string' },
          geos: geosParameter,
          period: { type: 'string' },
          dimensions: dimensionsParameter,
        },
        required: ['dataset_code', 'geos', 'period'],
      },
    },
  },
];

/** Entries of a code list (or of the places) a description lists at most; `find` narrows them. */
const LISTED_CODES = 25;
const LISTED_PLACES = 40;
/** Datasets a search returns. */
const SEARCHED = 8;

export interface ToolValue {
  id: string;
  ds: Dataset;
  series: SeriesChoice;
  obs: Obs;
}

interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

/** Whether a code and label have every word of `find` (accents and case aside). */
function found(find: string[], code: string, label: string): boolean {
  const text = ` ${normalize(`${code} ${label}`)} `;
  return find.every((w) => text.includes(` ${w}`));
}

/**
 * A code list as a description gives it: whole when it has at most `max` entries; else its first `max`, or with
 * `find` the entries it names; with how many there are and how many are not listed.
 */
function listed<T>(all: readonly T[], max: number, keep: ((t: T) => boolean) | null) {
  if (all.length <= max) return { count: all.length, values: all, not_listed: 0 };
  const hits = keep ? all.filter(keep) : all;
  const values = hits.slice(0, max);
  return { count: all.length, ...(keep && { found: hits.length }), values, not_listed: hits.length - values.length };
}

/** The series read, in words: each dimension's code and label with the value's code and label. */
function seriesOut(ds: Dataset, series: SeriesChoice) {
  return ds.meta.dimensions.map((d) => {
    const code = series.dims[d.key]!;
    return {
      dimension: d.code,
      dimension_label: d.label,
      code,
      label: d.values.find((v) => v.code === code)?.label ?? code,
    };
  });
}

/** The unit dimension's labels (or the dataset's unit), for a search result. */
function unitsOf(ds: Dataset): string[] {
  const unit = ds.meta.dimensions.find((d) => d.code.toLowerCase() === 'unit');
  return unit ? unit.values.slice(0, 6).map((v) => v.label) : [ds.meta.unit].filter(Boolean);
}

/**
 * The asked dimension values as the dataset's codes: a dimension by its code (or its dimN key or label), a value by
 * its code or its whole label, case aside; or what is wrong, for the model to correct.
 */
function askedCodes(ds: Dataset, asked: unknown): Record<string, string> | string {
  const out: Record<string, string> = {};
  if (!asked || typeof asked !== 'object') return out;
  const codes = ds.meta.dimensions.map((d) => d.code).join(', ');
  for (const [name, raw] of Object.entries(asked as Record<string, unknown>)) {
    const n = name.trim().toLowerCase();
    const d = ds.meta.dimensions.find((x) => x.code.toLowerCase() === n || x.key === n || x.label.toLowerCase() === n);
    if (!d)
      return `${ds.meta.dataset_code} has no dimension "${name}"; its dimensions are ${codes} (places go in geos)`;
    const text = String(Array.isArray(raw) ? raw[0] : raw).trim();
    const wanted = text.toLowerCase();
    const v =
      d.values.find((x) => x.code.toLowerCase() === wanted) ?? d.values.find((x) => x.label.toLowerCase() === wanted);
    if (!v) return `dimension ${d.code} has no value "${text}"; describe_dataset with find lists its codes`;
    out[d.code] = v.code;
  }
  return out;
}

class ToolBox {
  readonly values = new Map<string, ToolValue>();
  constructor(private readonly db: ReadDb) {}

  private remember(ds: Dataset, series: SeriesChoice, rows: Obs[]) {
    const values = rows.map((obs) => {
      const id = `v${this.values.size + 1}`;
      this.values.set(id, { id, ds, series, obs });
      return {
        id,
        geo: obs.geo,
        place: placeName(obs.geo, obs.geoName),
        period: formatPeriod(ds.freq, obs.period),
        flags: obs.flags,
        ...(obs.flags && { flag_meaning: describeFlags(obs.flags) }),
      };
    });
    return {
      dataset_code: ds.meta.dataset_code,
      title: ds.meta.dataset_name,
      series: seriesOut(ds, series),
      values,
      ...(values.length === 0 && {
        note: `No published value for these places and periods; ${ds.meta.dataset_code} runs from ${ds.meta.oldest_period} to ${ds.meta.latest_period}.`,
      }),
    };
  }

  private async open(code: unknown): Promise<Dataset | string> {
    const ds = await loadDataset(this.db, String(code ?? ''));
    return ds ?? `no dataset ${String(code)} is imported here (search_datasets says which are)`;
  }

  private async dataset(args: Record<string, unknown>): Promise<{ ds: Dataset; series: SeriesChoice } | string> {
    const ds = await this.open(args.dataset_code);
    if (typeof ds === 'string') return ds;
    const asked = askedCodes(ds, args.dimensions);
    if (typeof asked === 'string') return asked;
    const series = chooseSeries(ds, asked);
    if ('missing' in series) return `the dataset has no series for ${series.missing}`;
    return { ds, series };
  }

  private ordinal(ds: Dataset, text: unknown, edge: 'start' | 'end'): number | undefined {
    if (typeof text !== 'string' || !text) return undefined;
    const p = parsePeriod(text);
    return p ? convertOrdinal(p.freq, p.ordinal, ds.freq, edge) : undefined;
  }

  /** A tool's result; a read over the value cap (db/queries/view.ts) is an error the model can narrow from. */
  async run(name: string, args: Record<string, unknown>): Promise<unknown> {
    try {
      return await this.runTool(name, args);
    } catch (error) {
      if (error instanceof ViewTooLarge) return { error: tooManyValuesNote(error) };
      throw error;
    }
  }

  /** The catalogue search the site's search uses (/api/datasets?q=), imported datasets and Eurostat's entries. */
  private async search(query: string): Promise<unknown> {
    const { items, total } = await searchDatasets(this.db, {
      q: query,
      catalogue: true,
      limit: SEARCHED,
      offset: 0,
    });
    const datasets = [];
    for (const item of items) {
      const ds = item.imported ? await loadDataset(this.db, item.dataset_code) : null;
      datasets.push({
        dataset_code: item.dataset_code,
        title: item.dataset_name,
        frequency: item.frequency,
        period_from: item.oldest_period,
        period_to: item.latest_period,
        units: ds ? unitsOf(ds) : [item.unit].filter(Boolean),
        imported: ds !== null,
      });
    }
    return {
      datasets,
      total,
      ...(datasets.length === 0 && { note: `No dataset matches "${query}".` }),
      ...(datasets.some((d) => !d.imported) && {
        note: 'Datasets with imported: false are listed by Eurostat but have no data here: they cannot be read.',
      }),
    };
  }

  /**
   * The dataset's dimensions with codes and labels; a long list is cut, and `find` lists its codes whose labels have
   * its words.
   */
  private describe(ds: Dataset, find: string): unknown {
    const words = normalize(find).split(' ').filter(Boolean);
    const keep = words.length > 0 ? words : null;
    return {
      dataset_code: ds.meta.dataset_code,
      title: ds.meta.dataset_name,
      frequency: ds.meta.frequency,
      period_from: ds.meta.oldest_period,
      period_to: ds.meta.latest_period,
      unit: ds.meta.unit,
      source: ds.meta.source_name,
      ...(keep && { find }),
      dimensions: ds.meta.dimensions.map((d) => ({
        code: d.code,
        label: d.label,
        main: { code: d.default, label: d.values.find((v) => v.code === d.default)?.label ?? d.default },
        ...listed(d.values, LISTED_CODES, keep && ((v) => found(keep, v.code, v.label))),
      })),
      places: listed(
        ds.meta.available_countries.map((c) => ({ code: c.code, name: placeName(c.code, c.name) })),
        LISTED_PLACES,
        keep && ((c) => found(keep, c.code, c.name)),
      ),
    };
  }

  private async runTool(name: string, args: Record<string, unknown>): Promise<unknown> {
    if (name === 'search_datasets') return this.search(String(args.query ?? ''));
    if (name === 'describe_dataset') {
      const ds = await this.open(args.dataset_code);
      if (typeof ds === 'string') return { error: ds };
      return this.describe(ds, typeof args.find === 'string' ? args.find : '');
    }
    if (!['get_observations', 'rank', 'compare'].includes(name)) return { error: `no tool ${name}` };
    const chosen = await this.dataset(args);
    if (typeof chosen === 'string') return { error: chosen };
    const { ds, series } = chosen;
    const geos = Array.isArray(args.geos)
      ? args.geos.map((g) => String(g).trim().toUpperCase()).slice(0, 40)
      : undefined;
    if (name === 'get_observations') {
      const rows = await observations(
        this.db,
        ds,
        series,
        geos,
        this.ordinal(ds, args.period_from, 'start'),
        this.ordinal(ds, args.period_to, 'end'),
      );
      return this.remember(ds, series, rows.slice(-60));
    }
    const at = this.ordinal(ds, args.period, 'end');
    if (at === undefined) return { error: 'period is required (2022, 10/2022)' };
    if (name === 'compare') return this.remember(ds, series, await observations(this.db, ds, series, geos, at, at));
    const regions = args.scope === 'regions';
    const scope = regions
      ? await regionsWithin(
          this.db,
          typeof args.within === 'string' ? args.within.trim().toUpperCase() : '',
          typeof args.level === 'number' && [1, 2, 3].includes(args.level) ? args.level : 2,
        )
      : args.scope === 'EA20'
        ? [...EA20]
        : args.scope === 'countries'
          ? undefined
          : [...EU27_2020];
    const rows = (await observations(this.db, ds, series, scope, at, at)).filter(
      (r) => regions || /^[A-Z]{2}$/.test(r.geo),
    );
    rows.sort((a, b) => (args.order === 'asc' ? a.value - b.value : b.value - a.value));
    const top = typeof args.top === 'number' && args.top > 0 ? Math.min(args.top, 30) : 10;
    return this.remember(ds, series, rows.slice(0, top));
  }
}

async function complete(settings: LlmSettings, messages: ChatMessage[]): Promise<ChatMessage> {
  const res = await fetch(`${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${settings.apiKey}` },
    body: JSON.stringify({ model: settings.model, messages, tools, tool_choice: 'auto', temperature: 0 }),
    signal: AbortSignal.timeout(settings.timeoutMs ?? 60_000),
  });
  if (!res.ok) throw new Error(`chat completions answered ${res.status}`);
  const body = (await res.json()) as { choices?: { message?: ChatMessage }[] };
  const message = body.choices?.[0]?.message;
  if (!message) throw new Error('chat completions answered without a message');
  return message;
}

/** Model turns: a search, a description, a read or two, and the answer, with room for a correction. */
const MAX_STEPS = 8;

/** Asks the model; every number in its answer comes from a tool result, or the answer is refused. */
export async function llmAnswer(
  question: string,
  opts: {
    db: ReadDb;
    origin: string;
    settings: LlmSettings;
    history?: { role: 'user' | 'assistant'; content: string }[];
  },
): Promise<EngineAnswer> {
  const box = new ToolBox(opts.db);
  const messages: ChatMessage[] = [
    { role: 'system', content: SYSTEM },
    ...(opts.history ?? []).slice(-6).map((m) => ({ role: m.role, content: m.content })),
    { role: 'user', content: question },
  ];
  const refuse = (answer: string): EngineAnswer => ({
    answer,
    citations: [],
    derived: [],
    context: null,
    declined: true,
  });
  for (let step = 0; step < MAX_STEPS; step++) {
    let reply: ChatMessage;
    try {
      reply = await complete(opts.settings, messages);
    } catch {
      return refuse(LLM_FAILED);
    }
    if (reply.tool_calls && reply.tool_calls.length > 0) {
      messages.push({ role: 'assistant', content: reply.content ?? null, tool_calls: reply.tool_calls });
      for (const call of reply.tool_calls) {
        let args: Record<string, unknown> = {};
        try {
          args = JSON.parse(call.function.arguments || '{}') as Record<string, unknown>;
        } catch {
          args = {};
        }
        const result = await box.run(call.function.name, args);
        messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(result) });
      }
      continue;
    }
    // An empty answer is none (a model that gave up), not a decline in its own words.
    if (!reply.content?.trim()) return refuse(LLM_NO_ANSWER);
    return fill(reply.content, box, opts.origin);
  }
  return refuse(LLM_NO_ANSWER);
}

/** A value's placeholder, or a change from one value to another of the same series: {{v3}}, {{change:v1:v3}}. */
const PLACEHOLDER = /\{\{\s*(?:(v\d+)|change\s*:\s*(v\d+)\s*:\s*(v\d+))\s*\}\}/g;

/** Two values of one series of one dataset: a change between them is a difference of like with like. */
function sameSeries(a: ToolValue, b: ToolValue): boolean {
  return (
    a.ds.meta.dataset_code === b.ds.meta.dataset_code && JSON.stringify(a.series.dims) === JSON.stringify(b.series.dims)
  );
}

/**
 * Puts each placeholder's value and citation in, and each change as a difference the server computes from the two
 * cited values (listed in `derived`); refuses unknown placeholders, a change between different series, anything else
 * in double braces, and numbers no tool returned.
 */
export function fill(content: string, box: { values: Map<string, ToolValue> }, origin: string): EngineAnswer {
  const b = new AnswerBuilder();
  let unknown = false;
  const cite = (v: ToolValue) =>
    b.cite(citationOf(origin, v.ds, v.series, v.obs), unitCodeOf(v.series), false, unitWords(v.ds, v.series));
  const cited = (v: ToolValue) => b.citations[b.marker(citationOf(origin, v.ds, v.series, v.obs)) - 1]!;
  const text = content.replace(PLACEHOLDER, (_m, id?: string, fromId?: string, toId?: string) => {
    if (id) {
      const v = box.values.get(id);
      if (v) return cite(v);
      unknown = true;
      return '';
    }
    const a = box.values.get(fromId!);
    const z = box.values.get(toId!);
    if (!a || !z || !sameSeries(a, z)) {
      unknown = true;
      return '';
    }
    // Both values are among the citations, whether or not the prose states them.
    cite(a);
    cite(z);
    if (a.obs.value === z.obs.value) return 'unchanged';
    const by = b.difference(cited(z), cited(a), unitCodeOf(a.series), unitWords(a.ds, a.series));
    return `${z.obs.value > a.obs.value ? 'up' : 'down'} ${by}`;
  });
  b.say(text);
  const answer = b.text();
  const refused: EngineAnswer = { answer: LLM_REFUSED, citations: [], derived: [], context: null, declined: true };
  if (unknown || /\{\{|\}\}/.test(answer) || uncitedNumbers(answer, b.citations, b.derived).length > 0) return refused;
  return {
    answer,
    citations: b.citations,
    derived: b.derived,
    chart: chartOf(b.citations, box, origin),
    context: null,
    declined: answer === '',
  };
}

function chartOf(citations: Citation[], box: { values: Map<string, ToolValue> }, origin: string): ChartOut | undefined {
  const first = citations[0];
  if (!first) return undefined;
  const v = [...box.values.values()].find(
    (x) => x.ds.meta.dataset_code === first.dataset_code && x.obs.geo === first.geo,
  );
  if (!v) return undefined;
  const same = [...box.values.values()].filter(
    (x) =>
      sameSeries(x, v) &&
      citations.some((c) => c.geo === x.obs.geo && c.period === formatPeriod(x.ds.freq, x.obs.period)),
  );
  const geos = [...new Set(same.map((x) => x.obs.geo))];
  const periods = same.map((x) => x.obs.period);
  const from = Math.min(...periods);
  const to = Math.max(...periods);
  const type = from === to ? 'bar' : 'line';
  return {
    chart_type: type,
    embed_url: viewUrl(origin, v.ds, v.series, type, geos, from, to, true),
    dataset_code: v.ds.meta.dataset_code,
    countries: geos,
    dimensions: Object.fromEntries(
      v.ds.meta.dimensions
        .filter((d) => v.series.dims[d.key] !== d.default)
        .map((d) => [d.key, [v.series.dims[d.key]!]]),
    ),
    time_start: formatPeriod(v.ds.freq, from),
    time_end: formatPeriod(v.ds.freq, to),
  };
}
