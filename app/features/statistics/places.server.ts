// Resolves /statistics/{country}/{region}/… to countries and NUTS regions: slugs, code redirects and 404s.
import { data, redirect } from 'react-router';
import { siblingSlugs } from '#core/slugs';
import type { ReadDb } from '#db/client';
import { childRegions, countriesWithData, type Place } from '#db/queries/statistics';
import type { TrailPlace } from '../../components/statistics/place-data';
import { memo, type CatalogueState } from '#db/catalogue-memo';

export const STATISTICS_ROOT = '/statistics';

/** The path of a request, decoded when it can be, for the 404 message. */
function displayPath(request: Request): string {
  const { pathname } = new URL(request.url);
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** The specification's route validation failure: 404 'Page Not Found: {path}'. */
export function notFound(request: Request): never {
  throw data({ message: `Page Not Found: ${displayPath(request)}` }, { status: 404 });
}

/** The decoded path segments after /statistics; null when a segment is not valid percent-encoding. */
function segmentsOf(request: Request): string[] | null {
  const parts = new URL(request.url).pathname.split('/').filter(Boolean).slice(1);
  try {
    return parts.map((p) => decodeURIComponent(p));
  } catch {
    return null;
  }
}

interface Match {
  place: Place;
  slug: string;
  /** False when the segment was a code or differed in case: the page redirects to the slug. */
  exact: boolean;
}

function matchSegment(segment: string, candidates: readonly Place[]): Match | null {
  const slugs = siblingSlugs(candidates);
  const lower = segment.toLowerCase();
  let loose: Match | null = null;
  for (const place of candidates) {
    const slug = slugs.get(place.code)!;
    if (slug === segment) return { place, slug, exact: true };
    if (!loose && (slug === lower || place.code.toLowerCase() === lower)) loose = { place, slug, exact: false };
  }
  return loose;
}

function countries(db: ReadDb, state: CatalogueState): Promise<Place[]> {
  return memo(state, 'countries-with-data', () => countriesWithData(db));
}

/** Countries with data: the first level of the drill-down, with their slugs. */
export async function countryPlaces(db: ReadDb, state: CatalogueState): Promise<TrailPlace[]> {
  const list = await countries(db, state);
  const slugs = siblingSlugs(list);
  return list.map((c) => toTrail(c, slugs.get(c.code)!, STATISTICS_ROOT));
}

/** The NUTS tree changes only with the geographies an import brings (extra-regio codes): memoised per version. */
function regionsUnder(db: ReadDb, state: CatalogueState, code: string): Promise<Place[]> {
  return memo(state, `children:${code}`, () => childRegions(db, code));
}

/** The children of a place with their canonical paths. */
export async function childPlaces(db: ReadDb, state: CatalogueState, parent: TrailPlace): Promise<TrailPlace[]> {
  const children = await regionsUnder(db, state, parent.code);
  const slugs = siblingSlugs(children);
  return children.map((c) => toTrail(c, slugs.get(c.code)!, parent.path));
}

function toTrail(place: Place, slug: string, parentPath: string): TrailPlace {
  return { code: place.code, name: place.name, level: place.level, slug, path: `${parentPath}/${slug}` };
}

export interface ResolvedPath {
  /** Country first, then each region down to the page's place. */
  trail: TrailPlace[];
  /** The segments after the places: [] for a place page, ['categories'] or ['categories', slug]. */
  rest: string[];
}

/**
 * Walks the path from the country down. A code (de, de2) or a slug in another case redirects permanently to
 * the canonical slugs; an unknown segment, or a region under the wrong parent, is a 404.
 */
export async function resolvePlacePath(db: ReadDb, state: CatalogueState, request: Request): Promise<ResolvedPath> {
  const segments = segmentsOf(request);
  if (!segments || segments.length === 0) notFound(request);
  const cut = segments.indexOf('categories', 1);
  const placeSegments = cut === -1 ? segments : segments.slice(0, cut);
  const rest = cut === -1 ? [] : segments.slice(cut);
  const trail: TrailPlace[] = [];
  let canonical = true;
  let candidates: Place[] = await countries(db, state);
  let parentPath = STATISTICS_ROOT;
  for (const [i, segment] of placeSegments.entries()) {
    const match = matchSegment(segment, candidates);
    if (!match) notFound(request);
    canonical &&= match.exact;
    const place = toTrail(match.place, match.slug, parentPath);
    trail.push(place);
    parentPath = place.path;
    if (i < placeSegments.length - 1) candidates = await regionsUnder(db, state, place.code);
  }
  if (!canonical) {
    const url = new URL(request.url);
    const tail = rest.map((s) => `/${encodeURIComponent(s)}`).join('');
    throw redirect(`${parentPath}${tail}${url.search}`, 301);
  }
  return { trail, rest };
}
