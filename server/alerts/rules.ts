// Trend-tracking rules, evaluated on every refresh (docs/decisions/133): pure, so the "once per crossing" logic is
// tested without a database.
import type { TrendRuleKind } from '../../db/schema/notifications';

export interface RuleState {
  kind: TrendRuleKind;
  threshold: number;
  /** above/below: whether the value was past the threshold when last seen. */
  lastState: 'past' | 'within' | null;
  lastValue: number | null;
  lastPeriod: number | null;
}

export interface Evaluation {
  fire: boolean;
  /** The state to record (for moves: null). */
  state: 'past' | 'within' | null;
  /** The value before, for the firing's record and the message. */
  previous: number | null;
}

/** Whether the value is past the rule's threshold (strictly: "goes above 5" is not met by 5). */
export function isPast(kind: 'above' | 'below', threshold: number, value: number): boolean {
  return kind === 'above' ? value > threshold : value < threshold;
}

/**
 * What the latest value means for the rule. above/below fire when the value crosses the threshold (past now, not
 * past when last seen), so a value that stays above fires once, and again only after it came back and crossed again.
 * moves fires when the latest value differs from the one seen at the last evaluation by more than the threshold.
 */
export function evaluateRule(rule: RuleState, latest: { period: number; value: number }): Evaluation {
  const previous = rule.lastValue;
  if (rule.kind === 'moves') {
    const fire = previous !== null && Math.abs(latest.value - previous) > rule.threshold + 1e-9;
    return { fire, state: null, previous };
  }
  const past = isPast(rule.kind, rule.threshold, latest.value);
  return { fire: past && rule.lastState !== 'past', state: past ? 'past' : 'within', previous };
}

/** The state a new rule starts from: the current value, so that it fires on the next crossing, not at once. */
export function initialState(
  kind: TrendRuleKind,
  threshold: number,
  latest: { period: number; value: number } | undefined,
): Pick<RuleState, 'lastState' | 'lastValue' | 'lastPeriod'> {
  if (!latest) return { lastState: null, lastValue: null, lastPeriod: null };
  return {
    lastState: kind === 'moves' ? null : isPast(kind, threshold, latest.value) ? 'past' : 'within',
    lastValue: latest.value,
    lastPeriod: latest.period,
  };
}

/** "goes above 3.5", "goes below 3.5", "moves more than 0.5 points between releases". */
export function describeRule(kind: TrendRuleKind, threshold: number): string {
  const n = formatNumber(threshold);
  if (kind === 'moves') return `moves more than ${n} points between releases`;
  return `goes ${kind} ${n}`;
}

/** A value as published: with its decimals when known (4.0), else as it comes (up to 3 decimals). */
export function formatNumber(value: number, decimals?: number | null): string {
  const fixed = decimals === null || decimals === undefined ? undefined : Math.min(Math.max(decimals, 0), 6);
  return new Intl.NumberFormat('en-GB', {
    minimumFractionDigits: fixed ?? 0,
    maximumFractionDigits: fixed ?? 3,
  }).format(value);
}

/** "+0.2", "−0.1" (a true minus sign), or "unchanged". */
export function formatChange(change: number, decimals?: number | null): string {
  const rounded = Math.round(change * 1000) / 1000;
  if (rounded === 0) return 'unchanged';
  return `${rounded > 0 ? '+' : '−'}${formatNumber(Math.abs(rounded), decimals)}`;
}
