// /api/assistant: the chat assistant. POST /assistant/ask answers from stored observations with a citation for every
// number; conversations are kept per user (a session or an API key) and can be listed, read and deleted. A question
// about a chart (`view`) may be asked by anyone: anonymously it is answered by the built-in engine and kept nowhere
// (decision 216).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { deleteConversation, findConversation, listConversations, listMessages } from '../../db/queries/assistant';
import { ask, ConversationNotFound } from './ask';
import type { LlmSettings } from './llm';
import type { Auth } from '../auth/auth';
import { ApiError, bodyValidationHook } from '../http/errors';
import { errorResponse } from '../http/openapi';
import { dailyLimitResponse } from '../keys/daily-limit';
import type { ApiEnv } from '../http/env';
import { optionalAccountId, requestAccountId } from '../keys/request-account';
import { PERIOD_SPELLINGS } from '../../core/periods';
import { counted, uncounted } from '#server/http/route-policy';
import { findDataset } from '../../db/queries/datasets';
import { PAGE_NAMES } from '../../core/view';
import { TRACKING_NAMES, unknownNames } from '../../core/selection';
import { viewQueryOf } from './view';

/**
 * The assistant reads the data for its answers: each question counts like a data request (issue 16) (decision 201);
 * a question about a chart ("Ask this chart", `view` in the body, decision 212) is the same request and counts the same:
 * the dataset page's box sends an anonymous visitor's question with the page token, within the address's page
 * allowance like the chart widget's reads (decision 216).
 */
export const assistantPolicies = [
  counted('POST /api/assistant/ask', 'post', ['/api/assistant/ask']),
  uncounted(
    '/api/assistant/conversations…',
    'any',
    ['/api/assistant/conversations/*'],
    'saved answers, counted once when asked',
  ),
];

/** The longest question accepted. */
export const MAX_QUESTION_LENGTH = 500;

const citationSchema = z
  .object({
    dataset_code: z.string().openapi({ example: 'migr_asyappctza' }),
    geo: z.string().openapi({ example: 'DE' }),
    period: z.string().openapi({ example: '10/2022', description: PERIOD_SPELLINGS }),
    value: z.number().openapi({ example: 11.6 }),
    flags: z.string().nullable().openapi({ example: null }),
    url: z.string().openapi({
      description: 'The dataset page in the chart view that shows the value',
      example: 'https://example.org/datasets/migr_asyappctza?chart_type=bar&country[]=AT&time_start=2015&time_end=2015',
    }),
    dataset_name: z.string(),
    series: z
      .string()
      .openapi({ description: "The series' dimension values", example: 'Annual rate of change · All-items HICP' }),
    place: z.string().openapi({ example: 'Germany' }),
    unit: z.string().openapi({ example: 'RCH_A' }),
    flag_meaning: z.string().nullable().openapi({ example: 'provisional' }),
    decimals: z.number().int().nullable(),
  })
  .openapi('AssistantCitation');

const answerSchema = z
  .object({
    answer: z.string().openapi({
      description: 'Short prose; each number is followed by its citation marker [n] (1-based index into citations)',
      example: 'HICP in Germany in October 2022: 11.6 % [1].',
    }),
    citations: z.array(citationSchema),
    chart: z
      .object({ chart_type: z.string().openapi({ example: 'line' }), embed_url: z.string() })
      .optional()
      .openapi({ description: 'A chart of the answer, when one helps' }),
    engine: z.enum(['builtin', 'llm']),
    conversation_id: z.string().openapi({
      description:
        "The conversation the exchange is kept in (send it back for a follow-up); empty for an anonymous visitor's question about a view, which is kept nowhere",
    }),
    declined: z.boolean().openapi({ description: 'True when there is no data to answer (the answer says why)' }),
    derived: z
      .array(z.object({ text: z.string(), value: z.number(), from: z.array(z.number().int()) }))
      .openapi({ description: 'Differences stated in the answer and the citations (1-based) they are computed from' }),
  })
  .openapi('AssistantAnswer');

const askRoute = createRoute({
  method: 'post',
  path: '/assistant/ask',
  summary: 'Ask the assistant about the stored statistics; every number in the answer is cited',
  description:
    'Needs a session or an API key, except a question about a view (`view`), which anyone may ask: anonymously it is answered from the view and by the built-in engine (never the language model), continues no conversation and is kept nowhere (decision 216). Counts against the daily API limit like a data request (with the page token of our pages, within the address\'s page allowance). Follow-ups ("and France?") continue the conversation named by conversation_id.',
  security: [{}, { bearerKey: [] }, { apiKeyHeader: [] }] as { [name: string]: string[] }[],
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({
            question: z
              .string()
              .trim()
              .min(1, 'write a question')
              .max(MAX_QUESTION_LENGTH)
              .openapi({ example: 'German inflation in October 2022' }),
            conversation_id: z.string().min(1).max(64).optional(),
            view: z
              .object({
                dataset_code: z.string().min(1).max(64).openapi({ example: 'migr_asyappctza' }),
                query: z.string().max(4000).openapi({
                  description:
                    "The dataset page's query string (its view: chart_type, dimension[], country[], time_start, time_end, time, transform, as_of; embed, width and theme are allowed and ignored)",
                  example: 'chart_type=line&country[]=DE&country[]=FR&time_start=1/2020&as_of=2025-06-01',
                }),
              })
              .optional()
              .openapi({
                description:
                  'Ask this chart (decision 212): the question is answered from the cells of this view first (its selection, transformation and as_of), and every citation links to the view',
              }),
          }),
        },
      },
    },
  },
  responses: {
    200: { description: 'The answer', content: { 'application/json': { schema: answerSchema } } },
    400: errorResponse('No question, or one longer than 500 characters'),
    401: errorResponse(
      'Signed out without a view (or with a conversation_id), or an API key that is unknown, revoked or rotated',
    ),
    404: errorResponse('No such conversation of this user, or no such dataset for the view'),
    429: dailyLimitResponse,
  },
});

