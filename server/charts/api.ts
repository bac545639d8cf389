// /api/charts: a chart view's published image as PNG (server-rendered SVG through resvg, 2x) or SVG, drawn in a
// drawing thread (server/render, decision 182), and its data as CSV or JSON export.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { DatasetData, DatasetMeta } from '../../core/schemas/dataset';
import type { ReadDb } from '../../db/client';
import type { ObservationRow } from '../../db/queries/observations';
import { openDataset, openView } from '../../db/queries/view';
import { catalogueState, memoAt } from '../../db/catalogue-memo';
import {
  buildJsonExport,
  chartHeightFor,
  CHART_TYPES,
  chooseOutlines,
  dataError,
  exportFileName,
  geoCodesOf,
  viewLabels,
  type ChartViewSpec,
  type LoadedOutlines,
} from '../../app/charts';
import { sliderFor, viewPagePath } from '../render/chart-image';
import { chartJobInput, renderPool } from '../render/pool';
import type { OutlineStore } from '../geo/outline-store';
import { dailyLimitResponse, invalidKeyResponse } from '../keys/daily-limit';
import { toCsv, type CsvAbout } from '../datasets/data-formats';
import { LICENSE } from '../datasets/catalogue';
import { boundedView } from '../datasets/api';
import type { ApiEnv } from '../http/env';
import { ClientGone, renderQueue, renderStats, stopIfGone } from '../http/middleware/work-limits';
import { ApiError } from '../http/errors';
import { errorResponse } from '../http/openapi';
import { PERIOD_SPELLINGS } from '../../core/periods';
import { isIgnored, TRACKING_NAMES, unknownNames } from '../../core/selection';
import { VIEW_NAMES } from '../../core/view';
import { counted, uncounted } from '#server/http/route-policy';

/** A chart's data file counts; its images are drawn, not data files (decision 201). */
export const chartsPolicies = [
  counted('GET /api/charts/download', 'read', ['/api/charts/download'], { replica: true }),
  uncounted(
    'GET /api/charts/download-png, download-svg',
    'read',
    ['/api/charts/download-png', '/api/charts/download-svg'],
    'images, not data files: 60 a minute per address (decision 064)',
    { drawn: true },
  ),
];

export interface ChartsApiOptions {
  /** Map outlines (NUTS outlines for regional maps come from the data mirror). */
  outlines: OutlineStore;
  /** The site's address, printed under exported charts (never the request's Host: images are cached). */
  publicUrl?: string;
}

const MAX_SIDE = 2400;
/** At most 2400 × 1350 (4800 × 2700 drawn): a full-screen chart, but not the 2400 × 2400 renders of issue 17. */
const MAX_AREA = 2400 * 1350;

const listParam = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .openapi({ type: 'array', items: { type: 'string' } });

const viewQuery = z
  .object({
    datasetId: z.string().min(1).openapi({ example: 'prc_hicp_manr', description: 'Numeric id or dataset code' }),
    chart_type: z.enum(CHART_TYPES as [string, ...string[]]).optional(),
    'dimension[]': listParam.openapi({ description: 'dimN:code, repeated (dim2:CP00)' }),
    'country[]': listParam.openapi({ description: 'Geo code, repeated' }),
    time_start: z.string().optional().openapi({ example: '1/2020', description: PERIOD_SPELLINGS }),
    time_end: z.string().optional().openapi({ example: '5/2025' }),
    transform: z
      .string()
      .optional()
      .openapi({ example: 'index', description: 'index (with base), change or diff (with lag), as on /api/datasets' }),
    base: z.string().optional().openapi({ example: '1/2020', description: 'transform=index: the period that is 100' }),
    lag: z.string().optional().openapi({ example: '12', description: 'transform=change or diff: periods back' }),
  })
  .catchall(z.union([z.string(), z.array(z.string())]));

const imageQuery = viewQuery
  .extend({
    width: z.coerce.number().int().min(200).max(MAX_SIDE).optional(),
    height: z.coerce.number().int().min(150).max(MAX_SIDE).optional(),
    theme: z.enum(['light', 'dark']).default('light'),
    title: z.string().max(200).optional(),
    hide_legend: z.enum(['true', 'false']).optional(),
  })
  .refine((q) => (q.width ?? 800) * (q.height ?? 0) <= MAX_AREA, {
    message: `width × height may be at most ${MAX_AREA.toLocaleString('en')} pixels (e.g. 2400 × 1350)`,
    path: ['height'],
  });

/** What a chart's data download reads: the path's own names, then a view's (core/view.ts). */
const DOWNLOAD_NAMES = ['datasetId', 'format', ...VIEW_NAMES];

/** What a chart's image reads: the dataset, a view's names (core/view.ts), then how it is drawn (imageQuery). */
const IMAGE_NAMES = ['datasetId', ...VIEW_NAMES, 'width', 'height', 'theme', 'title', 'hide_legend', 'sort'];

