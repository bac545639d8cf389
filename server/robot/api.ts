// /api/robot/*: the content-writing robot's templates, runs and review queue (decisions 140–144). Editors only: the
// session's account must be an admin (ADMIN_EMAILS, verified); others get 401 or 403. Writes are CSRF-safe through the
// app's origin check, like every account API; errors have the one shape (server/http/errors.ts).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { robotTemplateInputSchema, ROBOT_SCHEDULES, ROBOT_SECTIONS } from '../../core/robot/template';
import type { Db } from '../../db/client';
import {
  deleteTemplate,
  draftDetail,
  getDraft,
  getTemplate,
  listDrafts,
  listTemplates,
  type QueueItem,
  type RobotDraftRow,
  type RobotTemplateRow,
} from '../../db/queries/robot';
import { ROBOT_DRAFT_STATUSES } from '../../db/schema/robot';
import type { Auth } from '../auth/auth';
import { readSession, requireSignedIn } from '../auth/session';
import { ApiError, bodyValidationHook } from '../http/errors';
import { errorResponse, idParam } from '../http/openapi';
import {
  createTemplate,
  discardDraft,
  editDraft,
  editTemplate,
  MAX_DRAFT_CHARS,
  publishDraft,
  runTemplate,
} from './service';
import { uncounted } from '#server/http/route-policy';

/** The editors' robot (decision 201). */
export const robotPolicies = [uncounted('/api/robot/…', 'any', ['/api/robot/*'], "the editors' robot")];

type RobotEnv = { Variables: { db: Db } };

/** What a signed-in account that is not an editor is told (the page says the same). */
export const EDITORS_ONLY = 'The robot is for editors only: ask an administrator to add your account to ADMIN_EMAILS.';

const signedOut = errorResponse('Not signed in');
const forbidden = errorResponse('Signed in, but not an editor');
const badRequest = errorResponse('Invalid request');
const notFound = errorResponse('No such template or draft');

const templateSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string().openapi({ description: 'The post it publishes to: /blog/{slug}' }),
    dataset: z.string(),
    dimensions: z.record(z.string(), z.string()),
    geos: z.array(z.string()),
    sections: z.array(z.enum(ROBOT_SECTIONS)),
    change_lag: z.number().int(),
    title_pattern: z.string(),
    schedule: z.enum(ROBOT_SCHEDULES),
    post_url: z.string().nullable(),
    last_run_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('RobotTemplate');

// The core schema (plain zod): the document shows its fields without a component name.
const templateInput = robotTemplateInputSchema;

const citationSchema = z
  .object({
    dataset_code: z.string(),
    dataset_name: z.string(),
    series: z.string(),
    geo: z.string(),
    place: z.string(),
    period: z.string().openapi({ example: '9/2025' }),
    value: z.number(),
    unit: z.string(),
    flags: z.string().nullable(),
    flag_meaning: z.string().nullable(),
    decimals: z.number().int().nullable(),
    url: z.string().openapi({ description: 'The chart view showing the value' }),
  })
  .openapi('RobotCitation');

const queueItemSchema = z
  .object({
    id: z.number().int(),
    template_id: z.number().int(),
    template_name: z.string(),
    slug: z.string(),
    title: z.string(),
    status: z.enum(ROBOT_DRAFT_STATUSES),
    trigger: z.string(),
    import_run_id: z.number().int().nullable(),
    edited: z.boolean(),
    created_at: z.string(),
  })
  .openapi('RobotQueueItem');

const draftSchema = queueItemSchema
  .extend({
    markdown: z.string().openapi({ description: "The text that would be published: the editor's, else the robot's" }),
    robot_title: z.string(),
    robot_markdown: z.string(),
    citations: z.array(citationSchema),
    derived: z.array(z.object({ text: z.string(), value: z.number(), from: z.array(z.number().int()) })),
    published_at: z.string().nullable(),
    updated_at: z.string(),
    post_url: z.string().nullable(),
    post_published_at: z.string().nullable().openapi({ description: 'The version the diff compares with; null: none' }),
    diff: z
      .array(z.object({ kind: z.enum(['same', 'added', 'removed']), text: z.string() }))
      .openapi({ description: 'Line diff of "# title" and the Markdown against the post as last published' }),
  })
  .openapi('RobotDraft');

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } } } });

