// /api/workbench: the comparison workbench's combined table (decision 110) as JSON or CSV, for the URL the page shows.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { frequencySchema, PERIOD_SPELLINGS } from '../../core/periods';
import { parseWorkbenchQuery, type CombinedTable } from '../../core/workbench';
import { ViewTooLarge } from '../../db/queries/view';
import { loadWorkbench, type WorkbenchData } from '../../db/queries/workbench';
import { ApiError } from '../http/errors';
import { errorResponse } from '../http/openapi';
import { dailyLimitResponse, invalidKeyResponse } from '../keys/daily-limit';
import { csvField, csvText } from './data-formats';
import { tooManyValues } from './api';
import type { ApiEnv } from '../http/env';
import { counted } from '#server/http/route-policy';

/** The workbench's table is the data API's data (decision 201). */
export const workbenchPolicies = [counted('GET /api/workbench', 'read', ['/api/workbench'], { replica: true })];

const cellSchema = z
  .object({
    value: z.number(),
    text: z.string().openapi({ description: 'The value as published (13.0 stays 13.0)' }),
    period: z.string().openapi({ description: "The value's own period: 2024 for an annual value on the 12/2024 row" }),
    flags: z.string().nullable(),
  })
  .nullable();

export const workbenchTableSchema = z
  .object({
    axis: z.enum(frequencySchema.options).openapi({ description: 'Frequency of the shared period axis (the finest)' }),
    from: z.string().nullable(),
    to: z.string().nullable(),
    indicators: z.array(
      z.object({
        token: z.string().openapi({ example: 'une_rt_m,dim1:SA' }),
        dataset: z.string(),
        label: z.string(),
        unit: z.string(),
        frequency: z.enum(frequencySchema.options),
      }),
    ),
    places: z.array(z.object({ code: z.string(), name: z.string() })),
    rows: z.array(
      z.object({
        period: z.string().openapi({ description: 'Axis period (M/YYYY on a monthly axis)' }),
        geo: z.string(),
        geo_name: z.string(),
        cells: z.array(cellSchema).openapi({ description: "One per indicator, in the indicators' order" }),
      }),
    ),
  })
  .openapi('WorkbenchTable');

const workbenchRoute = createRoute({
  method: 'get',
  path: '/workbench',
  summary: 'Several indicators side by side for chosen places on one period axis (the comparison workbench)',
  description:
    'Repeat `i` for each indicator (dataset code, then dimN:code pairs). Values of a coarser frequency sit on the ' +
    "axis at their period's last sub-period (2024 on 12/2024), never repeated or interpolated.",
  request: {
    query: z.object({
      i: z
        .union([z.string(), z.array(z.string())])
        .openapi({ example: 'une_rt_m,dim1:SA', description: 'An indicator; repeat for each (at most 6)' }),
      geo: z
        .union([z.string(), z.array(z.string())])
        .openapi({ example: 'DE,FR,IT,ES', description: 'Geo codes, a comma list (at most 12)' }),
      from: z.string().optional().openapi({ example: '2015', description: PERIOD_SPELLINGS }),
      to: z.string().optional().openapi({ example: '12/2024' }),
      format: z.enum(['json', 'csv']).default('json'),
    }),
  },
  responses: {
    200: {
      description: 'The combined table',
      content: { 'application/json': { schema: workbenchTableSchema }, 'text/csv': { schema: z.string() } },
    },
    400: errorResponse(
      'A parameter is invalid, or the table has more values than one request returns (too_many_values)',
    ),
    404: errorResponse('No such dataset or value'),
    // Counted against the daily limit like the data API (decision 184).
    401: invalidKeyResponse,
    429: dailyLimitResponse,
  },
});

export function workbenchApi(): OpenAPIHono<ApiEnv> {
  const api = new OpenAPIHono<ApiEnv>({
    defaultHook: (result, c) => {
      if (result.success) return undefined;
      const message = result.error.issues.map((i) => `${i.path.join('.') || 'query'}: ${i.message}`).join('; ');
      return c.json({ error: { code: 'bad_parameter', message } }, 400);
    },
  });
  api.openapi(workbenchRoute, async (c) => {
    const { format } = c.req.valid('query');
    const { selection, problems } = parseWorkbenchQuery(new URL(c.req.url).searchParams);
    if (problems.length) throw new ApiError(400, 'bad_parameter', problems.join('; '));
    if (selection.indicators.length === 0) throw new ApiError(400, 'bad_parameter', 'i: name at least one indicator');
    if (selection.places.length === 0) throw new ApiError(400, 'bad_parameter', 'geo: name at least one place');
    const loaded = await loadWorkbench(c.var.db, selection).catch((error: unknown) => {
      if (error instanceof ViewTooLarge) throw tooManyValues(error, narrowWorkbench);
      throw error;
    });
    if (loaded.problems.length) throw new ApiError(404, 'not_found', loaded.problems.join('; '));
    const body = workbenchJson(loaded);
    if (format === 'csv') {
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', 'attachment; filename="workbench.csv"');
      return c.body(workbenchCsv(loaded.table), 200);
    }
    return c.json(body, 200);
  });
  return api;
}

/** How a workbench client narrows a table over the value cap, in the workbench's parameters. */
const narrowWorkbench = 'Narrow it: fewer indicators (i), fewer places (geo) or a period range (from, to).';

export function workbenchJson(loaded: WorkbenchData): z.infer<typeof workbenchTableSchema> {
  const { table } = loaded;
  return {
    axis: table.axis,
    from: table.rows[0]?.period ?? null,
    to: table.rows.at(-1)?.period ?? null,
    indicators: table.columns.map((c) => ({
      token: c.token,
      dataset: c.dataset,
      label: c.label,
      unit: c.unit,
      frequency: c.freq,
    })),
    places: loaded.places,
    rows: table.rows.map((r) => ({ period: r.period, geo: r.geo, geo_name: r.geoName, cells: r.cells })),
  };
}

/**
 * RFC 4180: period, geo, geo_name, then per indicator its value as published (column named by its token) and, for an
 * indicator coarser than the axis, its own period (`<token> period`: 2024 on the 12/2024 row).
 */
export function workbenchCsv(table: CombinedTable): string {
  const header = ['period', 'geo', 'geo_name'];
  for (const c of table.columns) {
    header.push(c.token);
    if (c.freq !== table.axis) header.push(`${c.token} period`);
  }
  const lines = [header.map((h) => csvField(csvText(h))).join(',')];
  for (const r of table.rows) {
    const fields = [r.period, r.geo, r.geoName].map((t) => csvField(csvText(t)));
    table.columns.forEach((c, i) => {
      const cell = r.cells[i];
      fields.push(cell?.text ?? '');
      if (c.freq !== table.axis) fields.push(csvField(csvText(cell?.period ?? '')));
    });
    lines.push(fields.join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
