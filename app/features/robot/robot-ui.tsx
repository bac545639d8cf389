// Pieces the robot's pages share: calls to /api/robot/* with the one error shape, the editors-only page, labels.
import { Link } from 'react-router';

export const card = 'rounded-lg border border-slate-200 p-5 dark:border-slate-800';
export const muted = 'text-sm text-slate-600 dark:text-slate-300';
export const smallButton =
  'rounded-md border border-slate-300 px-2.5 py-1 text-xs font-medium hover:bg-slate-100 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800';
export const inputClass =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-dark focus:outline-none focus:ring-2 focus:ring-brand/40 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100';

/** What a signed-in account that is not an editor reads (the API's 403 says the same). */
export const EDITORS_ONLY_TITLE = 'Editors only';
export const EDITORS_ONLY_TEXT =
  'The robot writes articles for the blog, so only editors can use it. Ask an administrator to add your account to ADMIN_EMAILS.';

/** A JSON call to the robot's API; throws the API's message when it answers an error. */
export async function robotCall<T>(path: string, method: string, body?: unknown): Promise<T> {
  const res = await fetch(`/api/robot${path}`, {
    method,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status === 204) return undefined as T;
  const payload = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
  if (!res.ok) throw new Error(payload?.error?.message ?? `The request failed (${res.status}).`);
  return payload as T;
}

/** `2026-11-24 08:10 UTC`: the same on the server and in every browser. */
export function utc(iso: string | null): string {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : '—';
}

export function EditorsOnly({ title, text }: { title: string; text: string }) {
  return (
    <div className={`${card} max-w-xl space-y-3`} data-editors-only>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className={muted}>{text}</p>
      <p className="text-sm">
        <Link to="/app/dashboard" className="text-brand-dark underline dark:text-brand">
          Back to the dashboard
        </Link>
      </p>
    </div>
  );
}

export function StatusBadge({ status }: { status: 'pending' | 'published' | 'discarded' }) {
  const tone =
    status === 'pending'
      ? 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200'
      : status === 'published'
        ? 'bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-200'
        : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300';
  return <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${tone}`}>{status}</span>;
}

export const triggerLabels: Record<string, string> = {
  after_refresh: 'after a data refresh',
  daily: 'daily run',
  weekly: 'weekly run',
  manual: 'Run now',
};
