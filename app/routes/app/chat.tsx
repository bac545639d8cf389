// /app/chat: the assistant. Conversations on the left (kept per user, deletable), the selected one on the right with
// its answers (every number cited, a chart when it helps) and the ask box; questions go to POST /api/assistant/ask.
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { findConversation, listConversations, listMessages } from '#db/queries/assistant';
import { Answer, type AnswerData } from '../../components/assistant/answer';
import type { Route } from './+types/chat';
import { requireSession } from './guard.server';

interface Turn {
  id: string;
  question: string;
  answer: AnswerData | null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireSession(request, context);
  if (!session) return { conversations: [], selected: null, turns: [] as Turn[] };
  const userId = session.user.id;
  const conversations = (await listConversations(context.db, userId)).map((c) => ({ id: c.id, title: c.title }));
  const wanted = new URL(request.url).searchParams.get('c');
  const selected = wanted ? ((await findConversation(context.db, userId, wanted))?.id ?? null) : null;
  const turns: Turn[] = [];
  if (selected) {
    for (const m of await listMessages(context.db, selected)) {
      if (m.role === 'user') turns.push({ id: String(m.id), question: m.content, answer: null });
      else if (turns.length > 0)
        turns[turns.length - 1]!.answer = (m.payload as AnswerData | null) ?? { answer: m.content, citations: [] };
    }
  }
  return { conversations, selected, turns };
}

export function meta() {
  return [{ title: 'Chat · Statistics publisher' }];
}

const examples = [
  'German inflation in October 2022',
  'Which EU country had the highest unemployment in June 2023?',
  'When did Dutch inflation peak?',
  'GDP of Oberbayern in 2021',
];

export default function Chat({ loaderData }: Route.ComponentProps) {
  const { conversations, selected } = loaderData;
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [turns, setTurns] = useState<Turn[]>(loaderData.turns);
  const [question, setQuestion] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const endRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setTurns(loaderData.turns);
  }, [loaderData.turns]);
  useEffect(() => {
    if (turns.length > 0) endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [turns.length]);

  async function send(text: string) {
    const q = text.trim();
    if (!q || busy) return;
    setBusy(true);
    setError(null);
    const pending: Turn = { id: `pending-${Date.now()}`, question: q, answer: null };
    setTurns((t) => [...t, pending]);
    setQuestion('');
    try {
      const res = await fetch('/api/assistant/ask', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ question: q, ...(selected && { conversation_id: selected }) }),
      });
      const body = (await res.json()) as AnswerData & { conversation_id?: string; error?: { message: string } };
      if (!res.ok || body.error)
        throw new Error(body.error?.message ?? `The question could not be sent (${res.status}).`);
      setTurns((t) => t.map((x) => (x.id === pending.id ? { ...x, answer: body } : x)));
      if (body.conversation_id && body.conversation_id !== selected)
        await navigate(`/app/chat?c=${encodeURIComponent(body.conversation_id)}`, { replace: !selected });
      else await revalidator.revalidate();
    } catch (e) {
      setTurns((t) => t.filter((x) => x.id !== pending.id));
      setQuestion(q);
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  async function remove(id: string) {
    const res = await fetch(`/api/assistant/conversations/${encodeURIComponent(id)}`, { method: 'DELETE' });
    if (!res.ok && res.status !== 404) {
      setError('The conversation could not be deleted. Please try again.');
      return;
    }
    if (id === selected) await navigate('/app/chat', { replace: true });
    else await revalidator.revalidate();
  }

  return (
    <div className="grid gap-6 md:grid-cols-[16rem_1fr]">
      <aside aria-labelledby="conversations-heading" className="min-w-0 space-y-3">
        <div className="flex items-center justify-between gap-2">
          <h2
            id="conversations-heading"
            className="text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400"
          >
            Conversations
          </h2>
          <Link to="/app/chat" className="text-sm font-medium text-brand-dark underline dark:text-brand">
            New
          </Link>
        </div>
        {conversations.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">No conversations yet.</p>
        ) : (
          <ul className="space-y-1">
            {conversations.map((c) => (
              <li key={c.id} className="flex items-center gap-1">
                <Link
                  to={`/app/chat?c=${encodeURIComponent(c.id)}`}
                  aria-current={c.id === selected ? 'page' : undefined}
                  className={`min-w-0 flex-1 truncate rounded-md px-2 py-1 text-sm ${
                    c.id === selected
                      ? 'bg-slate-100 font-medium dark:bg-slate-800'
                      : 'text-slate-700 hover:bg-slate-50 dark:text-slate-300 dark:hover:bg-slate-900'
                  }`}
                >
                  {c.title}
                </Link>
                <button
                  type="button"
                  onClick={() => void remove(c.id)}
                  aria-label={`Delete conversation: ${c.title}`}
                  className="rounded px-2 py-1 text-sm text-slate-500 dark:text-slate-400 hover:bg-red-50 hover:text-red-700 dark:hover:bg-red-950"
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </aside>

      <section aria-labelledby="chat-heading" className="min-w-0 space-y-6">
        <div>
          <h1 id="chat-heading" className="text-2xl font-semibold">
            Chat
          </h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            Ask about the imported statistics. Every number in an answer is a stored observation with its source; when
            there is no data, the answer says so.
          </p>
        </div>

        {turns.length === 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Example questions">
            {examples.map((q) => (
              <li key={q}>
                <button
                  type="button"
                  onClick={() => void send(q)}
                  className="rounded-full border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-900"
                >
                  {q}
                </button>
              </li>
            ))}
          </ul>
        )}

        <ol className="space-y-6" aria-label="Conversation">
          {turns.map((t) => (
            <li key={t.id} className="space-y-3">
              <p className="ml-auto w-fit max-w-[85%] rounded-2xl bg-brand-dark px-4 py-2 text-white">{t.question}</p>
              <div className="rounded-2xl border border-slate-200 px-4 py-3 dark:border-slate-800" data-answer>
                {t.answer ? (
                  <Answer data={t.answer} id={t.id} />
                ) : (
                  <p role="status" className="text-slate-500 dark:text-slate-400">
                    Looking it up…
                  </p>
                )}
              </div>
            </li>
          ))}
        </ol>
        <div ref={endRef} />

        <form
          onSubmit={(e) => {
            e.preventDefault();
            void send(question);
          }}
          className="flex flex-col gap-2 sm:flex-row"
        >
          <label htmlFor="chat-question" className="sr-only">
            Your question
          </label>
          <input
            id="chat-question"
            name="question"
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            maxLength={500}
            autoComplete="off"
            placeholder={
              turns.length > 0 ? 'Ask a follow-up, e.g. "and France?"' : 'e.g. German inflation in October 2022'
            }
            className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900"
          />
          <button
            type="submit"
            disabled={busy}
            className="rounded-md bg-brand-dark px-4 py-2 font-semibold text-white hover:bg-[#237530] disabled:opacity-60"
          >
            {busy ? 'Asking…' : 'Ask'}
          </button>
        </form>
        {error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
      </section>
    </div>
  );
}
