// /api/researcher (issue 16, decisions 145–148): a research question → a plan (datasets × places × periods), a run of
// the plan → a saved report whose every number is a cited stored observation; the user's reports, one report, its
// Markdown and HTML exports, deletion; and the shared view of a report by its unguessable token (no session).
import { randomBytes, randomUUID } from 'node:crypto';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { MAX_PLACES, MAX_STEPS, type ResearchPlan } from '../../core/researcher/plan';
import { reportHtml, reportMarkdown, sharedReportPath, type Report } from '../../core/researcher/report';
import { parsePeriod } from '../../core/periods';
import {
  countResearchReports,
  deleteResearchReport,
  findResearchReport,
  findSharedResearchReport,
  insertResearchReport,
  listResearchReports,
  type ResearchReportRow,
} from '../../db/queries/researcher';
import type { Auth } from '../auth/auth';
import { planQuestion, runPlan } from './run';
import { ApiError, bodyValidationHook } from '../http/errors';
import { errorResponse } from '../http/openapi';
import { dailyLimitResponse, invalidKeyResponse } from '../keys/daily-limit';
import type { ApiEnv } from '../http/env';
import { requestAccountId } from '../keys/request-account';
import { counted, uncounted } from '#server/http/route-policy';

/** A research run reads many series but counts once, like one question (decision 147) (decision 201). */
export const researcherPolicies = [
  counted('POST /api/researcher/run', 'post', ['/api/researcher/run']),
  uncounted(
    '/api/researcher/plan, /api/researcher/reports…, /api/researcher/shared/…',
    'any',
    ['/api/researcher/plan', '/api/researcher/reports/*', '/api/researcher/shared/*'],
    'reports, counted once when run; a plan holds no values',
  ),
];

/** The longest research question read; a longer one is refused with 413. */
export const MAX_RESEARCH_QUESTION = 1000;
/**
 * Saved reports one account may keep (decision 186): as many as its list shows; a run past it is refused (409) until
 * one is deleted.
 */
export const MAX_SAVED_REPORTS = 100;

const geoCode = z.string().regex(/^[A-Z][A-Z0-9_]{1,11}$/, 'a geo code (EE, EU27_2020)');
const periodText = z
  .string()
  .max(12)
  .refine((t) => parsePeriod(t) !== null, 'a period such as 2020, Q1/2020 or 1/2020');

const stepSchema = z
  .object({
    id: z.string().min(1).max(16).openapi({ example: 's1' }),
    dataset_code: z
      .string()
      .regex(/^[A-Za-z0-9_]{2,40}$/)
      .openapi({ example: 'migr_asyappctza' }),
    places: z
      .array(geoCode)
      .min(1)
      .max(MAX_PLACES)
      .openapi({ example: ['AT', 'DE'] }),
    reference: geoCode.nullable().openapi({ example: 'EU27_2020' }),
    period_from: periodText.openapi({ example: '2014' }),
    period_to: periodText.nullable().openapi({ example: null, description: 'null: to the latest stored period' }),
    dims: z.record(z.string().regex(/^[A-Za-z0-9_]{1,40}$/), z.string().regex(/^[A-Za-z0-9_.-]{1,40}$/)).openapi({
      example: { citizen: 'SY', applicant: 'FRST' },
      description: 'Dimension code → value code; others: the main series',
    }),
    title: z.string().max(300),
    reason: z.string().max(1000),
  })
  .openapi('ResearchPlanStep');

const planSchema = z
  .object({
    question: z.string().trim().min(1),
    steps: z.array(stepSchema).max(MAX_STEPS),
    notes: z.array(z.string().max(500)).max(20),
    declined: z.string().max(1000).nullable(),
  })
  .openapi('ResearchPlan');

const questionField = z
  .string()
  .trim()
  .min(1, 'write a question')
  .openapi({ example: 'How did food inflation evolve in the Baltic states since 2020 compared with the EU?' });

const reportSummary = z
  .object({ id: z.string(), question: z.string(), created_at: z.string(), share_url: z.string() })
  .openapi('ResearchReportSummary');