const conversationSchema = z
  .object({ id: z.string(), title: z.string(), created_at: z.string(), updated_at: z.string() })
  .openapi('AssistantConversation');

const listRoute = createRoute({
  method: 'get',
  path: '/assistant/conversations',
  summary: "The user's conversations with the assistant, newest first",
  responses: {
    200: {
      description: 'Conversations',
      content: { 'application/json': { schema: z.object({ conversations: z.array(conversationSchema) }) } },
    },
    401: errorResponse('Not signed in'),
  },
});

const messageSchema = z
  .object({
    role: z.enum(['user', 'assistant']),
    content: z.string(),
    answer: answerSchema.omit({ conversation_id: true }).partial().optional(),
    created_at: z.string(),
  })
  .openapi('AssistantMessage');

const conversationIdParam = z.object({ id: z.string().min(1).max(64) });

const getRoute = createRoute({
  method: 'get',
  path: '/assistant/conversations/{id}',
  summary: 'One conversation with its questions and answers',
  request: { params: conversationIdParam },
  responses: {
    200: {
      description: 'The conversation',
      content: {
        'application/json': { schema: conversationSchema.extend({ messages: z.array(messageSchema) }) },
      },
    },
    401: errorResponse('Not signed in'),
    404: errorResponse('No such conversation of this user'),
  },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/assistant/conversations/{id}',
  summary: 'Deletes a conversation and its messages',
  request: { params: conversationIdParam },
  responses: {
    204: { description: 'Deleted' },
    401: errorResponse('Not signed in'),
    404: errorResponse('No such conversation of this user'),
  },
});

export interface AssistantApiOptions {
  auth: Auth;
  trustProxy: boolean;
  publicUrl: string;
  llm: LlmSettings | null;
}

export function assistantApi(opts: AssistantApiOptions): OpenAPIHono<ApiEnv> {
  const api = new OpenAPIHono<ApiEnv>({ defaultHook: bodyValidationHook });

  const userIdOf = (c: Context<ApiEnv>) => requestAccountId(c, opts.auth, opts.trustProxy);

  const notFound = () => new ApiError(404, 'not_found', 'No such conversation.');

  api.openapi(askRoute, async (c) => {
    const { question, conversation_id, view } = c.req.valid('json');
    // A question about a chart may come from anyone; a conversation is an account's.
    const userId =
      view && !conversation_id ? await optionalAccountId(c, opts.auth, opts.trustProxy) : await userIdOf(c);
    if (view) {
      // The page's names, strictly (decision 205): a misspelt one is a 400 naming it, never an answer of another view.
      const problems = unknownNames(viewQueryOf(view), PAGE_NAMES, TRACKING_NAMES);
      if (problems.length > 0) throw new ApiError(400, 'bad_parameter', problems.map((p) => p.message).join('; '));
      if (!(await findDataset(c.var.db, view.dataset_code))) throw new ApiError(404, 'not_found', 'No such dataset.');
    }
    try {
      const result = await ask(
        // The language model answers accounts only: it costs per question, and a page token is anyone's.
        { db: c.var.db, origin: opts.publicUrl, llm: userId === null ? null : opts.llm, ...(view && { view }) },
        userId,
        question,
        conversation_id,
      );
      const { view: _view, ...body } = result;
      return c.json(body, 200);
    } catch (error) {
      if (error instanceof ConversationNotFound) throw notFound();
      throw error;
    }
  });

  api.openapi(listRoute, async (c) => {
    const userId = await userIdOf(c);
    const rows = await listConversations(c.var.db, userId);
    return c.json(
      {
        conversations: rows.map((r) => ({
          id: r.id,
          title: r.title,
          created_at: r.createdAt.toISOString(),
          updated_at: r.updatedAt.toISOString(),
        })),
      },
      200,
    );
  });

  api.openapi(getRoute, async (c) => {
    const userId = await userIdOf(c);
    const conversation = await findConversation(c.var.db, userId, c.req.valid('param').id);
    if (!conversation) throw notFound();
    const messages = await listMessages(c.var.db, conversation.id);
    return c.json(
      {
        id: conversation.id,
        title: conversation.title,
        created_at: conversation.createdAt.toISOString(),
        updated_at: conversation.updatedAt.toISOString(),
        messages: messages.map((m) => {
          const p = m.payload as Record<string, unknown> | null;
          return {
            role: m.role,
            content: m.content,
            ...(p && {
              answer: {
                answer: p.answer as string,
                citations: p.citations as z.infer<typeof citationSchema>[],
                ...(p.chart ? { chart: p.chart as { chart_type: string; embed_url: string } } : {}),
                engine: p.engine as 'builtin' | 'llm',
                declined: Boolean(p.declined),
                derived: (p.derived ?? []) as { text: string; value: number; from: number[] }[],
              },
            }),
            created_at: m.createdAt.toISOString(),
          };
        }),
      },
      200,
    );
  });

  api.openapi(deleteRoute, async (c) => {
    const userId = await userIdOf(c);
    if (!(await deleteConversation(c.var.db, userId, c.req.valid('param').id))) throw notFound();
    return c.body(null, 204);
  });

  return api;
}
