// /api-docs: the API reference, rendered in the browser from /api/openapi.json, with a try-it form per endpoint.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/api-docs';
import { TryItKeyField, tryItHeaders, useTryItKey } from '#app/components/api-keys/try-it-key';
import { PageHeader } from '#app/components/site/content';
import { readOpenApi, type ApiOperation, type ApiReference } from '#app/components/site/openapi';
import { pageMeta } from '#app/components/site/page-meta';
import { TryIt } from '#app/components/site/try-it';
import { sharedPage } from '#core/page-handle';

/** Every anonymous visitor sees the same page: the response cache keeps it (decision 201). */
export const handle = sharedPage;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'API reference',
    description:
      'Every endpoint of the statistics publisher API with its parameters and answers, generated from the OpenAPI 3.1 document, with a form to try each one.',
    path: '/api-docs',
  });
}

type State = { kind: 'loading' } | { kind: 'ready'; ref: ApiReference } | { kind: 'failed'; message: string };

const methodColour: Record<string, string> = {
  GET: 'bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100',
  POST: 'bg-green-100 text-green-900 dark:bg-green-900/60 dark:text-green-100',
  DELETE: 'bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100',
};

export default function ApiDocs() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [apiKey, setApiKey] = useTryItKey();
  useEffect(() => {
    let live = true;
    fetch('/api/openapi.json', { headers: { Accept: 'application/json' } })
      .then(async (res) => {
        if (!res.ok) throw new Error(`the document answered ${res.status}`);
        const ref = readOpenApi(await res.json());
        if (live) setState({ kind: 'ready', ref });
      })
      .catch((err: unknown) => {
        if (live) setState({ kind: 'failed', message: err instanceof Error ? err.message : String(err) });
      });
    return () => {
      live = false;
    };
  }, []);

  const groups = state.kind === 'ready' ? groupBy(state.ref.operations) : [];
  return (
    <div>
      <PageHeader
        eyebrow="API"
        title="API reference"
        lead={
          <p>
            Generated from the API’s own OpenAPI 3.1 document at <a href="/api/openapi.json">/api/openapi.json</a>, so
            it always matches what the server validates. New to the API? Start with the{' '}
            <Link to="/api-developers">developer guide</Link>.
          </p>
        }
      />
      {state.kind === 'loading' && (
        <p className="mt-8 text-slate-500 dark:text-slate-400" role="status">
          Loading the API reference…
        </p>
      )}
      {state.kind === 'failed' && (
        <p className="mt-8 text-red-700 dark:text-red-400" role="alert">
          The API reference could not be loaded: {state.message}.
        </p>
      )}
      {state.kind === 'ready' && (
        <div className="mt-8 grid gap-8 lg:grid-cols-[14rem_1fr]">
          <nav aria-label="Endpoints" className="min-w-0 text-sm lg:sticky lg:top-4 lg:self-start">
            {groups.map(([group, ops]) => (
              <div key={group} className="mb-4">
                <p className="font-semibold capitalize">{group.replace(/-/g, ' ')}</p>
                {ops.map((op) => (
                  <a
                    key={op.id}
                    href={`#${op.id}`}
                    className="mt-1 block truncate text-slate-600 hover:underline dark:text-slate-400"
                  >
                    <span className="font-mono text-xs">{op.method}</span> {op.summary}
                  </a>
                ))}
              </div>
            ))}
          </nav>
          <div className="min-w-0 space-y-10">
            <p className="text-sm text-slate-500 dark:text-slate-400">
              {state.ref.title} · version {state.ref.version} · {state.ref.operations.length} endpoints
            </p>
            <TryItKeyField value={apiKey} onChange={setApiKey} />
            {groups.map(([group, ops]) => (
              <section key={group} aria-labelledby={`group-${group}`}>
                <h2 id={`group-${group}`} className="text-xl font-semibold capitalize">
                  {group.replace(/-/g, ' ')}
                </h2>
                {ops.map((op) => (
                  <Operation key={op.id} op={op} headers={tryItHeaders(apiKey)} />
                ))}
              </section>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}

function groupBy(ops: ApiOperation[]): [string, ApiOperation[]][] {
  const map = new Map<string, ApiOperation[]>();
  for (const op of ops) map.set(op.group, [...(map.get(op.group) ?? []), op]);
  return [...map];
}

function Operation({ op, headers }: { op: ApiOperation; headers: Record<string, string> }) {
  return (
    // A path, a key or a parameter name longer than the line breaks anywhere: at 320 px the operation fits the page
    // instead of widening it (WCAG 1.4.10, decision 215).
    <article
      id={op.id}
      className="mt-5 scroll-mt-4 rounded-xl border border-slate-200 p-5 [overflow-wrap:anywhere] dark:border-slate-800"
    >
      <h3 className="flex flex-wrap items-center gap-2">
        <span
          className={`rounded px-2 py-0.5 font-mono text-xs font-semibold ${methodColour[op.method] ?? 'bg-slate-200 dark:bg-slate-700'}`}
        >
          {op.method}
        </span>
        <code className="text-sm break-all">{op.path}</code>
      </h3>
      <p className="mt-2 font-medium">{op.summary}</p>
      {op.description && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{op.description}</p>}
      {op.parameters.length > 0 && (
        <table className="mt-3 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="py-1 pr-3">
                Parameter
              </th>
              <th scope="col" className="py-1 pr-3">
                In
              </th>
              <th scope="col" className="py-1">
                Description
              </th>
            </tr>
          </thead>
          <tbody>
            {op.parameters.map((p) => (
              <tr key={`${p.in}-${p.name}`} className="border-b border-slate-100 align-top dark:border-slate-800">
                <td className="py-1 pr-3 font-mono text-xs">
                  {p.name}
                  {p.required ? ' *' : ''}
                </td>
                <td className="py-1 pr-3 text-xs">{p.in}</td>
                <td className="py-1 text-xs text-slate-600 dark:text-slate-400">
                  {p.description ?? p.schema?.description ?? ''}
                  {p.schema?.enum ? ` One of: ${p.schema.enum.map(String).join(', ')}.` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {op.responses.length > 0 && (
        <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
          Answers: {op.responses.map((r) => `${r.status} ${r.description}`).join(' · ')}
        </p>
      )}
      <TryIt op={op} headers={headers} />
    </article>
  );
}
