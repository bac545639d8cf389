// "Ask this chart" under the dataset page's chart (issue 39, decision 212): a question about the view on screen, sent
// with the page's own query (its selection, transformation and as_of) to POST /api/assistant/ask, answered from that
// view's cells with footnotes that link to the view. The answer is read out (aria-live). The embed's plain form opens
// the page with `ask=`: the page asks it on opening.
import { useEffect, useId, useRef, useState } from 'react';
import { Answer, type AnswerData } from './answer';

export interface AskThisChartProps {
  datasetCode: string;
  /** The page's query (`location.search`): the view on screen. */
  search: string;
  signedIn: boolean;
  onRequireSignIn: () => void;
}

/** The question the embed's form sent (`ask=`), if any. */
function askedOnOpening(search: string): string {
  return (new URLSearchParams(search).get('ask') ?? '').trim().slice(0, 500);
}

export function AskThisChart({ datasetCode, search, signedIn, onRequireSignIn }: AskThisChartProps) {
  const id = useId();
  const [question, setQuestion] = useState(() => askedOnOpening(search));
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ data: AnswerData; key: string } | null>(null);
  const [error, setError] = useState<{ text: string; signIn: boolean } | null>(null);
  const [conversation, setConversation] = useState<string | null>(null);
  const asked = useRef(false);

  async function send(text: string) {
    const q = text.trim();
    if (!q || busy) return;
    setBusy(true);
    setError(null);
    try {
      const res = await fetch('/api/assistant/ask', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
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

  // The embed's question, asked once the page is open (signed out: the sign-in prompt instead).
  useEffect(() => {
    const first = askedOnOpening(search);
    if (!first || asked.current) return;
    asked.current = true;
    if (signedIn) void send(first);
    else setError({ text: 'Please sign in to continue.', signIn: true });
    // Once, on opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

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
