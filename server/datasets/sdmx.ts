// SDMX REST data path (2.1 syntax): /api/sdmx/2.1/data/{dataset}/{key} answering SDMX-CSV 1.0, so analysts' own
// tools (pandasdmx, rsdmx, Excel) read us like Eurostat. Values and flags are the ones every other format serves.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  convertOrdinal,
  formatSourcePeriod,
  frequencySchema,
  parsePeriod,
  SOURCE_PERIOD_SPELLINGS,
  type Frequency,
} from '../../core/periods';
import type { DatasetMeta } from '../../core/schemas/dataset';
import type { DataSelection, ObservationRow } from '../../db/queries/observations';
import { openDataset } from '../../db/queries/view';
import { AS_OF_HINT, readAsOf } from '../../core/as-of';
import { asOfParam, boundedView } from './api';
import { dailyLimitResponse, invalidKeyResponse } from '../keys/daily-limit';
import { csvField, csvText, publishedValue } from './data-formats';
import type { ApiEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { errorResponse } from '../http/openapi';
import { counted } from '#server/http/route-policy';

/** SDMX data counts like the data API's (decision 201). */
export const sdmxPolicies = [counted('GET /api/sdmx/…', 'read', ['/api/sdmx/:path{.+}'], { cache: 'api' })];

export const SDMX_CSV_TYPE = 'application/vnd.sdmx.data+csv; version=1.0.0; charset=utf-8';

const dataRoute = createRoute({
  method: 'get',
  path: '/sdmx/2.1/data/{dataset}/{key}',
  summary: 'SDMX REST data query answering SDMX-CSV 1.0',
  description:
    "The key is Eurostat's: the dataset's dimensions in order, frequency first and geo last, separated by dots; " +
    'several codes of one dimension joined by +, an empty position or the key `all` for every code. ' +
    'Example for prc_hicp_manr (freq.unit.coicop.geo): `M.RCH_A.CP00.DE+FR`.',
  request: {
    params: z.object({
      dataset: z.string().openapi({ param: { name: 'dataset', in: 'path' }, example: 'prc_hicp_manr' }),
      key: z.string().openapi({ param: { name: 'key', in: 'path' }, example: 'M.RCH_A.CP00.DE+FR' }),
    }),
    query: z.object({
      startPeriod: z
        .string()
        .optional()
        .openapi({ example: '2022-01', description: 'YYYY, YYYY-Sn, YYYY-Qn, YYYY-MM, YYYY-Www or YYYY-MM-DD' }),
      endPeriod: z.string().optional().openapi({ example: '2022-12' }),
      lastNObservations: z.coerce
        .number()
        .int()
        .min(1)
        .max(100000)
        .optional()
        .openapi({ description: 'Only the last N observations of each series' }),
      as_of: asOfParam,
      format: z
        .string()
        .regex(/^(csv|sdmx-csv)$/i, 'only csv (SDMX-CSV 1.0) is served')
        .default('csv')
        .openapi({ example: 'csv' }),
    }),
  },
  responses: {
    200: {
      description: 'SDMX-CSV 1.0: DATAFLOW, the dimensions, TIME_PERIOD, OBS_VALUE, OBS_FLAG',
      content: { 'application/vnd.sdmx.data+csv; version=1.0.0': { schema: z.string() } },
    },
    400: errorResponse(
      'The key or a parameter is invalid, or the query selects more values than one request returns ' +
        '(too_many_values: narrow the key or the period range, or page through the periods)',
    ),
    401: invalidKeyResponse,
    404: errorResponse('No such dataset, no observation matches the query, or as_of is before its first import here'),
    429: dailyLimitResponse,
  },
});

export interface SdmxQuery {
  frequencies: Frequency[] | '*';
  selection: DataSelection;
}

/** Parses Eurostat's dot-separated key against a dataset: freq, its dimensions in order, geo. */
export function parseSdmxKey(meta: DatasetMeta, key: string): SdmxQuery {
  const selection: DataSelection = { dims: {} };
  const names = ['freq', ...meta.dimensions.map((d) => d.code), 'geo'];
  const trimmed = key.trim();
  if (trimmed === '' || trimmed.toLowerCase() === 'all') {
    for (const d of meta.dimensions) selection.dims[d.key] = '*';
    return { frequencies: '*', selection };
  }
  const parts = trimmed.split('.');
  if (parts.length !== names.length)
    throw new ApiError(
      400,
      'bad_parameter',
      `invalid key: "${key}" has ${parts.length} positions; ${meta.dataset_code} has ${names.length} (${names.join('.')})`,
    );
  const codesOf = (part: string) =>
    part === ''
      ? '*'
      : part
          .split('+')
          .map((code) => code.trim())
          .filter(Boolean);
  let frequencies: Frequency[] | '*' = '*';
  const freqCodes = codesOf(parts[0]!);
  if (freqCodes !== '*') {
    frequencies = [];
    for (const code of freqCodes) {
      const parsed = frequencySchema.safeParse(code.toUpperCase());
      if (!parsed.success) throw new ApiError(400, 'bad_parameter', `invalid key: "${code}" is not a frequency`);
      frequencies.push(parsed.data);
    }
  }
  for (const [i, dim] of meta.dimensions.entries()) {
    const codes = codesOf(parts[i + 1]!);
    if (codes !== '*') {
      for (const code of codes) {
        if (!dim.values.some((v) => v.code === code))
          throw new ApiError(400, 'bad_parameter', `invalid key: "${code}" is not a value of ${dim.code}`);
      }
    }
    selection.dims[dim.key] = codes;
  }
  const geos = codesOf(parts[parts.length - 1]!);
  if (geos !== '*') selection.countries = geos.map((g) => g.toUpperCase());
  return { frequencies, selection };
}

function periodBound(meta: DatasetMeta, name: string, raw: string | undefined, edge: 'start' | 'end') {
  if (raw === undefined || raw === '') return undefined;
  const p = parsePeriod(raw, { spelling: 'source' });
  const freq = frequencySchema.parse(meta.frequency);
  if (!p) throw new ApiError(400, 'bad_parameter', `invalid ${name}: "${raw}" (${SOURCE_PERIOD_SPELLINGS})`);
  return convertOrdinal(p.freq, p.ordinal, freq, edge);
}

/** How an SDMX client narrows or pages a query over the value cap, in the SDMX parameters. */
export const narrowSdmxQuery =
  'Narrow it: name the codes you need in the key instead of all or an empty position (M.RCH_A.CP00.DE+FR), or a ' +
  'period range (startPeriod, endPeriod); to get everything, page through the periods with consecutive ' +
  'startPeriod/endPeriod ranges.';

/**
 * SDMX-CSV 1.0 of the rows: one line per observation, series by series (key order), periods ascending. Text cells
 * (codes, periods, flags, the header) are neutralised as every other CSV's (csvText); values are numbers.
 */
export function toSdmxCsv(meta: DatasetMeta, rows: readonly ObservationRow[], lastN?: number): string {
  const freq = frequencySchema.parse(meta.frequency);
  const flow = `ESTAT:${meta.dataset_code.toUpperCase()}(1.0)`;
  const header = [
    'DATAFLOW',
    'freq',
    ...meta.dimensions.map((d) => d.code),
    'geo',
    'TIME_PERIOD',
    'OBS_VALUE',
    'OBS_FLAG',
  ];
  const bySeries = new Map<string, ObservationRow[]>();
  for (const r of rows) {
    if (r.value === null && !r.flags) continue;
    const key = [...r.dims, r.geo].join('\u0000');
    const series = bySeries.get(key);
    if (series) series.push(r);
    else bySeries.set(key, [r]);
  }
  const lines = [header.map((h) => csvField(csvText(h))).join(',')];
  for (const key of [...bySeries.keys()].sort()) {
    let series = bySeries.get(key)!.sort((a, b) => a.period - b.period);
    if (lastN !== undefined) series = series.filter((r) => r.value !== null).slice(-lastN);
    for (const r of series) {
      const texts = [flow, freq, ...r.dims, r.geo, formatSourcePeriod(freq, r.period)].map(csvText);
      const fields = [...texts, publishedValue(r.value, r.decimals), csvText(r.flags ?? '')];
      lines.push(fields.map(csvField).join(','));
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

export function sdmxApi(): OpenAPIHono<ApiEnv> {
  const api = new OpenAPIHono<ApiEnv>({
    defaultHook: (result, c) => {
      if (result.success) return undefined;
      const message = result.error.issues.map((i) => `invalid ${i.path.join('.')}: ${i.message}`).join('; ');
      return c.json({ error: { code: 'bad_parameter', message } }, 400);
    },
  });

  api.openapi(dataRoute, async (c) => {
    const { dataset, key } = c.req.valid('param');
    // SDMX clients may name the flow as agency,id,version: ESTAT,PRC_HICP_MANR,1.0.
    const parts = dataset.split(',');
    const code = parts.length === 3 ? parts[1]! : dataset;
    const opened = await openDataset(c.var.db, code);
    if (!opened) throw new ApiError(404, 'not_found', `no dataset with code "${code}"`);
    const { meta } = opened;
    const query = c.req.valid('query');
    const { frequencies, selection } = parseSdmxKey(meta, key);
    selection.from = periodBound(meta, 'startPeriod', query.startPeriod, 'start');
    selection.to = periodBound(meta, 'endPeriod', query.endPeriod, 'end');
    if (query.as_of !== undefined) {
      const at = readAsOf(query.as_of);
      if (!at) throw new ApiError(400, 'bad_parameter', `invalid as_of: "${query.as_of.slice(0, 60)}" (${AS_OF_HINT})`);
      selection.asOf = at;
    }
    const wanted = frequencies === '*' || frequencies.includes(frequencySchema.parse(meta.frequency));
    // The one cap, counted before any value is read (boundedView): over it, 400 too_many_values in SDMX terms.
    const rows = wanted ? (await boundedView(c, meta, selection, narrowSdmxQuery)).rows : [];
    const csv = toSdmxCsv(meta, rows, query.lastNObservations);
    // Only the header line: no observation.
    if (csv.indexOf('\r\n') === csv.length - 2)
      throw new ApiError(404, 'no_results', 'No observation matches the query.');
    c.header('Content-Type', SDMX_CSV_TYPE);
    c.header('Cache-Control', 'public, max-age=300, stale-while-revalidate=86400');
    return c.body(csv, 200);
  });

  return api;
}
