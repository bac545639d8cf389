// One question in a conversation: the previous answer's context for follow-ups, the engine (built-in, or the
// language model when configured), and the exchange kept in the user's conversation. An anonymous visitor's question
// about a chart (decision 216) is answered the same way and kept nowhere.
import { randomUUID } from 'node:crypto';
import type { AssistantAnswer } from '../../core/assistant/compose';
import type { ParsedQuestion } from '../../core/assistant/parse';
import type { Db } from '../../db/client';
import {
  appendExchange,
  createConversation,
  findConversation,
  lastAnswer,
  listMessages,
} from '../../db/queries/assistant';
import { builtinAnswer, type ChartOut, type EngineAnswer } from './builtin';
import { llmAnswer, type LlmSettings } from './llm';
import { viewAnswer, type ViewInput } from './view';

export interface AskResult extends AssistantAnswer {
  /** The widget's view of the chart, for the app page. */
  view?: Omit<ChartOut, 'chart_type' | 'embed_url'>;
}

export class ConversationNotFound extends Error {}

export interface AskDeps {
  db: Db;
  origin: string;
  llm: LlmSettings | null;
  today?: Date;
  /**
   * The chart on screen ("Ask this chart", decision 212): answered from its cells first; a question the view does not
   * show goes to the engine.
   */
  view?: ViewInput;
}

/** The title of a new conversation: its first question, shortened. */
export function conversationTitle(question: string): string {
  const t = question.replace(/\s+/g, ' ').trim();
  return t.length > 80 ? `${t.slice(0, 79)}…` : t;
}

/**
 * Answers a question. `userId` null: an anonymous visitor (only a question about a view, decision 216): no
 * conversation is continued or kept, and `conversation_id` is empty.
 */
export async function ask(
  deps: AskDeps,
  userId: string | null,
  question: string,
  conversationId?: string,
): Promise<AskResult> {
  let previous: ParsedQuestion | null = null;
  let id = userId === null ? undefined : conversationId;
  let history: { role: 'user' | 'assistant'; content: string }[] = [];
  if (id && userId !== null) {
    const conversation = await findConversation(deps.db, userId, id);
    if (!conversation) throw new ConversationNotFound(id);
    const last = await lastAnswer(deps.db, id);
    previous = (last?.payload?.context as ParsedQuestion | undefined) ?? null;
    if (deps.llm) history = (await listMessages(deps.db, id)).map((m) => ({ role: m.role, content: m.content }));
  }
  const fromView = deps.view
    ? await viewAnswer(question, { db: deps.db, origin: deps.origin, today: deps.today, view: deps.view })
    : null;
  const engine: 'builtin' | 'llm' = deps.llm && !fromView ? 'llm' : 'builtin';
  const result: EngineAnswer =
    fromView ??
    (deps.llm
      ? await llmAnswer(question, { db: deps.db, origin: deps.origin, settings: deps.llm, history })
      : await builtinAnswer(question, { db: deps.db, origin: deps.origin, today: deps.today, previous }));
  if (!id && userId !== null) {
    id = randomUUID();
    await createConversation(deps.db, id, userId, conversationTitle(question));
  }
  const out: AskResult = {
    answer: result.answer,
    citations: result.citations,
    ...(result.chart && { chart: { chart_type: result.chart.chart_type, embed_url: result.chart.embed_url } }),
    engine,
    conversation_id: id ?? '',
    declined: result.declined,
    derived: result.derived,
    ...(result.chart && { view: viewOf(result.chart) }),
  };
  if (id)
    await appendExchange(deps.db, id, question, {
      content: result.answer,
      // A declined follow-up keeps the conversation's context for the next one.
      payload: { ...out, context: result.context ?? previous },
    });
  return out;
}

function viewOf(chart: ChartOut): Omit<ChartOut, 'chart_type' | 'embed_url'> {
  const { chart_type: _t, embed_url: _e, ...view } = chart;
  return view;
}