const routes = {
  listTemplates: createRoute({
    method: 'get',
    path: '/robot/templates',
    summary: "The robot's article templates",
    responses: {
      200: json(z.object({ items: z.array(templateSchema) }), 'Templates'),
      401: signedOut,
      403: forbidden,
    },
  }),
  createTemplate: createRoute({
    method: 'post',
    path: '/robot/templates',
    summary: 'A template: dataset, series, places, sections, title pattern, post slug and schedule',
    request: body(templateInput),
    responses: { 201: json(templateSchema, 'Created'), 400: badRequest, 401: signedOut, 403: forbidden },
  }),
  editTemplate: createRoute({
    method: 'put',
    path: '/robot/templates/{id}',
    summary: 'Change a template (its drafts stay as written)',
    request: { params: idParam, ...body(templateInput) },
    responses: {
      200: json(templateSchema, 'Saved'),
      400: badRequest,
      401: signedOut,
      403: forbidden,
      404: notFound,
    },
  }),
  deleteTemplate: createRoute({
    method: 'delete',
    path: '/robot/templates/{id}',
    summary: 'Delete a template and its drafts (a published post stays on the blog)',
    request: { params: idParam },
    responses: { 204: { description: 'Deleted' }, 400: badRequest, 401: signedOut, 403: forbidden, 404: notFound },
  }),
  run: createRoute({
    method: 'post',
    path: '/robot/templates/{id}/run',
    summary: 'Run now: write the article from the data; a pending draft when the text changed',
    request: { params: idParam },
    responses: {
      200: json(
        z.object({ outcome: z.enum(['created', 'unchanged']), draft: draftSchema }),
        'created: a new pending draft; unchanged: the text is the same as the last draft',
      ),
      400: badRequest,
      401: signedOut,
      403: forbidden,
      404: notFound,
    },
  }),
  listDrafts: createRoute({
    method: 'get',
    path: '/robot/drafts',
    summary: 'Drafts newest first: the review queue (status=pending, the default) or another status',
    request: {
      query: z.object({
        status: z.enum([...ROBOT_DRAFT_STATUSES, 'all']).optional(),
        template: z.coerce.number().int().min(1).max(2_147_483_647).optional().openapi({ type: 'integer' }),
        limit: z.coerce.number().int().min(1).max(200).optional().openapi({ type: 'integer' }),
      }),
    },
    responses: {
      200: json(z.object({ items: z.array(queueItemSchema) }), 'Drafts'),
      400: badRequest,
      401: signedOut,
      403: forbidden,
    },
  }),
  getDraft: createRoute({
    method: 'get',
    path: '/robot/drafts/{id}',
    summary: 'A draft with its citations and its line diff against the post as last published',
    request: { params: idParam },
    responses: { 200: json(draftSchema, 'The draft'), 400: badRequest, 401: signedOut, 403: forbidden, 404: notFound },
  }),
  editDraft: createRoute({
    method: 'put',
    path: '/robot/drafts/{id}',
    summary: "The editor's title and Markdown (null: back to the robot's)",
    request: {
      params: idParam,
      ...body(
        z.object({
          title: z.string().trim().min(1).max(200).nullable(),
          markdown: z.string().min(1).max(MAX_DRAFT_CHARS).nullable(),
        }),
      ),
    },
    responses: { 200: json(draftSchema, 'Saved'), 400: badRequest, 401: signedOut, 403: forbidden, 404: notFound },
  }),
  publish: createRoute({
    method: 'post',
    path: '/robot/drafts/{id}/publish',
    summary: "Publish to /blog/{slug}: creates or updates the template's post, dated now",
    request: { params: idParam },
    responses: {
      200: json(draftSchema, 'Published'),
      400: errorResponse('Not pending, or the text states a number that is none of its citations (uncited_numbers)'),
      401: signedOut,
      403: forbidden,
      404: notFound,
    },
  }),
  discard: createRoute({
    method: 'post',
    path: '/robot/drafts/{id}/discard',
    summary: 'Discard a pending draft',
    request: { params: idParam },
    responses: { 200: json(draftSchema, 'Discarded'), 400: badRequest, 401: signedOut, 403: forbidden, 404: notFound },
  }),
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function templateJson(t: RobotTemplateRow, hasPost: boolean) {
  return {
    id: t.id,
    name: t.name,
    slug: t.slug,
    dataset: t.datasetCode,
    dimensions: t.dimensions,
    geos: t.geos,
    sections: t.sections,
    change_lag: t.changeLag,
    title_pattern: t.titlePattern,
    schedule: t.schedule,
    post_url: hasPost ? `/blog/${t.slug}` : null,
    last_run_at: iso(t.lastRunAt),
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}

function queueJson(q: QueueItem) {
  return {
    id: q.id,
    template_id: q.templateId,
    template_name: q.templateName,
    slug: q.slug,
    title: q.title,
    status: q.status,
    trigger: q.trigger,
    import_run_id: q.importRunId,
    edited: q.edited,
    created_at: q.createdAt.toISOString(),
  };
}

export function robotApi(opts: {
  auth: Auth;
  headersOf: (c: Context) => Headers;
  isAdmin: (email: string, verified: boolean) => boolean;
}): OpenAPIHono<RobotEnv> {
  const api = new OpenAPIHono<RobotEnv>({ defaultHook: bodyValidationHook });

  /** The editor's account id, or 401 (signed out) / 403 (not an editor). */
  async function editorOf(c: Context<RobotEnv>): Promise<string> {
    const read = await readSession(opts.auth, c.var.db, opts.headersOf(c), false);
    const { id, email, emailVerified } = requireSignedIn(read).user;
    if (!opts.isAdmin(email, emailVerified)) throw new ApiError(403, 'forbidden', EDITORS_ONLY);
    return id;
  }

  async function templateOr404(db: Db, id: number): Promise<RobotTemplateRow> {
    const t = await getTemplate(db, id);
    if (!t) throw new ApiError(404, 'not_found', `no robot template ${id}`);
    return t;
  }

  async function draftOr404(db: Db, id: number): Promise<RobotDraftRow> {
    const d = await getDraft(db, id);
    if (!d) throw new ApiError(404, 'not_found', `no robot draft ${id}`);
    return d;
  }

  api.openapi(routes.listTemplates, async (c) => {
    await editorOf(c);
    const rows = await listTemplates(c.var.db);
    return c.json({ items: rows.map((t) => templateJson(t, t.postId !== null)) }, 200);
  });

  api.openapi(routes.createTemplate, async (c) => {
    const userId = await editorOf(c);
    const t = await createTemplate(c.var.db, c.req.valid('json'), userId);
    return c.json(templateJson(t, false), 201);
  });

  api.openapi(routes.editTemplate, async (c) => {
    await editorOf(c);
    const { id } = c.req.valid('param');
    const t = await editTemplate(c.var.db, id, c.req.valid('json'));
    return c.json(templateJson(t, t.postId !== null), 200);
  });

  api.openapi(routes.deleteTemplate, async (c) => {
    await editorOf(c);
    const { id } = c.req.valid('param');
    if (!(await deleteTemplate(c.var.db, id))) throw new ApiError(404, 'not_found', `no robot template ${id}`);
    return c.body(null, 204);
  });

  api.openapi(routes.run, async (c) => {
    await editorOf(c);
    const { id } = c.req.valid('param');
    const template = await templateOr404(c.var.db, id);
    const result = await runTemplate(c.var.db, template, 'manual');
    return c.json({ outcome: result.outcome, draft: await draftDetail(c.var.db, result.draft) }, 200);
  });

  api.openapi(routes.listDrafts, async (c) => {
    await editorOf(c);
    const q = c.req.valid('query');
    const status = q.status === 'all' ? undefined : (q.status ?? 'pending');
    const items = await listDrafts(c.var.db, { status, templateId: q.template, limit: q.limit ?? 50 });
    return c.json({ items: items.map(queueJson) }, 200);
  });

  api.openapi(routes.getDraft, async (c) => {
    await editorOf(c);
    const { id } = c.req.valid('param');
    return c.json(await draftDetail(c.var.db, await draftOr404(c.var.db, id)), 200);
  });

  api.openapi(routes.editDraft, async (c) => {
    await editorOf(c);
    const { id } = c.req.valid('param');
    const edit = c.req.valid('json');
    return c.json(await draftDetail(c.var.db, await editDraft(c.var.db, id, edit)), 200);
  });

  api.openapi(routes.publish, async (c) => {
    await editorOf(c);
    const { id } = c.req.valid('param');
    const { draft } = await publishDraft(c.var.db, id);
    return c.json(await draftDetail(c.var.db, draft), 200);
  });

  api.openapi(routes.discard, async (c) => {
    await editorOf(c);
    const { id } = c.req.valid('param');
    return c.json(await draftDetail(c.var.db, await discardDraft(c.var.db, id)), 200);
  });

  return api;
}