/**
 * The names the chart route reads, strictly (issue 38, decision 205): a misspelt one is a 400 naming it and the
 * accepted ones, never a chart of everything. Chart links are shared like pages: tracking parameters are ignored.
 */
function strictNames(c: Context, names: readonly string[]): void {
  const unknown = unknownNames(new URL(c.req.url).searchParams, names, TRACKING_NAMES);
  if (unknown.length > 0) throw new ApiError(400, 'bad_parameter', unknown.map((p) => p.message).join('; '));
}

const errors = {
  400: errorResponse('A parameter is invalid'),
  404: errorResponse('No such dataset, or no data'),
};

const pngRoute = createRoute({
  method: 'get',
  path: '/charts/download-png',
  summary: 'A chart view as a PNG image at twice its size',
  request: { query: imageQuery },
  responses: { 200: { description: 'The image', content: { 'image/png': { schema: z.string() } } }, ...errors },
});

const svgRoute = createRoute({
  method: 'get',
  path: '/charts/download-svg',
  summary: 'A chart view as an SVG image (the same query and published frame as the PNG)',
  request: { query: imageQuery },
  responses: {
    200: { description: 'The image', content: { 'image/svg+xml': { schema: z.string() } } },
    ...errors,
  },
});

const downloadRoute = createRoute({
  method: 'get',
  path: '/charts/download',
  summary: "A chart view's data: CSV (as the data API writes it) or the JSON export",
  request: { query: viewQuery.extend({ format: z.enum(['csv', 'json']).default('csv') }) },
  responses: {
    200: {
      description: 'The data file',
      content: { 'text/csv': { schema: z.string() }, 'application/json': { schema: z.object({}).passthrough() } },
    },
    ...errors,
    // Counted against the daily limit like the data API (decision 184).
    401: invalidKeyResponse,
    429: dailyLimitResponse,
  },
});

interface LoadedView {
  meta: DatasetMeta;
  view: ChartViewSpec;
  rows: ObservationRow[];
  data: DatasetData;
}

/** The dataset, the view its address names (refusing what it cannot show) and the view's observations. */
async function addressView(db: ReadDb, c: Context): Promise<LoadedView> {
  const url = new URL(c.req.url);
  const id = url.searchParams.get('datasetId') ?? '';
  const opened = await openDataset(db, id);
  if (!opened) throw new ApiError(404, 'not_found', `no dataset with id or code "${id}"`);
  const { row, meta } = opened;
  // The view the address names, by the one rule (core/view.ts): 400 on any problem, where a page would leave it out.
  const { view, problems, selection } = await openView(db, row, meta, url.searchParams, { mode: 'address' });
  if (problems.length > 0) throw new ApiError(400, 'bad_parameter', problems.join('; '));
  const loaded = await boundedView(c, meta, selection.selection);
  return { meta, view, rows: loaded.rows, data: loaded.data };
}

/** What a view's CSV export says about itself, as its PNG prints it: title, selection, source, licence, address. */
function csvAbout(meta: DatasetMeta, view: ChartViewSpec, data: DatasetData, publicUrl?: string): CsvAbout {
  return {
    title: meta.dataset_name,
    subtitle: viewLabels(meta, data.data, data.transform).subtitle,
    source: `${meta.source_name} (${meta.dataset_code})${meta.source_url ? ` ${meta.source_url}` : ''}`,
    licence: `CC BY 4.0 ${LICENSE}`,
    view: publicUrl ? `${publicUrl.replace(/\/+$/, '')}${viewPagePath(meta.dataset_code, view)}` : undefined,
  };
}

/** The outlines a map of this data draws; 404 when the server has no NUTS outlines for regional data. */
async function loadOutlines(data: DatasetData, store: OutlineStore): Promise<LoadedOutlines> {
  const loaded = await store.forChoice(chooseOutlines(geoCodesOf(data)));
  if (!loaded) throw new ApiError(404, 'not_found', 'NUTS outlines are not available on this server: no data mirror');
  return loaded;
}

/** The `sort` parameter (`5/2025:descending`) as the table's sort; null when absent. */
export function tableSortOf(param: unknown): { column: string; direction: 'ascending' | 'descending' } | null {
  if (typeof param !== 'string' || !param.includes(':')) return null;
  const at = param.lastIndexOf(':');
  return { column: param.slice(0, at), direction: param.slice(at + 1) === 'ascending' ? 'ascending' : 'descending' };
}

/**
 * The query with its parameters in one order and without tracking parameters (which draw nothing), so that reordered,
 * repeated-identical or tagged queries share a cache entry.
 */
function normalisedQuery(url: string): string {
  const params = [...new URL(url).searchParams]
    .filter(([name]) => !isIgnored(TRACKING_NAMES, name))
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1));
  return new URLSearchParams(params).toString();
}

