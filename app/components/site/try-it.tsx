// The API reference's try-it form: fills an operation's parameters, sends the request and shows the answer.
import { useState } from 'react';
import { buildRequestUrl, exampleOf, type ApiOperation } from './openapi';

interface Answer {
  status: number;
  statusText: string;
  contentType: string;
  etag: string | null;
  /** X-RateLimit-Remaining of a counted answer. */
  remaining: string | null;
  body: string;
  ms: number;
}

const MAX_BODY = 20_000;

/** `headers`: added to every request (the API key the reference page holds). */
export function TryIt({ op, headers = {} }: { op: ApiOperation; headers?: Record<string, string> }) {
  const [values, setValues] = useState<Record<string, string>>(() =>
    // Required parameters start with their example; optional ones stay empty and show it as a hint.
    Object.fromEntries(op.parameters.map((p) => [p.name, p.required ? exampleOf(p) : ''])),
  );
  const [body, setBody] = useState('{\n  "email": "someone@example.com"\n}');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const url = buildRequestUrl(op, values);

  async function send(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setFailure(null);
    const started = performance.now();
    try {
      const res = await fetch(url, {
        method: op.method,
        headers: {
          Accept: 'application/json',
          ...(op.hasBody ? { 'Content-Type': 'application/json' } : {}),
          ...headers,
        },
        body: op.hasBody ? body : undefined,
      });
      let text = await res.text();
      const contentType = res.headers.get('content-type') ?? '';
      if (contentType.includes('json')) {
        try {
          text = JSON.stringify(JSON.parse(text), null, 2);
        } catch {
          // Shown as it came.
        }
      }
      if (text.length > MAX_BODY)
        text = `${text.slice(0, MAX_BODY)}\n… (${text.length.toLocaleString('en-GB')} characters in all)`;
      setAnswer({
        status: res.status,
        statusText: res.statusText,
        contentType,
        etag: res.headers.get('etag'),
        remaining: res.headers.get('x-ratelimit-remaining'),
        body: text,
        ms: Math.round(performance.now() - started),
      });
    } catch (err) {
      setFailure(`The request failed: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setBusy(false);
    }
  }

  const input =
    'w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 font-mono text-sm dark:border-slate-700 dark:bg-slate-900';
  return (
    <form
      onSubmit={send}
      className="mt-4 space-y-3 rounded-lg bg-slate-50 p-4 dark:bg-slate-900/60"
      aria-label={`Try ${op.method} ${op.path}`}
    >
      <h4 className="text-sm font-semibold">Try it</h4>
      {op.parameters
        .filter((p) => p.in === 'path' || p.in === 'query')
        .map((p) => (
          <div key={p.name} className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:items-center">
            <label htmlFor={`${op.id}-${p.name}`} className="font-mono text-xs">
              {p.name}
              {p.required ? ' *' : ''}
            </label>
            {p.schema?.enum ? (
              <select
                id={`${op.id}-${p.name}`}
                className={input}
                value={values[p.name] ?? ''}
                onChange={(e) => setValues({ ...values, [p.name]: e.target.value })}
              >
                {!p.required && <option value="">(none)</option>}
                {p.schema.enum.map((v) => (
                  <option key={String(v)} value={String(v)}>
                    {String(v)}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={`${op.id}-${p.name}`}
                className={input}
                value={values[p.name] ?? ''}
                placeholder={exampleOf(p) ? `e.g. ${exampleOf(p)}` : undefined}
                required={p.required}
                onChange={(e) => setValues({ ...values, [p.name]: e.target.value })}
              />
            )}
          </div>
        ))}
      {op.hasBody && (
        <div>
          <label htmlFor={`${op.id}-body`} className="font-mono text-xs">
            JSON body
          </label>
          <textarea
            id={`${op.id}-body`}
            className={input}
            rows={4}
            value={body}
            onChange={(e) => setBody(e.target.value)}
          />
        </div>
      )}
      <p className="font-mono text-xs break-all text-slate-600 dark:text-slate-400">
        {op.method} {url}
      </p>
      <button
        type="submit"
        disabled={busy}
        className="rounded-md bg-brand-dark px-3 py-1.5 text-sm font-medium text-white hover:bg-brand disabled:opacity-60"
      >
        {busy ? 'Sending…' : 'Send request'}
      </button>
      {failure && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {failure}
        </p>
      )}
      {answer && (
        <div role="status" aria-label="Response">
          <p className="text-sm">
            <strong>
              {answer.status} {answer.statusText}
            </strong>{' '}
            · {answer.contentType || 'no content type'} · {answer.ms} ms{answer.etag ? ` · ETag ${answer.etag}` : ''}
            {answer.remaining !== null ? ` · ${answer.remaining} requests left today` : ''}
          </p>
          <pre tabIndex={0} className="mt-2 max-h-96 overflow-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100">
            <code>{answer.body}</code>
          </pre>
        </div>
      )}
    </form>
  );
}
