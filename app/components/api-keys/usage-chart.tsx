// The settings page's usage chart: requests per UTC day for the last 30 days, one stacked bar per day, by key.
import type { AccountUsage } from '#db/queries/api-keys';

/** Colours of the keys' parts of a bar, in key order; the signed-in session's part is grey. */
export const KEY_COLOURS = ['#39B54A', '#2563eb', '#d97706', '#9333ea', '#0891b2', '#dc2626', '#65a30d', '#db2777'];
const SESSION_COLOUR = '#94a3b8';

const WIDTH = 600;
const HEIGHT = 160;
const AXIS = 28;
const TOP = 8;
const BOTTOM = 20;

/** A round upper bound for the axis: 1, 2 or 5 times a power of ten. */
export function niceMax(value: number): number {
  if (value <= 5) return 5;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((m) => m * power).find((v) => v >= value)!;
}

/**
 * `session`: whether requests made while signed in (without a key) count in `total`, as they do for an account; an
 * organization's requests come from its keys only.
 */
export function UsageChart({ usage, session = true }: { usage: AccountUsage; session?: boolean }) {
  const colourOf = new Map(usage.keys.map((k, i) => [k.id, KEY_COLOURS[i % KEY_COLOURS.length]!]));
  const max = niceMax(Math.max(0, ...usage.days.map((d) => d.total)));
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const step = (WIDTH - AXIS) / usage.days.length;
  const barWidth = Math.max(2, step - 3);
  const y = (n: number) => TOP + plotHeight - (n / max) * plotHeight;
  const total = usage.days.reduce((sum, d) => sum + d.total, 0);
  const first = usage.days[0]?.day ?? '';
  const last = usage.days[usage.days.length - 1]?.day ?? '';

  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Data API requests per day from ${first} to ${last}: ${total.toLocaleString('en-GB')} in all`}
        className="h-auto w-full text-slate-500 dark:text-slate-400"
      >
        {[0, max / 2, max].map((tick) => (
          <g key={tick}>
            <line x1={AXIS} x2={WIDTH} y1={y(tick)} y2={y(tick)} stroke="currentColor" strokeOpacity={0.2} />
            <text x={AXIS - 4} y={y(tick) + 3} textAnchor="end" fontSize={9} fill="currentColor">
              {tick.toLocaleString('en-GB')}
            </text>
          </g>
        ))}
        {usage.days.map((d, i) => {
          const x = AXIS + i * step + 1.5;
          const parts = usage.keys
            .map((k) => ({ id: k.id, name: k.name, count: d.by_key[k.id] ?? 0, colour: colourOf.get(k.id)! }))
            .filter((p) => p.count > 0);
          const byKeys = parts.reduce((sum, p) => sum + p.count, 0);
          if (session && d.total > byKeys)
            parts.push({ id: 'session', name: 'signed-in session', count: d.total - byKeys, colour: SESSION_COLOUR });
          let base = 0;
          return (
            <g key={d.day} data-day={d.day} data-total={d.total}>
              <title>{`${d.day}: ${d.total.toLocaleString('en-GB')} requests${parts.length ? ` (${parts.map((p) => `${p.name} ${p.count}`).join(', ')})` : ''}`}</title>
              {/* The whole column answers the pointer, so the day's tooltip shows even over an empty day. */}
              <rect x={x} y={TOP} width={barWidth} height={plotHeight} fill="transparent" />
              {parts.map((p) => {
                const top = y(base + p.count);
                const height = y(base) - top;
                base += p.count;
                return <rect key={p.id} x={x} y={top} width={barWidth} height={height} fill={p.colour} />;
              })}
            </g>
          );
        })}
        <text x={AXIS} y={HEIGHT - 4} fontSize={9} fill="currentColor">
          {first}
        </text>
        <text x={WIDTH} y={HEIGHT - 4} fontSize={9} fill="currentColor" textAnchor="end">
          {last}
        </text>
      </svg>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
        {usage.keys.map((k) => (
          <span key={k.id} className="inline-flex items-center gap-1">
            <span
              aria-hidden
              className="inline-block h-2.5 w-2.5 rounded-sm"
              style={{ background: colourOf.get(k.id) }}
            />
            {k.name}
            {k.revoked ? ' (revoked)' : ''}
          </span>
        ))}
        {session ? (
          <span className="inline-flex items-center gap-1">
            <span aria-hidden className="inline-block h-2.5 w-2.5 rounded-sm" style={{ background: SESSION_COLOUR }} />
            Signed-in session
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}
