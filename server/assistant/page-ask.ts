// "Ask this chart" without scripts (decision 216): the dataset page opened with `?ask=` (the embed's plain form, or the
// page's own box submitted without JavaScript) answers the question in its loader, so the answer is in the HTML. The
// question is the one POST /api/assistant/ask answers with a view (server/assistant/ask.ts), counted as that request
// would be: an anonymous visitor's within the address's page allowance, an account's against its own quota.
import type { Context } from 'hono';
import type { AskChartAnswer } from '../../core/assistant/compose';
import type { AccountSession } from '../../core/schemas/account';
import type { Db } from '../../db/client';
import { MAX_QUESTION_LENGTH } from './api';
import { ask } from './ask';
import type { ViewInput } from './view';
import type { LlmSettings } from './llm';

export interface PageAskDeps {
  db: Db;
  origin: string;
  llm: LlmSettings | null;
  /** The daily limit's count of a request made on a page's behalf (server/keys/daily-limit.ts). */
  countForPage: (c: Context, asPage: boolean) => Promise<string | null>;
  /** Whether the middleware counted this request already (a page's loader data, `*.data`). */
  isCounted: (method: string, path: string) => boolean;
}

/** The page's `askChart` for one request: its visitor, and the request the daily limit counts. */
export function pageAsker(deps: PageAskDeps, c: Context, session: AccountSession | null) {
  return async (question: string, view: ViewInput): Promise<AskChartAnswer> => {
    const text = question.replace(/\s+/g, ' ').trim();
    if (text.length > MAX_QUESTION_LENGTH)
      return { error: `A question has at most ${MAX_QUESTION_LENGTH} characters.` };
    if (!deps.isCounted(c.req.method, c.req.path)) {
      const refused = await deps.countForPage(c, session === null);
      if (refused) return { error: refused };
    }
    const userId = session?.user.id ?? null;
    // As the API: the language model for accounts only.
    const result = await ask({ db: deps.db, origin: deps.origin, llm: userId ? deps.llm : null, view }, userId, text);
    const { view: _view, ...answer } = result;
    return { answer };
  };
}
