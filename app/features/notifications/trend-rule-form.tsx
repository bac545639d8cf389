// "Track a trend…" from a chart's menu: tell me when {series} goes above/below {value}, or moves more than {x} points
// between releases. Creates the rule through /api/trend-rules; rules are listed, paused and deleted in settings.
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { DatasetMeta, Series } from '#core/schemas/dataset';

type Kind = 'above' | 'below' | 'moves';

export interface TrendRuleFormProps {
  meta: DatasetMeta;
  /** The chart's series (their codes); the first is preselected. */
  series: Series[];
  /** Places the chart shows (codes); empty: every place of the dataset. */
  countries: string[];
  /** Opens the sign-in modal for a visitor. */
  onRequireSignIn?: () => void;
  /** Close: the page hides the form (it opens from the chart's menu). */
  onClose: () => void;
}

const fieldClass =
  'w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-950';

/** A series in words: the labels of its dimensions that have more than one value. */
function seriesLabel(meta: DatasetMeta, s: Series): string {
  const parts = meta.dimensions
    .filter((d) => d.values.length > 1)
    .map((d) => {
      const code = s.series_key[`${d.key}_value`];
      return d.values.find((v) => v.code === code)?.label ?? code;
    });
  return parts.join(' · ') || meta.dataset_name;
}

export function TrendRuleForm({ meta, series, countries, onRequireSignIn, onClose }: TrendRuleFormProps) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened from the chart's menu: the keyboard and the screen reader continue in the form.
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'nearest' });
    heading.current?.focus();
  }, []);
  const places =
    countries.length > 0
      ? meta.available_countries.filter((c) => countries.includes(c.code))
      : meta.available_countries;
  const [seriesIndex, setSeriesIndex] = useState(0);
  const [geo, setGeo] = useState(places[0]?.code ?? '');
  const [kind, setKind] = useState<Kind>('above');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const threshold = Number(value.replace(',', '.'));
    if (value.trim() === '' || !Number.isFinite(threshold)) {
      setMessage({ tone: 'error', text: 'Enter a number.' });
      return;
    }
    const chosen = series[seriesIndex];
    const dimensions = chosen
      ? Object.fromEntries(Object.entries(chosen.series_key).map(([k, code]) => [k.replace(/_value$/, ''), code]))
      : undefined;
    setBusy(true);
    setMessage(null);
    try {
      const res = await fetch('/api/trend-rules', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ dataset: meta.id, dimensions, geo, kind, threshold }),
      });
      const body = (await res.json().catch(() => null)) as { description?: string; error?: { message: string } } | null;
      if (res.status === 401) {
        setMessage({ tone: 'error', text: 'Sign in to create trend alerts.' });
        onRequireSignIn?.();
      } else if (!res.ok) setMessage({ tone: 'error', text: body?.error?.message ?? `API error ${res.status}` });
      else {
        setMessage({ tone: 'ok', text: `We will tell you when ${body?.description ?? 'it happens'}.` });
        setValue('');
      }
    } catch {
      setMessage({ tone: 'error', text: 'An unexpected error occurred' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      className="max-w-3xl space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="font-semibold outline-none">
        Tell me when…
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        {series.length > 1 ? (
          <div className="text-sm sm:col-span-2">
            <label htmlFor={`${id}-series`} className="mb-1 block text-slate-600 dark:text-slate-300">
              Series
            </label>
            <select
              id={`${id}-series`}
              className={fieldClass}
              value={seriesIndex}
              onChange={(e) => setSeriesIndex(Number(e.target.value))}
            >
              {series.map((s, i) => (
                <option key={s.id} value={i}>
                  {seriesLabel(meta, s)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="text-sm">
          <label htmlFor={`${id}-place`} className="mb-1 block text-slate-600 dark:text-slate-300">
            Place
          </label>
          <select id={`${id}-place`} className={fieldClass} value={geo} onChange={(e) => setGeo(e.target.value)}>
            {places.map((p) => (
              <option key={p.code} value={p.code}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div className="text-sm">
          <label htmlFor={`${id}-condition`} className="mb-1 block text-slate-600 dark:text-slate-300">
            Condition
          </label>
          <select
            id={`${id}-condition`}
            className={fieldClass}
            value={kind}
            onChange={(e) => setKind(e.target.value as Kind)}
          >
            <option value="above">goes above</option>
            <option value="below">goes below</option>
            <option value="moves">moves more than (points between releases)</option>
          </select>
        </div>
        <div className="text-sm">
          <label htmlFor={`${id}-value`} className="mb-1 block text-slate-600 dark:text-slate-300">
            {kind === 'moves' ? 'Points' : 'Value'}
          </label>
          <input
            id={`${id}-value`}
            className={fieldClass}
            inputMode="decimal"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            placeholder={kind === 'moves' ? '0.5' : '3.5'}
            required
          />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={busy || !geo}
          className="rounded-md bg-brand-dark px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand disabled:opacity-60"
        >
          {busy ? 'Saving…' : 'Create alert'}
        </button>
        <button type="button" onClick={onClose} className="text-sm text-slate-600 underline dark:text-slate-300">
          Close
        </button>
        <Link to="/app/settings#notifications" className="text-sm text-slate-600 underline dark:text-slate-300">
          Your alerts
        </Link>
      </div>
      {message ? (
        <p
          role={message.tone === 'error' ? 'alert' : 'status'}
          className={
            message.tone === 'error'
              ? 'text-sm text-red-700 dark:text-red-400'
              : 'text-sm text-brand-dark dark:text-brand'
          }
        >
          {message.text}
        </p>
      ) : null}
    </form>
  );
}
