// Settings → Notifications: how alert e-mails arrive (immediately, a daily digest, or not at all) and the account's
// trend-tracking rules, each with its latest firing, paused, resumed or deleted here.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { readablePeriod } from '#core/periods';

type Delivery = 'immediate' | 'daily' | 'off';

export interface ListedRule {
  id: number;
  dataset_code: string;
  dataset_name: string;
  description: string;
  paused: boolean;
  last_value: number | null;
  last_period: string | null;
  firings: number;
  last_firing: { value: number; period: string; fired_at: string } | null;
}

const deliveries: { value: Delivery; label: string; hint: string }[] = [
  { value: 'immediate', label: 'Immediately', hint: 'One e-mail after each release' },
  { value: 'daily', label: 'Daily digest', hint: 'At most one e-mail a day' },
  { value: 'off', label: 'Off', hint: 'Only the bell in the app' },
];

const smallButton =
  'rounded-md border border-slate-300 px-2.5 py-1 text-xs font-medium hover:bg-slate-50 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800';

async function call(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(path, {
    credentials: 'same-origin',
    ...init,
    headers: { Accept: 'application/json', ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
  });
}

export function NotificationSettings() {
  const [delivery, setDelivery] = useState<Delivery | null>(null);
  const [rules, setRules] = useState<ListedRule[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    void (async () => {
      try {
        const [prefs, list] = await Promise.all([call('/api/notifications/preferences'), call('/api/trend-rules')]);
        if (!prefs.ok || !list.ok) throw new Error(`API error ${prefs.ok ? list.status : prefs.status}`);
        setDelivery(((await prefs.json()) as { delivery: Delivery }).delivery);
        setRules(((await list.json()) as { items: ListedRule[] }).items);
      } catch (e) {
        setError(e instanceof Error ? e.message : 'An unexpected error occurred');
      }
    })();
  }, []);

  const choose = async (value: Delivery) => {
    setDelivery(value);
    setSaved(false);
    const res = await call('/api/notifications/preferences', {
      method: 'PUT',
      body: JSON.stringify({ delivery: value }),
    });
    if (res.ok) setSaved(true);
    else setError(`API error ${res.status}`);
  };

  const pause = async (rule: ListedRule) => {
    const res = await call(`/api/trend-rules/${rule.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ paused: !rule.paused }),
    });
    if (!res.ok) return setError(`API error ${res.status}`);
    const updated = (await res.json()) as ListedRule;
    setRules((list) => list?.map((r) => (r.id === rule.id ? updated : r)) ?? null);
  };

  const remove = async (rule: ListedRule) => {
    const res = await call(`/api/trend-rules/${rule.id}`, { method: 'DELETE' });
    if (!res.ok && res.status !== 404) return setError(`API error ${res.status}`);
    setRules((list) => list?.filter((r) => r.id !== rule.id) ?? null);
  };

  return (
    <section
      aria-labelledby="notifications-heading"
      id="notifications"
      className="space-y-4 rounded-lg border border-slate-200 p-5 dark:border-slate-800"
    >
      <div>
        <h2 id="notifications-heading" className="text-lg font-semibold">
          Notifications
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          When a chart you follow gets new data or a revision, or a trend alert fires. The bell always shows them.
        </p>
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">E-mail</legend>
        <div role="radiogroup" aria-label="E-mail" className="grid gap-2 sm:grid-cols-3">
          {deliveries.map((d) => (
            <label
              key={d.value}
              className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-brand-dark has-[:checked]:bg-brand/10 dark:border-slate-700"
            >
              <input
                type="radio"
                name="delivery"
                value={d.value}
                checked={delivery === d.value}
                disabled={delivery === null}
                onChange={() => void choose(d.value)}
                className="mt-0.5 accent-[#2a8a38]"
              />
              <span>
                <span className="block font-medium">{d.label}</span>
                <span className="block text-xs text-slate-600 dark:text-slate-400">{d.hint}</span>
              </span>
            </label>
          ))}
        </div>
        {saved ? (
          <p role="status" className="mt-2 text-xs text-brand-dark dark:text-brand">
            Saved.
          </p>
        ) : null}
      </fieldset>
      <div>
        <h3 className="mb-2 text-sm font-medium">Trend alerts</h3>
        {rules === null && !error ? <p className="text-sm text-slate-500 dark:text-slate-400">Loading…</p> : null}
        {rules?.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            No trend alerts yet. Open a chart on a{' '}
            <Link to="/datasets" className="underline">
              dataset page
            </Link>{' '}
            and choose “Track a trend…” in the chart’s menu (⋯).
          </p>
        ) : null}
        {rules && rules.length > 0 ? (
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {rules.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2.5 text-sm">
                <div className="min-w-0 flex-1">
                  <p className={r.paused ? 'text-slate-500 dark:text-slate-400' : ''}>
                    <Link to={`/datasets/${r.dataset_code}`} className="font-medium hover:underline">
                      {r.dataset_name}
                    </Link>
                    : {r.description}
                    {r.paused ? (
                      <span className="ml-2 rounded bg-slate-200 px-1.5 text-xs dark:bg-slate-700">Paused</span>
                    ) : null}
                  </p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {r.last_firing
                      ? `Fired ${r.firings === 1 ? 'once' : `${r.firings} times`}, last at ${r.last_firing.value} (${readablePeriod(r.last_firing.period, 'long')})`
                      : 'Has not fired yet'}
                    {r.last_value !== null ? ` · latest ${r.last_value} (${r.last_period})` : ''}
                  </p>
                </div>
                <div className="flex gap-2">
                  <button type="button" className={smallButton} onClick={() => void pause(r)}>
                    {r.paused ? 'Resume' : 'Pause'}
                  </button>
                  <button
                    type="button"
                    className={`${smallButton} text-red-700 dark:text-red-400`}
                    onClick={() => void remove(r)}
                    aria-label={`Delete the alert ${r.description}`}
                  >
                    Delete
                  </button>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </section>
  );
}
