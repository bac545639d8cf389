// A region's statistics page from its NUTS code, for charts that link their regions (issue 11).
import { isAggregate } from './index';

const NUTS_REGION = /^[A-Z]{2}[0-9A-Z]{1,3}$/;

/**
 * The statistics page of a NUTS region (DE212 → /statistics/de/de2/de21/de212): the place resolver redirects codes
 * to the canonical slugs (/statistics/germany/bayern/…), so a chart needs only the code. Null for anything else.
 */
export function regionStatisticsPath(code: string): string | null {
  if (!NUTS_REGION.test(code) || isAggregate(code)) return null;
  const parts = [code.slice(0, 2)];
  for (let n = 3; n <= code.length; n++) parts.push(code.slice(0, n));
  return `/statistics/${parts.map((p) => p.toLowerCase()).join('/')}`;
}