function attachment(c: Context, fileName: string): void {
  c.header('Content-Disposition', `attachment; filename="${fileName}"`);
  c.header('Cache-Control', 'public, max-age=300');
}

export function chartsApi(opts: ChartsApiOptions): OpenAPIHono<ApiEnv> {
  const api = new OpenAPIHono<ApiEnv>({
    defaultHook: (result, c) => {
      if (result.success) return undefined;
      const message = result.error.issues.map((i) => `invalid ${i.path.join('.')}: ${i.message}`).join('; ');
      return c.json({ error: { code: 'bad_parameter', message } }, 400);
    },
  });

  /** What the image query draws: the view, its size and outlines (400/404 as the data API), as a drawing job's input. */
  const imageInput = async (c: Context<ApiEnv>, q: z.infer<typeof imageQuery>) => {
    strictNames(c, IMAGE_NAMES);
    const { meta, view, data } = await addressView(c.var.db, c);
    const { periods, index } = sliderFor(data, view);
    const problem = dataError(data, view.chartType, index, periods, Object.keys(view.dimensions).length > 0);
    if (problem) throw new ApiError(404, 'no_data', problem);
    const width = q.width ?? 800;
    const height = q.height ?? chartHeightFor(1024, view.chartType === 'map' ? 'map' : 'chart');
    const outlines = view.chartType === 'map' ? await loadOutlines(data, opts.outlines) : null;
    const input = chartJobInput({
      data,
      view,
      width,
      height,
      theme: q.theme,
      title: q.title,
      hideLegend: q.hide_legend === 'true',
      outlines,
      sort: tableSortOf(q.sort),
    });
    return { meta, view, input };
  };

  /**
   * The image of the query, cached by its normalised form until an import changes the catalogue, else drawn in a
   * drawing thread behind the render queue (503 `busy` when it is full; decisions 064, 182).
   */
  const drawnOnce = async <T>(c: Context<ApiEnv>, kind: string, draw: () => Promise<T>): Promise<T> => {
    const version = (await catalogueState(c.var.db)).version;
    const key = `${kind}:${normalisedQuery(c.req.url)}`;
    let fresh = false;
    const cached = () =>
      memoAt(
        c.var.db,
        version,
        key,
        () => {
          fresh = true;
          return renderQueue.run(c.req.raw.signal, draw);
        },
        { limit: 50 },
      );
    // A drawing started for another client who then left is abandoned: draw again for this one.
    const image = await cached().catch((error: unknown) => {
      if (error instanceof ClientGone && !c.req.raw.signal.aborted) return cached();
      throw error;
    });
    if (!fresh) renderStats.cached++;
    stopIfGone(c);
    return image;
  };

  api.openapi(svgRoute, async (c) => {
    const { meta, view, input } = await imageInput(c, c.req.valid('query'));
    const markup = await drawnOnce(c, 'chart-svg', () =>
      renderPool.run({ kind: 'chart-svg', input, publicUrl: opts.publicUrl }),
    );
    attachment(c, exportFileName(meta.dataset_code, view.chartType, 'svg'));
    c.header('Content-Type', 'image/svg+xml; charset=utf-8');
    // Opened by itself it runs and loads nothing: the closed policy of every non-page answer (security-headers.ts);
    // the image styles with attributes only.
    return c.body(`<?xml version="1.0" encoding="UTF-8"?>\n${markup}`, 200);
  });

  api.openapi(pngRoute, async (c) => {
    const { meta, view, input } = await imageInput(c, c.req.valid('query'));
    const png = await drawnOnce(c, 'chart-png', () =>
      renderPool.run({ kind: 'chart-png', input, publicUrl: opts.publicUrl }),
    );
    attachment(c, exportFileName(meta.dataset_code, view.chartType, 'png'));
    c.header('Content-Type', 'image/png');
    return c.body(new Uint8Array(png), 200);
  });

  api.openapi(downloadRoute, async (c) => {
    const { format } = c.req.valid('query');
    strictNames(c, DOWNLOAD_NAMES);
    const { meta, view, rows, data } = await addressView(c.var.db, c);
    if (format === 'csv') {
      attachment(c, exportFileName(meta.dataset_code, view.chartType, 'csv'));
      c.header('Content-Type', 'text/csv; charset=utf-8');
      // A file for people: what it is first (decision 200), and a byte-order mark, without which Excel reads the
      // UTF-8 of "Île-de-France" as another encoding. The data API's CSV (for programs) has neither.
      return c.body(`\uFEFF${toCsv(meta, rows, data.transform, csvAbout(meta, view, data, opts.publicUrl))}`, 200);
    }
    attachment(c, exportFileName(meta.dataset_code, view.chartType, 'json'));
    return c.json(buildJsonExport({ dataset: meta, series: data.data, transform: data.transform, view }), 200);
  });

  return api;
}