const reportSchema = reportSummary
  .extend({
    plan: planSchema,
    report: z.object({}).passthrough().openapi({
      description:
        'question, steps (each: title, dataset_code, places, reference, periods, reason, findings with markers [n], no_data, notes, table, links: api_url, csv_url, chart_url, embed_url, png_url), citations (dataset_code, geo, period, value, flags, url, …), derived (differences and the citations they come from), notes, declined',
    }),
  })
  .openapi('ResearchReport');

const planRoute = createRoute({
  method: 'post',
  path: '/researcher/plan',
  summary: 'Plans a research question: steps of dataset × places × periods × dimensions, each with its reason',
  request: {
    body: { required: true, content: { 'application/json': { schema: z.object({ question: questionField }) } } },
  },
  responses: {
    200: {
      description: 'The plan (declined says why when it has no step)',
      content: { 'application/json': { schema: planSchema } },
    },
    400: errorResponse('No question'),
    401: errorResponse('Not signed in'),
    413: errorResponse('A question longer than 1,000 characters, or a body over 32 KB'),
  },
});

const runRoute = createRoute({
  method: 'post',
  path: '/researcher/run',
  summary: 'Runs a question (planned as by /researcher/plan) or an edited plan, and saves the report',
  description: 'Needs a session or an API key; each run counts once against the daily API limit.',
  security: [{}, { bearerKey: [] }, { apiKeyHeader: [] }] as { [name: string]: string[] }[],
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({ question: questionField.optional(), plan: planSchema.optional() })
            .refine((b) => b.question !== undefined || b.plan !== undefined, 'send a question or a plan'),
        },
      },
    },
  },
  responses: {
    200: { description: 'The saved report', content: { 'application/json': { schema: reportSchema } } },
    400: errorResponse('No question or plan, a malformed plan, or a plan with no step (the message says why)'),
    401: invalidKeyResponse,
    409: errorResponse(`The account keeps ${MAX_SAVED_REPORTS} reports already (too_many_reports): delete one first`),
    413: errorResponse('A question longer than 1,000 characters, or a body over 32 KB'),
    429: dailyLimitResponse,
  },
});

const listRoute = createRoute({
  method: 'get',
  path: '/researcher/reports',
  summary: "The user's saved research reports, newest first",
  responses: {
    200: {
      description: 'Reports',
      content: { 'application/json': { schema: z.object({ reports: z.array(reportSummary) }) } },
    },
    401: errorResponse('Not signed in'),
  },
});

const reportIdParam = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}(\.md|\.html)?$/, 'a report id')
    .openapi({ description: 'The report id; with .md or .html: the export as an attachment' }),
});

const getRoute = createRoute({
  method: 'get',
  path: '/researcher/reports/{id}',
  summary: 'One saved report; {id}.md and {id}.html download it as Markdown or as a self-contained HTML page',
  request: { params: reportIdParam },
  responses: {
    200: {
      description: 'The report (JSON), or its export (text/markdown, text/html) with Content-Disposition: attachment',
      content: {
        'application/json': { schema: reportSchema },
        'text/markdown': { schema: z.string() },
        'text/html': { schema: z.string() },
      },
    },
    400: errorResponse('Not a report id'),
    401: errorResponse('Not signed in'),
    404: errorResponse('No such report of this user'),
  },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/researcher/reports/{id}',
  summary: 'Deletes a saved report (its share link stops working)',
  request: { params: reportIdParam },
  responses: {
    204: { description: 'Deleted' },
    400: errorResponse('Not a report id'),
    401: errorResponse('Not signed in'),
    404: errorResponse('No such report of this user'),
  },
});

const sharedRoute = createRoute({
  method: 'get',
  path: '/researcher/shared/{token}',
  summary: 'A shared report by its token, without a session',
  request: { params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, 'a share token') }) },
  responses: {
    200: { description: 'The report', content: { 'application/json': { schema: reportSchema } } },
    400: errorResponse('Not a share token'),
    404: errorResponse('No report is shared with this token'),
  },
});

export interface ResearcherApiOptions {
  auth: Auth;
  trustProxy: boolean;
  publicUrl: string;
}

function tooLong(question: string | undefined): void {
  if (question !== undefined && question.length > MAX_RESEARCH_QUESTION)
    throw new ApiError(
      413,
      'too_large',
      `The question is longer than ${MAX_RESEARCH_QUESTION.toLocaleString('en-GB')} characters; ask it in fewer words.`,
    );
}

