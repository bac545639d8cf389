// Where a sign-in leads, and the display name the sign-in modal gives new users.
import { safeNextPath } from '#core/route-guard';

export interface SignInTarget {
  /** The chart whose Follow button opened the modal. */
  fromChartId?: number | string;
  /** The view that chart showed, as query pairs (`chart_type=line&country[]=DE`): the chart page opens with it. */
  fromChartView?: string;
  /** A remembered path (the route guard's `next`). */
  next?: string | null;
}

/**
 * /app/chart?id={id} when opened from a chart, with `follow=1` and the view it showed (the chart page follows it
 * with that view, decision 104), else the remembered path, else /app/dashboard.
 */
export function destinationAfterSignIn(target: SignInTarget): string {
  if (target.fromChartId !== undefined && target.fromChartId !== '') {
    const query = new URLSearchParams({ id: String(target.fromChartId) });
    if (target.fromChartView !== undefined) {
      query.set('follow', '1');
      for (const [key, value] of new URLSearchParams(target.fromChartView))
        if (key !== 'id' && key !== 'follow') query.append(key, value);
    }
    return `/app/chart?${query
      .toString()
      .replace(/%5B%5D/g, '[]')
      .replace(/%2F/g, '/')}`;
  }
  return safeNextPath(target.next) ?? '/app/dashboard';
}

/** First sign-ins go through onboarding first, then on. */
export function afterSignIn(destination: string, onboarded: boolean): string {
  return onboarded ? destination : `/onboarding?next=${encodeURIComponent(destination)}`;
}

/** The /confirm address a provider or a confirmation link returns to, carrying the destination. */
export function confirmUrl(destination: string): string {
  return `/confirm?next=${encodeURIComponent(destination)}`;
}

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** 'User_' and six random uppercase letters, as the specification's modal names new users. */
export function randomDisplayName(
  random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n)),
): string {
  return `User_${[...random(6)].map((b) => letters[b % letters.length]).join('')}`;
}
