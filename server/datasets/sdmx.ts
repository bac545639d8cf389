// SDMX 2.1 REST at Eurostat's paths under /api/sdmx/2.1 (decisions 072 and 203): dataflows, data structures with their
// code lists and concepts, constraints, and data in SDMX-ML 2.1 (structure-specific, Eurostat's default, or generic)
// or SDMX-CSV 1.0, so that analysts' own tools (rsdmx, sdmx1, pandasdmx, Excel) read us as they read Eurostat. Values
// and flags are the ones every other format serves.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { AS_OF_HINT, readAsOf } from '#core/as-of';
import { describeFlags } from '#core/flags';
import {
  convertOrdinal,
  FREQUENCY_LABEL,
  formatPeriod,
  formatSourcePeriod,
  frequencySchema,
  parsePeriod,
  SOURCE_PERIOD_SPELLINGS,
  type Frequency,
} from '#core/periods';
import { unknownNames } from '#core/selection';
import type { DatasetMeta } from '#core/schemas/dataset';
import type { ReadDb } from '#db/client';
import { codelistCodesHere, sdmxFlows } from '#db/queries/catalogue';
import { getDatasetMeta } from '#db/queries/datasets';
import { heldUnder, type DataSelection } from '#db/queries/observations';
import { readTimeline, type TimelineQuery } from '#db/queries/timeline';
import { valueCapOf, ViewTooLarge } from '#db/queries/view';
import { asOfParam, boundedView, datasetOr404, tooManyValues } from './api';
import { dailyLimitResponse, invalidKeyResponse } from '#server/keys/daily-limit';
import { csvField, csvText, publishedValue } from './data-formats';
import {
  AGENCY,
  codelistsOf,
  codelistXml,
  conceptSchemeXml,
  constraintXml,
  dataflowXml,
  dataSetsOf,
  dataStructureXml,
  errorMessage,
  flagCodelist,
  flowId,
  genericData,
  keyDimensions,
  SDMX_ML_TYPES,
  seriesOf,
  structureMessage,
  structureSpecificData,
  VERSION,
  type Codelist,
  type DataRow,
} from './sdmx-ml';
import { SDMX_JSON_TYPE, sdmxJsonData } from './sdmx-json';
import type { ApiEnv } from '#server/http/env';
import { ApiError } from '#server/http/errors';
import { errorResponse } from '#server/http/openapi';
import { counted, uncounted } from '#server/http/route-policy';

/** SDMX data counts like the data API's; its structures hold names and codes, no values (decisions 201, 203). */
export const sdmxPolicies = [
  counted('GET /api/sdmx/2.1/data/…', 'read', ['/api/sdmx/2.1/data/*'], { cache: 'api' }),
  uncounted(
    'GET /api/sdmx/2.1/{structure}/…',
    'read',
    ['/api/sdmx/2.1/:resource{dataflow|datastructure|codelist|conceptscheme|contentconstraint|availableconstraint}/*'],
    'SDMX structures: names, codes and what a dataset holds, no values',
    { cache: 'api' },
  ),
];

export const SDMX_CSV_TYPE = 'application/vnd.sdmx.data+csv; version=1.0.0; charset=utf-8';
const SDMX_CSV_2_TYPE = 'application/vnd.sdmx.data+csv; version=2.0.0; charset=utf-8';

const agencyParam = z.string().openapi({ param: { name: 'agency', in: 'path' }, example: 'ESTAT' });
const versionParam = z.string().openapi({ param: { name: 'version', in: 'path' }, example: 'latest' });
const sdmxXml = (description: string) => ({
  description,
  content: { 'application/vnd.sdmx.structure+xml; version=2.1': { schema: z.string() } },
});
const sdmxErrors = {
  400: errorResponse(
    'A parameter is unknown or invalid (an SDMX-ML error message, code 140, unless CSV was asked for)',
  ),
  404: errorResponse('No such flow, structure or code list, or no observation matches (SDMX code 100)'),
};

