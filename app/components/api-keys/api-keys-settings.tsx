// Settings: the account's API keys (create with the secret shown once, list, rotate, revoke) and the usage chart.
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { FREE_DAILY_API_REQUESTS, type Plan } from '#core/plans';
import type { AccountUsage, ListedApiKey } from '#db/queries/api-keys';
import { useFormError } from '../auth/form-controls';
import { CreateKeyForm } from './create-key-form';
import { UsageChart } from './usage-chart';

export interface ApiKeysSettingsProps {
  plan: Plan;
  keys: ListedApiKey[];
  usage: AccountUsage;
}

/** An instant as `2026-11-24 08:10 UTC`: the same on the server and in every browser. */
export function utcMinute(iso: string | null): string {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : 'Never';
}

interface Shown {
  name: string;
  key: string;
  rotated: boolean;
}

async function call(path: string, method: 'POST' | 'DELETE', body?: unknown): Promise<Response> {
  return fetch(path, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function messageOf(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { error?: { message?: string } };
    return body.error?.message ?? 'An unexpected error occurred';
  } catch {
    return 'An unexpected error occurred';
  }
}

const buttonClass =
  'rounded-md border border-slate-300 px-2.5 py-1 text-xs font-medium hover:bg-slate-50 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800';

export function ApiKeysSettings({ plan, keys: allKeys, usage }: ApiKeysSettingsProps) {
  // Organizations' keys are listed in their organization's card (Settings → Organizations).
  const keys = allKeys.filter((k) => k.organization_id === null);
  const revalidator = useRevalidator();
  const [name, setName] = useState('');
  const [pending, setPending] = useState(false);
  const error = useFormError<'name'>();
  const [shown, setShown] = useState<Shown | null>(null);
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState<{ id: string; action: 'rotate' | 'revoke' } | null>(null);
  const today = usage.days[usage.days.length - 1];
  const last30 = usage.days.reduce((sum, d) => sum + d.total, 0);

  async function run(task: () => Promise<void>) {
    setPending(true);
    error.clear();
    try {
      await task();
      await revalidator.revalidate();
    } catch {
      error.fail('An unexpected error occurred');
    } finally {
      setPending(false);
    }
  }

  const create = (e: React.FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const res = await call('/api/account/api-keys', 'POST', { name });
      if (!res.ok) return error.fail(await messageOf(res), 'name');
      const body = (await res.json()) as { name: string; key: string };
      setShown({ name: body.name, key: body.key, rotated: false });
      setCopied(false);
      setName('');
    });
  };

  const confirm = (id: string, action: 'rotate' | 'revoke') =>
    void run(async () => {
      setConfirming(null);
      if (action === 'revoke') {
        const res = await call(`/api/account/api-keys/${encodeURIComponent(id)}`, 'DELETE');
        if (!res.ok) return error.fail(await messageOf(res));
        if (shown && keys.find((k) => k.id === id)?.name === shown.name) setShown(null);
        return;
      }
      const res = await call(`/api/account/api-keys/${encodeURIComponent(id)}/rotate`, 'POST');
      if (!res.ok) return error.fail(await messageOf(res));
      const body = (await res.json()) as { name: string; key: string };
      setShown({ name: body.name, key: body.key, rotated: true });
      setCopied(false);
    });

  async function copy() {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.key);
      setCopied(true);
    } catch {
      // Clipboard refused (permissions): the key stays selectable on screen.
    }
  }

  return (
    <>
      <section
        aria-labelledby="api-keys-heading"
        className="space-y-4 rounded-lg border border-slate-200 p-5 dark:border-slate-800"
      >
        <div>
          <h2 id="api-keys-heading" className="text-lg font-semibold">
            API keys
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            Send a key with every data API request as <code>Authorization: Bearer &lt;key&gt;</code> or{' '}
            <code>X-API-Key: &lt;key&gt;</code>.{' '}
            {plan === 'pro'
              ? 'Your Pro plan has unlimited requests.'
              : `Your Free plan has ${FREE_DAILY_API_REQUESTS.toLocaleString('en-GB')} requests a day (UTC) across all your keys.`}
          </p>
        </div>

        <CreateKeyForm
          label="Key name"
          name="name"
          placeholder="e.g. Research script"
          value={name}
          onChange={setName}
          onSubmit={create}
          pending={pending}
          error={error}
        />

        {shown && (
          <div
            role="status"
            className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950/40"
          >
            <p className="font-medium">
              {shown.rotated ? `New secret for “${shown.name}”.` : `Key “${shown.name}” created.`} Copy it now: it will
              not be shown again.
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <code data-api-key className="break-all rounded bg-white px-2 py-1 font-mono text-xs dark:bg-slate-900">
                {shown.key}
              </code>
              <button type="button" className={buttonClass} onClick={() => void copy()}>
                {copied ? 'Copied' : 'Copy'}
              </button>
              <button type="button" className={buttonClass} onClick={() => setShown(null)}>
                Done
              </button>
            </div>
          </div>
        )}

        {keys.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">No API keys yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-xs text-slate-500 dark:text-slate-400">
                <tr>
                  <th className="py-1 pr-3 font-medium">Name</th>
                  <th className="py-1 pr-3 font-medium">Key</th>
                  <th className="py-1 pr-3 font-medium">Created</th>
                  <th className="py-1 pr-3 font-medium">Last used</th>
                  <th className="py-1 pr-3 text-right font-medium">Requests today</th>
                  <th className="py-1 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.map((k) => (
                  <tr key={k.id} className="border-t border-slate-200 align-top dark:border-slate-800">
                    <td className="py-2 pr-3 font-medium">{k.name}</td>
                    <td className="py-2 pr-3 font-mono text-xs">{k.prefix}…</td>
                    <td className="py-2 pr-3 whitespace-nowrap">{utcMinute(k.created_at)}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">{utcMinute(k.last_used_at)}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{k.requests_today.toLocaleString('en-GB')}</td>
                    <td className="py-2">
                      {confirming?.id === k.id ? (
                        <div className="flex flex-wrap items-center gap-2 text-xs">
                          <span>
                            {confirming.action === 'revoke'
                              ? 'Programs using this key stop working at once.'
                              : 'The current secret stops working at once.'}
                          </span>
                          <button
                            type="button"
                            className={buttonClass}
                            disabled={pending}
                            onClick={() => confirm(k.id, confirming.action)}
                          >
                            {confirming.action === 'revoke' ? `Revoke ${k.name}` : `Rotate ${k.name}`}
                          </button>
                          <button type="button" className={buttonClass} onClick={() => setConfirming(null)}>
                            Cancel
                          </button>
                        </div>
                      ) : (
                        <div className="flex gap-2">
                          <button
                            type="button"
                            className={buttonClass}
                            aria-label={`Rotate key ${k.name}`}
                            onClick={() => setConfirming({ id: k.id, action: 'rotate' })}
                          >
                            Rotate
                          </button>
                          <button
                            type="button"
                            className={buttonClass}
                            aria-label={`Revoke key ${k.name}`}
                            onClick={() => setConfirming({ id: k.id, action: 'revoke' })}
                          >
                            Revoke
                          </button>
                        </div>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section
        aria-labelledby="api-usage-heading"
        className="space-y-3 rounded-lg border border-slate-200 p-5 dark:border-slate-800"
      >
        <div>
          <h2 id="api-usage-heading" className="text-lg font-semibold">
            API usage
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300" data-usage-summary>
            Today: {(today?.total ?? 0).toLocaleString('en-GB')}
            {plan === 'pro' ? '' : ` of ${FREE_DAILY_API_REQUESTS.toLocaleString('en-GB')}`} requests · last 30 days:{' '}
            {last30.toLocaleString('en-GB')} requests, with your keys and your signed-in session.
          </p>
        </div>
        <UsageChart usage={usage} />
      </section>
    </>
  );
}
