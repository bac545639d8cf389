// The pages' policies (decision 201): a page's HTML is not counted, its loader data is; which pages anonymous visitors
// share from the response cache is said by each page's route module (`handle.anonymousCache`, app/routes/).
import type { ServerBuild } from 'react-router';
import type { PageHandle } from '#core/page-handle';
import { counted, uncounted } from '#server/http/route-policy';

export const pagePolicies = [
  counted('GET /….data', 'read', [/^\/.*\.data$/]),
  uncounted(
    'GET /{page} (HTML)',
    'read',
    [/^\/(?!api\/)(?!.*\.data$).*$/],
    'pages are for reading (people and crawlers); their loader data counts',
  ),
];

/**
 * The paths, in Hono's syntax, of the page routes whose module says `handle = { anonymousCache: true }`: what they
 * render depends only on the address, the colour mode and whether a crawler asks (response-cache/policy.ts, keyOf).
 */
export function cachedPagePaths(build: Pick<ServerBuild, 'routes'> | undefined): string[] {
  if (!build) return [];
  const routes = build.routes;
  const fullPath = (id: string): string => {
    const route = routes[id];
    if (!route) return '';
    const parent = route.parentId ? fullPath(route.parentId) : '';
    return route.path ? `${parent.replace(/\/$/, '')}/${route.path}` : parent;
  };
  const paths = new Set<string>();
  for (const [id, route] of Object.entries(routes)) {
    const handle = (route?.module as { handle?: PageHandle } | undefined)?.handle;
    if (handle?.anonymousCache !== true) continue;
    paths.add(fullPath(id) || '/');
  }
  return [...paths].sort();
}