export function researcherApi(opts: ResearcherApiOptions): OpenAPIHono<ApiEnv> {
  const api = new OpenAPIHono<ApiEnv>({ defaultHook: bodyValidationHook });
  const origin = opts.publicUrl.replace(/\/+$/, '');

  const userIdOf = (c: Context<ApiEnv>) => requestAccountId(c, opts.auth, opts.trustProxy);

  const notFound = () => new ApiError(404, 'not_found', 'No such report.');

  const summary = (r: Pick<ResearchReportRow, 'id' | 'question' | 'shareToken' | 'createdAt'>) => ({
    id: r.id,
    question: r.question,
    created_at: r.createdAt.toISOString(),
    share_url: `${origin}${sharedReportPath(r.shareToken)}`,
  });
  const full = (r: ResearchReportRow) => ({
    ...summary(r),
    plan: r.plan as unknown as z.infer<typeof planSchema>,
    report: r.report,
  });

  api.openapi(planRoute, async (c) => {
    const question = c.req.valid('json').question;
    tooLong(question);
    await userIdOf(c);
    const plan = await planQuestion(c.var.db, question, new Date());
    return c.json(plan, 200);
  });

  api.openapi(runRoute, async (c) => {
    const body = c.req.valid('json');
    tooLong(body.question ?? body.plan?.question);
    const userId = await userIdOf(c);
    // Checked before the run's work; two runs at once may each pass it, so an account keeps at most a few more.
    if ((await countResearchReports(c.var.db, userId)) >= MAX_SAVED_REPORTS)
      throw new ApiError(
        409,
        'too_many_reports',
        `An account can keep ${MAX_SAVED_REPORTS} research reports. Delete an old one first.`,
      );
    const plan: ResearchPlan = body.plan
      ? { ...body.plan, steps: body.plan.steps.map((s, i) => ({ ...s, id: s.id || `s${i + 1}` })) }
      : await planQuestion(c.var.db, body.question!, new Date());
    if (plan.steps.length === 0)
      throw new ApiError(400, 'no_plan', plan.declined ?? 'The plan has no step: keep at least one step to run.');
    const report: Report = await runPlan(c.var.db, origin, plan);
    const row = await insertResearchReport(c.var.db, {
      id: randomUUID(),
      userId,
      question: plan.question,
      plan: plan as unknown as Record<string, unknown>,
      report: report as unknown as Record<string, unknown>,
      shareToken: randomBytes(32).toString('base64url'),
    });
    return c.json(full(row), 200);
  });

  api.openapi(listRoute, async (c) => {
    const userId = await userIdOf(c);
    const reports = await listResearchReports(c.var.db, userId, MAX_SAVED_REPORTS);
    return c.json({ reports: reports.map(summary) }, 200);
  });

  api.openapi(getRoute, async (c) => {
    const userId = await userIdOf(c);
    const raw = c.req.valid('param').id;
    const format = raw.endsWith('.md') ? 'md' : raw.endsWith('.html') ? 'html' : 'json';
    const id = raw.replace(/\.(md|html)$/, '');
    const row = await findResearchReport(c.var.db, userId, id);
    if (!row) throw notFound();
    if (format === 'json') return c.json(full(row), 200);
    const meta = { url: `${origin}${sharedReportPath(row.shareToken)}`, created_at: row.createdAt.toISOString() };
    const report = row.report as unknown as Report;
    c.header('Content-Disposition', `attachment; filename="research-report-${row.id.slice(0, 8)}.${format}"`);
    if (format === 'md') {
      c.header('Content-Type', 'text/markdown; charset=utf-8');
      return c.body(reportMarkdown(report, meta), 200);
    }
    c.header('Content-Type', 'text/html; charset=utf-8');
    return c.body(reportHtml(report, meta), 200);
  });

  api.openapi(deleteRoute, async (c) => {
    const userId = await userIdOf(c);
    const id = c.req.valid('param').id.replace(/\.(md|html)$/, '');
    if (!(await deleteResearchReport(c.var.db, userId, id))) throw notFound();
    return c.body(null, 204);
  });

  api.openapi(sharedRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex');
    const row = await findSharedResearchReport(c.var.db, c.req.valid('param').token);
    if (!row) throw new ApiError(404, 'not_found', 'No report is shared with this link.');
    return c.json(full(row), 200);
  });

  return api;
}
