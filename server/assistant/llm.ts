// The optional language-model engine: an OpenAI-compatible chat-completions endpoint that may only call our tools
// (search datasets, get observations, rank, compare) and write prose with placeholders ({{v1}}); the server fills
// every number from tool results and refuses an answer that states a number no tool returned (decision 081).
import { AnswerBuilder, uncitedNumbers, type Citation } from '../../core/assistant/compose';
import { EA20, EU27_2020 } from '../../core/assistant/places';
import { convertOrdinal, formatPeriod, parsePeriod } from '../../core/periods';
import type { ReadDb } from '../../db/client';
import { listDatasets } from '../../db/queries/datasets';
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
import type { ChartOut, EngineAnswer } from './builtin';

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
  'You know no numbers yourself. Use the tools to find datasets and observations.',
  'Every observation a tool returns has an id such as v3. In your answer, write a number ONLY as its placeholder',
  '{{v3}}; the server puts in the value, its unit and its citation. Never write a digit for a value, a difference or',
  'a percentage yourself. Periods (10/2022, 2022) may be written as the tools give them.',
  'If the tools return no data, say plainly that there is no data; never guess. Answer in two or three sentences.',
].join(' ');

const tools = [
  {
    type: 'function',
    function: {
      name: 'search_datasets',
      description: 'Find datasets by words (inflation, unemployment, GDP, region); returns codes and dimensions.',
      parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
    },
  },
  {
    type: 'function',
    function: {
      name: 'get_observations',
      description:
        'Observations of one series for places (geo codes: DE, FR, EU27_2020, EA20, DE21) and a period range (2022, 10/2022, 2022-10).',
      parameters: {
        type: 'object',
        properties: {
          dataset_code: { type: 'string' },
          geos: { type: 'array', items: { type: 'string' } },
          period_from: { type: 'string' },
          period_to: { type: 'string' },
          dimensions: { type: 'object', additionalProperties: { type: 'string' } },
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
        'The places of a scope (EU27_2020 members, EA20 members, or all countries) ordered by value at one period.',
      parameters: {
        type: 'object',
        properties: {
          dataset_code: { type: 'string' },
          period: { type: 'string' },
          scope: { type: 'string', enum: ['EU27_2020', 'EA20', 'countries'] },
          order: { type: 'string', enum: ['desc', 'asc'] },
          top: { type: 'integer' },
          dimensions: { type: 'object', additionalProperties: { type: 'string' } },
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
          geos: { type: 'array', items: { type: 'string' } },
          period: { type: 'string' },
          dimensions: { type: 'object', additionalProperties: { type: 'string' } },
        },
        required: ['dataset_code', 'geos', 'period'],
      },
    },
  },
];

interface ToolValue {
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

class ToolBox {
  readonly values = new Map<string, ToolValue>();
  constructor(private readonly db: ReadDb) {}

  private remember(ds: Dataset, series: SeriesChoice, rows: Obs[]) {
    return rows.map((obs) => {
      const id = `v${this.values.size + 1}`;
      this.values.set(id, { id, ds, series, obs });
      return {
        id,
        geo: obs.geo,
        place: placeName(obs.geo, obs.geoName),
        period: formatPeriod(ds.freq, obs.period),
        flags: obs.flags,
      };
    });
  }

  private async dataset(args: Record<string, unknown>): Promise<{ ds: Dataset; series: SeriesChoice } | string> {
    const ds = await loadDataset(this.db, String(args.dataset_code ?? ''));
    if (!ds) return `no dataset ${String(args.dataset_code)}`;
    const dims = (args.dimensions && typeof args.dimensions === 'object' ? args.dimensions : {}) as Record<
      string,
      string
    >;
    const series = chooseSeries(ds, dims);
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

  private async runTool(name: string, args: Record<string, unknown>): Promise<unknown> {
    if (name === 'search_datasets') {
      const { items } = await listDatasets(this.db, { limit: 10, offset: 0 });
      const words = String(args.query ?? '')
        .toLowerCase()
        .split(/\W+/)
        .filter(Boolean);
      const hits = items.filter((d) =>
        words.some((w) => `${d.dataset_name} ${d.description} ${d.dataset_code}`.toLowerCase().includes(w)),
      );
      return (hits.length > 0 ? hits : items).map((d) => ({
        dataset_code: d.dataset_code,
        name: d.dataset_name,
        frequency: d.frequency,
        oldest_period: d.oldest_period,
        latest_period: d.latest_period,
      }));
    }
    const chosen = await this.dataset(args);
    if (typeof chosen === 'string') return { error: chosen };
    const { ds, series } = chosen;
    const geos = Array.isArray(args.geos) ? args.geos.map(String).slice(0, 40) : undefined;
    if (name === 'get_observations') {
      const rows = await observations(
        this.db,
        ds,
        series,
        geos,
        this.ordinal(ds, args.period_from, 'start'),
        this.ordinal(ds, args.period_to, 'end'),
      );
      return { values: this.remember(ds, series, rows.slice(-60)) };
    }
    const at = this.ordinal(ds, args.period, 'end');
    if (at === undefined) return { error: 'period is required (2022, 10/2022)' };
    if (name === 'compare')
      return { values: this.remember(ds, series, await observations(this.db, ds, series, geos, at, at)) };
    if (name === 'rank') {
      const scope = args.scope === 'EA20' ? [...EA20] : args.scope === 'countries' ? undefined : [...EU27_2020];
      const rows = (await observations(this.db, ds, series, scope, at, at)).filter((r) => /^[A-Z]{2}$/.test(r.geo));
      rows.sort((a, b) => (args.order === 'asc' ? a.value - b.value : b.value - a.value));
      const top = typeof args.top === 'number' && args.top > 0 ? Math.min(args.top, 30) : 10;
      return { values: this.remember(ds, series, rows.slice(0, top)) };
    }
    return { error: `no tool ${name}` };
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

const MAX_STEPS = 6;

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
    return fill(reply.content ?? '', box, opts.origin);
  }
  return refuse(LLM_NO_ANSWER);
}

/** Puts each placeholder's value and citation in; refuses unknown placeholders and numbers no tool returned. */
export function fill(content: string, box: { values: Map<string, ToolValue> }, origin: string): EngineAnswer {
  const b = new AnswerBuilder();
  let unknown = false;
  const text = content.replace(/\{\{\s*(v\d+)\s*\}\}/g, (_m, id: string) => {
    const v = box.values.get(id);
    if (!v) {
      unknown = true;
      return '';
    }
    return b.cite(citationOf(origin, v.ds, v.series, v.obs), unitCodeOf(v.series));
  });
  b.say(text);
  const answer = b.text();
  const refused: EngineAnswer = { answer: LLM_REFUSED, citations: [], derived: [], context: null, declined: true };
  if (unknown || uncitedNumbers(answer, b.citations).length > 0) return refused;
  return {
    answer,
    citations: b.citations,
    derived: [],
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
      x.ds === v.ds && citations.some((c) => c.geo === x.obs.geo && c.period === formatPeriod(x.ds.freq, x.obs.period)),
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
