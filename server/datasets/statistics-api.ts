// Eurostat's Statistics API path (issue 38, decision 202): GET /api/statistics/1.0/data/{code}?geo=DE&geo=FR&unit=…
// &time=…&sinceTimePeriod=…&untilTimePeriod=…&lastTimePeriod=…&lang=en, answering JSON-stat 2.0 the way Eurostat's
// `…/api/dissemination/statistics/1.0/data/{code}` does, so that code written for Eurostat reads us by changing the
// host. The query is read into the one vocabulary (core/selection.ts statisticsApiQuery), the view by the one loader
// under the one value cap (boundedView), the answer by the one JSON-stat writer in Eurostat's layout.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { statisticsApiQuery } from '../../core/selection';
import { getDatasetMeta } from '../../db/queries/datasets';
import { dailyLimitResponse, invalidKeyResponse } from '../keys/daily-limit';
import { ApiError, errorSchema } from '../http/errors';
import { errorResponse } from '../http/openapi';
import type { ApiEnv } from '../http/env';
import { counted } from '#server/http/route-policy';
import { asOfParam, boundedView, datasetOr404, notModified, searchOf, selectionOr400 } from './api';
import { toJsonStat } from './data-formats';

/** Its answers are data: counted like the data API's, and kept by the response cache (decision 201). */
export const statisticsApiPolicies = [
  counted('GET /api/statistics/1.0/data/…', 'read', ['/api/statistics/1.0/data/:code'], { cache: 'api' }),
];

/** How a Statistics API client narrows or pages a query over the value cap, in the path's own parameters. */
export const narrowStatisticsQuery =
  'Narrow it: name the codes you need of each dimension, one parameter per code (geo=DE&geo=FR, unit=PC_ACT; a ' +
  'dimension left out means every code), or the periods (time, sinceTimePeriod, untilTimePeriod, lastTimePeriod); ' +
  'to get everything, page through the periods with consecutive sinceTimePeriod/untilTimePeriod ranges.';

const repeated = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .openapi({ type: 'array', items: { type: 'string' } });

const dataRoute = createRoute({
  method: 'get',
  path: '/statistics/1.0/data/{code}',
  summary: "Eurostat's Statistics API: a dataset's data as JSON-stat 2.0, as Eurostat's own API answers it",
  description:
    "The path and parameters of Eurostat's `…/api/dissemination/statistics/1.0/data/{code}`: any dimension's code as " +
    'a parameter, repeated for several codes (`geo=DE&geo=FR&unit=PC_ACT`); a dimension left out means every code. ' +
    'The answer is JSON-stat 2.0 in Eurostat’s layout: `freq` first, `value` and `status` objects keyed by flat ' +
    'index, `category.index` objects, `role`, `updated`, `extension` with `datasetId`, `lang`, the status labels and ' +
    "annotations. The data API's names are read too (`country`, `period_from`, `dimN`, `transform`, `as_of`). " +
    'Any other name is a 400 naming it and the names read here.',
  request: {
    params: z.object({
      code: z.string().openapi({ param: { name: 'code', in: 'path' }, example: 'migr_asyappctza' }),
    }),
    query: z
      .object({
        geo: repeated.openapi({ example: ['DE', 'FR'], description: 'Geo codes, one parameter each' }),
        time: repeated.openapi({
          example: ['2024-01', '2024-03'],
          description: 'Periods, one parameter each, in the dataset’s frequency (2024, 2024-Q1, 2024-01 …)',
        }),
        sinceTimePeriod: z.string().optional().openapi({ example: '2020-01', description: 'The first period' }),
        untilTimePeriod: z.string().optional().openapi({ example: '2024-12', description: 'The last period' }),
        lastTimePeriod: z
          .string()
          .optional()
          .openapi({ example: '12', description: 'The dataset’s last N periods (to untilTimePeriod when given)' }),
        freq: z.string().optional().openapi({ example: 'M', description: 'The dataset’s frequency (it has one)' }),
        format: z.string().optional().openapi({ example: 'JSON', description: 'JSON only' }),
        lang: z.string().optional().openapi({ example: 'en', description: 'en only: labels are served in English' }),
        as_of: asOfParam,
      })
      .catchall(z.union([z.string(), z.array(z.string())])),
  },
  responses: {
    200: {
      description: 'JSON-stat 2.0 dataset',
      content: { 'application/json': { schema: z.object({ version: z.literal('2.0'), class: z.literal('dataset') }) } },
    },
    202: { description: 'Eurostat lists the dataset but its data is not here yet: ask again after Retry-After' },
    304: { description: 'Not modified since the ETag sent in If-None-Match' },
    400: errorResponse(
      'A parameter is unknown or invalid (another lang than en, another freq than the dataset’s), or the query ' +
        'selects more values than one request returns (too_many_values: narrow it or page through the periods)',
    ),
    401: invalidKeyResponse,
    404: errorResponse('No such dataset, or as_of before its first import here'),
    429: dailyLimitResponse,
    503: {
      description: 'The data of a listed dataset could not be imported, or too many imports wait',
      content: { 'application/json': { schema: errorSchema } },
    },
  },
});

export function statisticsApi(): OpenAPIHono<ApiEnv> {
  const api = new OpenAPIHono<ApiEnv>({
    defaultHook: (result, c) => {
      if (result.success) return undefined;
      const message = result.error.issues.map((i) => `invalid ${i.path.join('.')}: ${i.message}`).join('; ');
      return c.json({ error: { code: 'bad_parameter', message } }, 400);
    },
  });

  api.openapi(dataRoute, async (c) => {
    const row = await datasetOr404(c, c.req.valid('param').code);
    if (notModified(c, row.id, row.updatedAt)) return c.body(null, 304);
    const meta = await getDatasetMeta(c.var.db, row);
    const { query, problems, periods } = statisticsApiQuery(meta, searchOf(c));
    if (problems.length > 0) throw new ApiError(400, 'bad_parameter', problems.map((p) => p.message).join('; '));
    const view = await boundedView(c, meta, selectionOr400(meta, query), narrowStatisticsQuery);
    // Repeated `time`: the view reads from the first to the last; the answer has the periods asked for.
    const rows = periods ? view.rows.filter((r) => periods.includes(r.period)) : view.rows;
    const options = { transform: view.data.transform, layout: 'eurostat' as const };
    return c.json(toJsonStat(view.data.dataset, rows, options), 200);
  });

  return api;
}
