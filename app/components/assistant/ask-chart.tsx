// "Ask this chart" under the dataset page's chart (issue 39, decisions 212 and 216): a question about the view on
// screen, sent with the page's own query (its selection, transformation and as_of) to POST /api/assistant/ask,
// answered from that view's cells with footnotes that link to the view. The answer is read out (aria-live). Anyone may
// ask: a signed-out visitor's question carries the page token, so it counts within the address's page allowance. The
// page opened with `ask=` (the embed's plain form, or this box's form without scripts) has the answer from its
// loader, in the HTML.
import { useId, useState } from 'react';
import type { AskChartAnswer } from '#core/assistant/compose';
import { pageToken } from '../site/page-token-fetch';
import { Answer, type AnswerData } from './answer';

export interface AskThisChartProps {
  datasetCode: string;
  /** The page's query (`location.search`): the view on screen. */
  search: string;
  signedIn: boolean;
  /** The question the page was opened with (`ask=`) and the loader's answer to it. */
  asked?: ({ question: string } & AskChartAnswer) | null;
  onRequireSignIn: () => void;
}

/** The view's names of the page's query, for the form sent without scripts: the question replaces only `ask`. */
function viewPairs(search: string): [string, string][] {
  return [...new URLSearchParams(search)].filter(([name]) => name !== 'ask');
}

export function AskThisChart({ datasetCode, search, signedIn, asked, onRequireSignIn }: AskThisChartProps) {
  const id = useId();
  const [question, setQuestion] = useState(asked?.question ?? '');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ data: AnswerData; key: string } | null>(
    asked && 'answer' in asked ? { data: asked.answer, key: 'asked' } : null,
  );
  const [error, setError] = useState<{ text: string; signIn: boolean } | null>(
    asked && 'error' in asked ? { text: asked.error, signIn: false } : null,
  );
  // A signed-out visitor's answers are kept nowhere: no conversation to continue.
  const [conversation, setConversation] = useState<string | null>(
    asked && 'answer' in asked ? asked.answer.conversation_id || null : null,
  );

  async function send(text: string) {
    const q = text.trim();
    if (!q || busy) return;
    setBusy(true);
    setError(null);
    try {
      const token = signedIn ? null : pageToken();
      const res = await fetch('/api/assistant/ask', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          // Our page's own request: within the address's page allowance, as the chart's reads (decision 216).
          ...(token && { 'X-Page-Token': token }),
        },
        body: JSON.stringify({
          question: q,
          view: { dataset_code: datasetCode, query: search.replace(/^\?/, '') },
          ...(conversation && { conversation_id: conversation }),
        }),
      });
      const body = (await res.json()) as AnswerData & { conversation_id?: string; error?: { message: string } };
      if (!res.ok || body.error) {
        setError({
          text: body.error?.message ?? `The question could not be sent (${res.status}).`,
          signIn: res.status === 401,
        });
        return;
      }
      setAnswer({ data: body, key: `${Date.now()}` });
      if (body.conversation_id) setConversation(body.conversation_id);
    } catch (e) {
      setError({ text: e instanceof Error ? e.message : String(e), signIn: false });
    } finally {
      setBusy(false);
    }
  }

  const inputId = `${id}-question`;
  return (
    <section aria-labelledby={`${id}-label`} className="mt-4" data-ask-chart>
      <form
        method="get"
        onSubmit={(e) => {
          e.preventDefault();
          void send(question);
        }}
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
      >
        {/* Without scripts the form opens this view's page with the question, which the page answers. */}
        {viewPairs(search).map(([name, value], i) => (
          <input key={i} type="hidden" name={name} value={value} />
        ))}
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label id={`${id}-label`} htmlFor={inputId} className="text-sm font-semibold">
            Ask this chart
          </label>
          <input
            id={inputId}
            name="ask"
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            maxLength={500}
            autoComplete="off"
            placeholder='e.g. "Which country is highest?"'
            className="min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
          />
        </div>
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-brand-dark px-4 py-2 font-semibold text-white hover:bg-[#237530] disabled:opacity-60"
        >
          {busy ? 'Asking…' : 'Ask'}
        </button>
      </form>
      <div aria-live="polite" className="mt-3 empty:hidden">
        {busy ? <p className="text-sm text-slate-600 dark:text-slate-300">Looking it up…</p> : null}
        {error ? (
          <p className="text-sm text-red-700 dark:text-red-400">
            {error.text}{' '}
            {error.signIn ? (
              <button type="button" onClick={onRequireSignIn} className="font-medium underline">
                Sign in
              </button>
            ) : null}
          </p>
        ) : null}
        {answer && !busy ? (
          <div className="rounded-xl border border-slate-200 px-4 py-3 dark:border-slate-700" data-answer>
            <Answer data={answer.data} id={`chart-${answer.key}`} />
          </div>
        ) : null}
      </div>
    </section>
  );
}