/**
 * A structure path as Eurostat writes it, `{resource}/{agency}/{id}/{version}` (the forms clients also write, without
 * a version, with a trailing slash, are registered beside it by sdmxApi), answering an SDMX-ML structure message.
 */
function structureRoute(
  resource: string,
  doc: { summary: string; description?: string; example: string; answer: string; query?: z.ZodObject },
) {
  return createRoute({
    method: 'get',
    path: `/sdmx/2.1/${resource}/{agency}/{id}/{version}`,
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    request: {
      params: z.object({
        agency: agencyParam,
        id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: doc.example }),
        version: versionParam,
      }),
      ...(doc.query ? { query: doc.query } : {}),
    },
    responses: { 200: sdmxXml(doc.answer), ...sdmxErrors },
  });
}

const dataflowRoute = structureRoute('dataflow', {
  summary: 'SDMX dataflows: every dataset (`all`) or one, as an SDMX-ML 2.1 structure message',
  description:
    "Eurostat's path: `dataflow/ESTAT/all/latest` lists every dataset of the catalogue (Eurostat's table of " +
    'contents and the imported ones); the version and a trailing slash are optional.',
  example: 'PRC_HICP_MANR',
  answer: 'SDMX-ML 2.1 structure message with Dataflows',
});

const datastructureRoute = structureRoute('datastructure', {
  summary: "A dataset's data structure, with its code lists and concepts on `references=children`",
  example: 'PRC_HICP_MANR',
  answer: 'SDMX-ML 2.1 structure message with the DataStructure',
  query: z.object({
    references: z
      .string()
      .optional()
      .openapi({ description: 'none (default), children, descendants or all: the code lists and concepts too' }),
    detail: z.string().optional().openapi({ description: 'full (default)' }),
  }),
});

const codelistRoute = structureRoute('codelist', {
  summary: 'A code list (FREQ, GEO, UNIT, OBS_FLAG …): the codes used by the datasets here, with their labels',
  example: 'GEO',
  answer: 'SDMX-ML 2.1 structure message with the Codelist',
});

const constraintRoute = structureRoute('contentconstraint', {
  summary: 'What a dataset holds: the codes of each dimension with data and its period range',
  example: 'PRC_HICP_MANR',
  answer: 'SDMX-ML 2.1 structure message with a ContentConstraint',
});

const availableRoute = createRoute({
  method: 'get',
  path: '/sdmx/2.1/availableconstraint/{flow}/{key}',
  summary: 'What a key selects: the codes of each dimension with data under it, and its period range',
  request: {
    params: z.object({
      flow: z.string().openapi({ param: { name: 'flow', in: 'path' }, example: 'PRC_HICP_MANR' }),
      key: z.string().openapi({ param: { name: 'key', in: 'path' }, example: 'M.RCH_A..DE+FR' }),
    }),
  },
  responses: { 200: sdmxXml('SDMX-ML 2.1 structure message with an Actual ContentConstraint'), ...sdmxErrors },
});

