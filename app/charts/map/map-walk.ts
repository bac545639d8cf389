// The map's region walk (decision 214): the keyboard steps through the regions with data, by name, and each is said
// with its value, unit, period, flags and rank. Pure: the map keeps the walked region's key and draws its focus.
import { describeFlags } from '#core/flags';
import { readablePeriod } from '#core/periods';
import { ordinal } from '../core/chart-description';
import { regionStep } from '../core/key-walk';
import { formatNumber } from '../core/number-format';
import type { MapArea } from './map-state';

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The regions a walk visits: those with a value, once each, by name (A to Z). */
export function walkOrder(areas: readonly MapArea[]): MapArea[] {
  const seen = new Set<string>();
  return areas
    .filter((a) => {
      if (a.value === null || seen.has(a.key)) return false;
      seen.add(a.key);
      return true;
    })
    .sort((a, b) => collator.compare(a.name, b.name) || a.key.localeCompare(b.key));
}

/**
 * What each key does in a walk: the next or previous region by name, or the first or last. The map's region links
 * (statistics pages) step by the same keys.
 */
export const STEPS: Record<string, 'next' | 'previous' | 'first' | 'last'> = {
  ArrowRight: 'next',
  ArrowDown: 'next',
  ArrowLeft: 'previous',
  ArrowUp: 'previous',
  Home: 'first',
  End: 'last',
};

/** The walk's keys in words, in the map's name (aria-label); the embed's map says the same (decision 214). */
export const WALK_HELP =
  'Enter walks the regions with data by name: arrow keys, Home, End or a letter move between them, Escape stops.';

/** What a walk says before its first region: '39 regions with data, by name. '. */
export function walkIntro(order: readonly MapArea[]): string {
  return `${order.length} regions with data, by name. `;
}

/** The keys a walk answers, for the map's aria-keyshortcuts. */
export const WALK_KEYS = Object.keys(STEPS);

/**
 * The region a key moves the walk to from the region named `from` (null: the walk starts); undefined for a key the
 * walk does not use. A letter jumps to the next region whose name begins with it, round to the start, as in a list box.
 * The walked region may have lost its value (another period): the steps go on from its place in the order of names.
 */
export function walkStep(order: readonly MapArea[], from: MapArea | null, key: string): MapArea | null | undefined {
  if (order.length === 0) return STEPS[key] || /^\p{L}$/u.test(key) ? null : undefined;
  const step = STEPS[key];
  if (!from) return step ? (order[step === 'last' ? order.length - 1 : 0] ?? null) : undefined;
  const at = order.findIndex((a) => a.key === from.key);
  if (at < 0 && step === 'next')
    return order.find((a) => collator.compare(a.name, from.name) > 0) ?? order[order.length - 1] ?? null;
  if (at < 0 && step === 'previous')
    return order.findLast((a) => collator.compare(a.name, from.name) < 0) ?? order[0] ?? null;
  // The same steps as the embed's walk (core/key-walk.ts).
  const to = regionStep(
    order.map((a) => a.name),
    at,
    key,
    STEPS,
  );
  return to === undefined ? undefined : to === at ? from : (order[to] ?? null);
}

export interface RegionAnnouncementInput {
  period: string;
  unit: string;
  decimals: number;
  /** The walk's order: the rank is counted among its values. */
  order: readonly MapArea[];
}

/**
 * A region as the walk says it: 'Germany, May 2025: 2.1 Annual rate of change (%) (estimated), 9th highest of 39.'
 * A region without a value in the period: 'Belarus, May 2025: No data.'
 */
export function regionAnnouncement(area: MapArea, input: RegionAnnouncementInput): string {
  const where = `${area.name}, ${readablePeriod(input.period, 'long')}`;
  if (area.value === null) return `${where}: No data.`;
  const value = area.value;
  const text = [formatNumber(value, input.decimals), input.unit].filter(Boolean).join(' ');
  const flag = area.flag ? ` (${describeFlags(area.flag)})` : '';
  const rank = 1 + input.order.filter((a) => a.value !== null && a.value > value).length;
  const place = rank === 1 ? 'the highest' : `${ordinal(rank)} highest`;
  return `${where}: ${text}${flag}, ${place} of ${input.order.length}.`;
}