const dataRoute = createRoute({
  method: 'get',
  path: '/sdmx/2.1/data/{dataset}/{key}',
  summary: 'SDMX REST data query: SDMX-ML 2.1 (structure-specific or generic), SDMX-JSON 1.0 or SDMX-CSV',
  description:
    "The key is Eurostat's: the dataset's dimensions in order, frequency first and geo last, separated by dots; " +
    'several codes of one dimension joined by +, an empty position or the key `all` for every code. ' +
    'Example for prc_hicp_manr (freq.unit.coicop.geo): `M.RCH_A.CP00.DE+FR`. A provider segment (`/all`) and a ' +
    "trailing slash may follow. The answer is SDMX-ML 2.1 structure-specific data (Eurostat's default) unless " +
    '`Accept` or `format` asks for generic data (`application/vnd.sdmx.genericdata+xml`, `format=genericdata`) or ' +
    'SDMX-CSV (`application/vnd.sdmx.data+csv`, `text/csv`, `format=csv` or `SDMX-CSV`; 2.0 with `version=2.0.0` or `format=csv2`) ' +
    'or SDMX-JSON 1.0 (`application/vnd.sdmx.data+json;version=1.0.0`, `application/json`, `format=jsondata`). ' +
    '`updatedAfter` answers what releases after a time changed (removed observations in a DataSet with action ' +
    'Delete), `includeHistory=true` every vintage, one DataSet per release with its validFromDate.',
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
      firstNObservations: z
        .string()
        .optional()
        .openapi({ description: 'Only the first N observations of each series' }),
      lastNObservations: z.string().optional().openapi({ description: 'Only the last N observations of each series' }),
      detail: z.string().optional().openapi({ description: 'full (default), dataonly, serieskeysonly or nodata' }),
      dimensionAtObservation: z
        .string()
        .optional()
        .openapi({ description: 'TIME_PERIOD (default: series of observations) or AllDimensions (flat)' }),
      as_of: asOfParam,
      format: z.string().optional().openapi({
        example: 'csv',
        description:
          'structurespecificdata (default), genericdata, csv or SDMX-CSV (1.0), csv2 (SDMX-CSV 2.0), jsondata or sdmx-json (SDMX-JSON 1.0)',
      }),
      labels: z.string().optional().openapi({
        description:
          'SDMX-CSV: id (default), name or both (`DE: Germany`); SDMX-JSON: names in the structure unless id',
      }),
      updatedAfter: z
        .string()
        .optional()
        .openapi({
          example: '2026-09-01T00:00:00Z',
          description:
            'Only the observations a release after this time changed, added or removed (removed: action Delete); ' +
            'the time a release counts from is when its import finished here',
        }),
      includeHistory: z.string().optional().openapi({
        example: 'true',
        description:
          'true: every vintage of each observation, one DataSet per release (validFromDate), removals as Delete',
      }),
    }),
  },
  responses: {
    200: {
      description: 'SDMX-ML 2.1 data, or SDMX-CSV 1.0: DATAFLOW, the dimensions, TIME_PERIOD, OBS_VALUE, OBS_FLAG',
      content: {
        'application/vnd.sdmx.structurespecificdata+xml; version=2.1': { schema: z.string() },
        'application/vnd.sdmx.genericdata+xml; version=2.1': { schema: z.string() },
        'application/vnd.sdmx.data+csv; version=1.0.0': { schema: z.string() },
        'application/vnd.sdmx.data+json; version=1.0.0': { schema: z.string() },
      },
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

/** How SDMX-CSV names codes: by id (default), by label, or `id: label` (SDMX-CSV's `labels` parameter). */
export type CsvLabels = 'id' | 'name' | 'both';

/**
 * SDMX-CSV 1.0 (or 2.0) of the rows: one line per observation, series by series (key order), periods ascending. Text
 * cells (codes, periods, flags, the header) are neutralised as every other CSV's (csvText); values are numbers.
 * Version 2.0 starts with STRUCTURE and STRUCTURE_ID instead of DATAFLOW; `labels` names dimensions, codes and flags
 * by id, by label or both (`DE: Germany`), in the header and the cells alike.
 */
export function toSdmxCsv(
  meta: DatasetMeta,
  rows: readonly DataRow[],
  {
    version = 1,
    labels = 'id',
    timeline,
  }: { version?: 1 | 2; labels?: CsvLabels; timeline?: 'updatedAfter' | 'includeHistory' } = {},
): string {
  const freq = frequencySchema.parse(meta.frequency);
  const flow = `${AGENCY}:${flowId(meta.dataset_code)}(${VERSION})`;
  const dims = keyDimensions(meta);
  const named = (id: string, label: string | undefined) =>
    labels === 'id' || label === undefined ? id : labels === 'name' ? label : `${id}: ${label}`;
  const labelOf = dims.map((d) => new Map(d.codes.map((code) => [code.id, code.label])));
  // A timeline's action: SDMX-CSV 2.0's ACTION column after STRUCTURE_ID (R replace, D delete); 1.0 has none, so it
  // is a custom column at the end there, as is VALID_FROM (when the release that set a vintage finished).
  const head = version === 2 ? ['STRUCTURE', 'STRUCTURE_ID', ...(timeline ? ['ACTION'] : [])] : ['DATAFLOW'];
  const tail = [
    ...(timeline && version === 1 ? ['ACTION'] : []),
    ...(timeline === 'includeHistory' ? ['VALID_FROM'] : []),
  ];
  const header = [
    ...head,
    ...dims.map((d) => named(d.id, d.label)),
    named('TIME_PERIOD', 'Time'),
    named('OBS_VALUE', 'Observation value'),
    named('OBS_FLAG', 'Observation status (flag)'),
    ...tail,
  ];
  const lines = [header.map((h) => csvField(csvText(h))).join(',')];
  for (const part of dataSetsOf(rows)) {
    const action = part.action === 'Delete' ? 'D' : 'R';
    const start = version === 2 ? ['dataflow', flow, ...(timeline ? [action] : [])] : [flow];
    const end = [
      ...(timeline && version === 1 ? [action] : []),
      ...(timeline === 'includeHistory' ? [part.validFrom ?? ''] : []),
    ];
    for (const series of seriesOf(part.rows)) {
      const key = [freq, ...series.dims, series.geo].map((code, i) => named(code, labelOf[i]?.get(code)));
      for (const r of series.obs) {
        const flags = r.flags ? named(r.flags, describeFlags(r.flags)) : '';
        const texts = [...start, ...key, formatSourcePeriod(freq, r.period)];
        const fields = [
          ...texts.map(csvText),
          publishedValue(r.value, r.decimals),
          csvText(flags),
          ...end.map(csvText),
        ];
        lines.push(fields.map(csvField).join(','));
      }
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Only the first and/or last N periods with a value of each series (SDMX's firstNObservations, lastN…); in a
 * timeline, every vintage and removal of those periods.
 */
function limitPerSeries(rows: readonly DataRow[], first?: number, last?: number): DataRow[] {
  if (first === undefined && last === undefined) return [...rows];
  const kept: DataRow[] = [];
  for (const s of seriesOf(rows)) {
    const held = s.obs.filter((r) => r.value !== null || r.action === 'Delete');
    const periods = [...new Set(held.map((r) => r.period))];
    const chosen = new Set([
      ...(first === undefined ? [] : periods.slice(0, first)),
      ...(last === undefined ? [] : periods.slice(-last)),
    ]);
    kept.push(...held.filter((r) => chosen.has(r.period)));
  }
  return kept;
}

/** The representations of data, as Eurostat's SDMX API names them. */
type DataFormat = 'structurespecific' | 'generic' | 'csv' | 'csv2' | 'json';

const FORMAT_NAMES: Record<string, DataFormat> = {
  structurespecificdata: 'structurespecific',
  'sdmx-ml': 'structurespecific',
  xml: 'structurespecific',
  sdmxml: 'structurespecific',
  genericdata: 'generic',
  csv: 'csv',
  'sdmx-csv': 'csv',
  csv2: 'csv2',
  'sdmx-csv-2.0': 'csv2',
  csvdata: 'csv',
  jsondata: 'json',
  'sdmx-json': 'json',
};

/** The format a request asks for: `format=` first, then Accept; SDMX-ML structure-specific by default, as Eurostat. */
function dataFormatOf(format: string | undefined, accept: string | undefined): DataFormat {
  if (format !== undefined && format !== '') {
    const named = FORMAT_NAMES[format.toLowerCase()];
    if (!named)
      throw new ApiError(
        400,
        'bad_parameter',
        `invalid format: "${format.slice(0, 40)}" (structurespecificdata, genericdata, csv, SDMX-CSV, csv2 or jsondata)`,
      );
    return named;
  }
  const a = (accept ?? '').toLowerCase();
  if (a.includes('application/vnd.sdmx.data+json')) return 'json';
  if (a.includes('genericdata+xml')) return 'generic';
  if (a.includes('structurespecificdata+xml') || a.includes('xml')) return 'structurespecific';
  if (/application\/vnd\.sdmx\.data\+csv\s*;\s*version\s*=\s*2/.test(a)) return 'csv2';
  if (a.includes('application/vnd.sdmx.data+csv') || a.includes('text/csv')) return 'csv';
  if (a.includes('application/json')) return 'json';
  return 'structurespecific';
}

/** Whether a request's error is an SDMX-ML error message (an XML client) or the API's JSON error shape. */
function wantsXml(c: Context): boolean {
  const named = FORMAT_NAMES[c.req.query('format')?.toLowerCase() ?? ''];
  if (named) return named !== 'csv' && named !== 'csv2' && named !== 'json';
  const a = (c.req.header('accept') ?? '').toLowerCase();
  return !(a.includes('csv') || (a.includes('json') && !a.includes('xml')));
}

/** Query names each SDMX path reads; any other is refused, never ignored (issue 38). */
const STRUCTURE_QUERY = ['references', 'detail'] as const;
const DATA_QUERY = [
  'startPeriod',
  'endPeriod',
  'firstNObservations',
  'lastNObservations',
  'detail',
  'dimensionAtObservation',
  'format',
  'labels',
  'as_of',
  'updatedAfter',
  'includeHistory',
] as const;

function strictQuery(c: Context, names: readonly string[]): Record<string, string> {
  const [unknown] = unknownNames(new URL(c.req.url).searchParams, names);
  if (unknown) throw new ApiError(400, 'bad_parameter', unknown.message);
  return c.req.query();
}

/** SDMX's updatedAfter (an ISO 8601 date-time) and includeHistory, or none: the plain data path. */
function timelineOf(query: Record<string, string | undefined>): TimelineQuery | undefined {
  const history = oneOf('includeHistory', query.includeHistory, ['true', 'false'] as const, 'false') === 'true';
  const raw = query.updatedAfter;
  let after: Date | undefined;
  if (raw !== undefined && raw !== '') {
    after = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(raw)
      ? new Date(raw)
      : undefined;
    if (!after || Number.isNaN(after.getTime()))
      throw new ApiError(
        400,
        'bad_parameter',
        `invalid updatedAfter: "${raw.slice(0, 40)}" (an ISO 8601 date or date-time, 2026-09-01T00:00:00Z)`,
      );
  }
  return history || after ? { after, history } : undefined;
}

/** The timeline of a selection within the one value cap; over it, 400 too_many_values saying how to narrow. */
async function boundedTimeline(
  c: Context<ApiEnv>,
  meta: DatasetMeta,
  selection: DataSelection,
  timeline: TimelineQuery,
): Promise<DataRow[]> {
  const cap = valueCapOf(c.var.db);
  const rows = await readTimeline(c.var.db, meta, selection, timeline, cap);
  if (!rows) throw tooManyValues(new ViewTooLarge(cap), narrowSdmxQuery);
  return rows;
}

function countParam(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1)
    throw new ApiError(400, 'bad_parameter', `invalid ${name}: "${raw.slice(0, 20)}" (a whole number from 1)`);
  return Number(raw);
}

function oneOf<T extends string>(name: string, raw: string | undefined, allowed: readonly T[], fallback: T): T {
  if (raw === undefined || raw === '') return fallback;
  const found = allowed.find((a) => a.toLowerCase() === raw.toLowerCase());
  if (!found)
    throw new ApiError(400, 'bad_parameter', `invalid ${name}: "${raw.slice(0, 40)}" (${allowed.join(', ')})`);
  return found;
}

/** The agency of a structure path: Eurostat's (ours) or any (`all`). */
function checkAgency(agency: string): void {
  if (!/^(estat|all)$/i.test(agency))
    throw new ApiError(404, 'not_found', `no structures of agency "${agency.slice(0, 40)}" (ESTAT)`);
}

/** The flow of a path as SDMX clients write it: PRC_HICP_MANR, or agency,id,version (ESTAT,PRC_HICP_MANR,1.0). */
function flowCode(flow: string): string {
  const parts = flow.split(',');
  return (parts.length === 3 ? parts[1]! : flow).toLowerCase();
}

async function metaOf(c: Context<ApiEnv>, flow: string): Promise<DatasetMeta> {
  const row = await datasetOr404(c, flowCode(flow));
  return getDatasetMeta(c.var.db, row);
}

function structureAnswer(c: Context, xml: string): Response {
  c.header('Content-Type', SDMX_ML_TYPES.structure);
  c.header('Cache-Control', 'public, max-age=300, stale-while-revalidate=86400');
  return c.body(xml, 200);
}

/** The path's handlers answer SDMX-ML error messages to XML clients, the API's error shape to others. */
function sdmx<C extends Context<ApiEnv>>(handler: (c: C) => Promise<Response>): (c: C) => Promise<Response> {
  return async (c) => {
    try {
      return await handler(c);
    } catch (error) {
      if (!(error instanceof ApiError) || !wantsXml(c)) throw error;
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      c.header('Content-Type', SDMX_ML_TYPES.error);
      c.header('Cache-Control', 'no-store');
      return c.body(errorMessage(error.status, error.message), error.status);
    }
  };
}

/** A code list as known here: frequencies, places, Eurostat's fetched lists or the codes of the imported datasets. */
async function codelistHere(db: ReadDb, id: string): Promise<Codelist | null> {
  if (id === 'FREQ')
    return {
      id,
      label: 'Time frequency',
      codes: Object.entries(FREQUENCY_LABEL).map(([code, label]) => ({ id: code, label })),
    };
  const codes = await codelistCodesHere(db, id);
  return codes.length ? { id, label: id === 'GEO' ? 'Geopolitical entity (reporting)' : id, codes } : null;
}

/** The dataset narrowed to what holds values under a selection (SDMX's available constraint), or null. */
async function availableUnder(db: ReadDb, meta: DatasetMeta, selection: DataSelection): Promise<DatasetMeta | null> {
  const held = await heldUnder(db, meta, selection);
  if (!held) return null;
  const freq = frequencySchema.parse(meta.frequency);
  return {
    ...meta,
    dimensions: meta.dimensions.map((d, i) => ({
      ...d,
      values: d.values.filter((v) => held.dims[i]?.includes(v.code)),
    })),
    available_countries: meta.available_countries.filter((c) => held.geos.includes(c.code)),
    oldest_period: formatPeriod(freq, held.from),
    latest_period: formatPeriod(freq, held.to),
  };
}

export function sdmxApi(): OpenAPIHono<ApiEnv> {
  const api = new OpenAPIHono<ApiEnv>();

  const dataflows = sdmx(async (c) => {
    strictQuery(c, STRUCTURE_QUERY);
    checkAgency(c.req.param('agency')!);
    const id = c.req.param('id')!;
    if (id.toLowerCase() === 'all') {
      const flows = await sdmxFlows(c.var.db);
      return structureAnswer(c, structureMessage({ dataflows: flows.map(dataflowXml) }));
    }
    const meta = await metaOf(c, id);
    return structureAnswer(
      c,
      structureMessage({ dataflows: [dataflowXml({ code: meta.dataset_code, name: meta.dataset_name })] }),
    );
  });

  const datastructure = sdmx(async (c) => {
    const query = strictQuery(c, STRUCTURE_QUERY);
    checkAgency(c.req.param('agency')!);
    const references = oneOf(
      'references',
      query.references,
      ['none', 'parents', 'parentsandsiblings', 'children', 'descendants', 'all'] as const,
      'none',
    );
    oneOf('detail', query.detail, ['full', 'allstubs', 'referencestubs'] as const, 'full');
    const meta = await metaOf(c, c.req.param('id')!);
    const withChildren = references === 'children' || references === 'descendants' || references === 'all';
    const withParents = references === 'parents' || references === 'parentsandsiblings' || references === 'all';
    return structureAnswer(
      c,
      structureMessage({
        dataflows: withParents ? [dataflowXml({ code: meta.dataset_code, name: meta.dataset_name })] : undefined,
        codelists: withChildren ? codelistsOf(meta).map(codelistXml) : undefined,
        concepts: withChildren ? [conceptSchemeXml(meta)] : undefined,
        dataStructures: [dataStructureXml(meta)],
      }),
    );
  });

  const codelist = sdmx(async (c) => {
    strictQuery(c, STRUCTURE_QUERY);
    checkAgency(c.req.param('agency')!);
    const id = c.req.param('id')!.toUpperCase().replace(/^CL_/, '');
    const list = id === 'OBS_FLAG' ? flagCodelist() : await codelistHere(c.var.db, id);
    if (!list) throw new ApiError(404, 'not_found', `no code list "${c.req.param('id')!.slice(0, 40)}" here`);
    return structureAnswer(c, structureMessage({ codelists: [codelistXml(list)] }));
  });

  const conceptscheme = sdmx(async (c) => {
    strictQuery(c, STRUCTURE_QUERY);
    checkAgency(c.req.param('agency')!);
    const meta = await metaOf(c, c.req.param('id')!);
    return structureAnswer(c, structureMessage({ concepts: [conceptSchemeXml(meta)] }));
  });

  const contentconstraint = sdmx(async (c) => {
    strictQuery(c, STRUCTURE_QUERY);
    checkAgency(c.req.param('agency')!);
    const meta = await metaOf(c, c.req.param('id')!.replace(/^CC_/i, ''));
    return structureAnswer(c, structureMessage({ constraints: [constraintXml(meta, 'Allowed')] }));
  });

  const available = sdmx(async (c) => {
    strictQuery(c, ['mode', 'references', 'startPeriod', 'endPeriod']);
    const meta = await metaOf(c, c.req.param('flow')!);
    const { frequencies, selection } = parseSdmxKey(meta, c.req.param('key') ?? 'all');
    selection.from = periodBound(meta, 'startPeriod', c.req.query('startPeriod'), 'start');
    selection.to = periodBound(meta, 'endPeriod', c.req.query('endPeriod'), 'end');
    const wanted = frequencies === '*' || frequencies.includes(frequencySchema.parse(meta.frequency));
    const held = wanted ? await availableUnder(c.var.db, meta, selection) : null;
    if (!held) throw new ApiError(404, 'no_results', 'No observation matches the query.');
    return structureAnswer(c, structureMessage({ constraints: [constraintXml(held, 'Actual')] }));
  });

  const data = sdmx(async (c) => {
    const query = strictQuery(c, DATA_QUERY);
    const meta = await metaOf(c, c.req.param('dataset')!);
    const format = dataFormatOf(query.format, c.req.header('accept'));
    const { frequencies, selection } = parseSdmxKey(meta, c.req.param('key') ?? 'all');
    selection.from = periodBound(meta, 'startPeriod', query.startPeriod, 'start');
    selection.to = periodBound(meta, 'endPeriod', query.endPeriod, 'end');
    const firstN = countParam('firstNObservations', query.firstNObservations);
    const lastN = countParam('lastNObservations', query.lastNObservations);
    const detail = oneOf('detail', query.detail, ['full', 'dataonly', 'serieskeysonly', 'nodata'] as const, 'full');
    const dimensionAtObservation = oneOf(
      'dimensionAtObservation',
      query.dimensionAtObservation,
      ['TIME_PERIOD', 'AllDimensions'] as const,
      'TIME_PERIOD',
    );
    if (query.as_of !== undefined) {
      const at = readAsOf(query.as_of);
      if (!at) throw new ApiError(400, 'bad_parameter', `invalid as_of: "${query.as_of.slice(0, 60)}" (${AS_OF_HINT})`);
      selection.asOf = at;
    }
    const timeline = timelineOf(query);
    if (timeline && selection.asOf)
      throw new ApiError(400, 'bad_parameter', 'as_of cannot be combined with updatedAfter or includeHistory');
    const wanted = frequencies === '*' || frequencies.includes(frequencySchema.parse(meta.frequency));
    // The one cap, counted before any value is read (boundedView, readTimeline): over it, 400 too_many_values.
    const read = !wanted
      ? []
      : timeline
        ? await boundedTimeline(c, meta, selection, timeline)
        : (await boundedView(c, meta, selection, narrowSdmxQuery)).rows;
    const rows = limitPerSeries(read, firstN, lastN);
    if (seriesOf(rows).length === 0)
      throw new ApiError(
        404,
        'no_results',
        timeline?.after && !timeline.history
          ? `No observation matches the query or changed after ${timeline.after.toISOString()}.`
          : 'No observation matches the query.',
      );
    c.header('Cache-Control', 'public, max-age=300, stale-while-revalidate=86400');
    c.header('Vary', 'Accept');
    const labels = oneOf('labels', query.labels, ['id', 'name', 'both'] as const, 'id');
    const options = { detail, dimensionAtObservation };
    if (format === 'csv' || format === 'csv2') {
      c.header('Content-Type', format === 'csv2' ? SDMX_CSV_2_TYPE : SDMX_CSV_TYPE);
      const version = format === 'csv2' ? 2 : 1;
      const kind = timeline && (timeline.history ? 'includeHistory' : 'updatedAfter');
      return c.body(toSdmxCsv(meta, rows, { version, labels, timeline: kind || undefined }), 200);
    }
    if (format === 'json') {
      c.header('Content-Type', SDMX_JSON_TYPE);
      return c.body(sdmxJsonData(meta, rows, { ...options, names: labels !== 'id' }), 200);
    }
    c.header('Content-Type', format === 'generic' ? SDMX_ML_TYPES.generic : SDMX_ML_TYPES.structureSpecific);
    return c.body(
      format === 'generic' ? genericData(meta, rows, options) : structureSpecificData(meta, rows, options),
      200,
    );
  });

  // The documented paths, then the forms SDMX clients write: without a version, with a provider segment, with a
  // trailing slash (rsdmx asks for `dataflow/ESTAT/all/latest/` and `data/{flow}/{key}/all/`).
  const documented = <R extends Parameters<typeof api.openapi>[0]>(
    route: R,
    handler: (c: Context<ApiEnv>) => Promise<Response>,
  ) => api.openapi(route, handler as never);
  // A structure: its documented route (when it has one), then the forms clients write.
  const structure = (
    resource: string,
    handler: (c: Context<ApiEnv>) => Promise<Response>,
    route?: Parameters<typeof api.openapi>[0],
  ) => {
    if (route) documented(route, handler);
    for (const path of [`/sdmx/2.1/${resource}/:agency/:id`, `/sdmx/2.1/${resource}/:agency/:id/:version`])
      for (const p of [path, `${path}/`]) api.get(p, handler);
  };
  structure('dataflow', dataflows, dataflowRoute);
  structure('datastructure', datastructure, datastructureRoute);
  structure('codelist', codelist, codelistRoute);
  structure('conceptscheme', conceptscheme);
  structure('contentconstraint', contentconstraint, constraintRoute);
  documented(availableRoute, available);
  documented(dataRoute, data);
  for (const p of ['/sdmx/2.1/data/:dataset', '/sdmx/2.1/data/:dataset/:key', '/sdmx/2.1/data/:dataset/:key/:provider'])
    for (const q of [p, `${p}/`]) api.get(q, data);
  for (const p of [
    '/sdmx/2.1/availableconstraint/:flow',
    '/sdmx/2.1/availableconstraint/:flow/:key',
    '/sdmx/2.1/availableconstraint/:flow/:key/:provider',
    '/sdmx/2.1/availableconstraint/:flow/:key/:provider/:component',
  ])
    for (const q of [p, `${p}/`]) api.get(q, available);
  return api;
}
