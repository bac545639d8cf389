// What the daily limit and the response cache do with a request, declared by each feature beside its routes
// (decision 201): whether it counts against the data API's daily quota (and why not), whether anonymous answers are
// kept in memory, whether it draws an image. server/route-policies.ts gathers the features' declarations; this module
// compiles them into the matchers the middlewares read. Nothing else matches request paths for these policies.

/** Where the response cache answers from memory, and which version the answer depends on. */
export type CacheKind = 'api' | 'page';

/** The methods a policy covers: reads (GET and HEAD), posts, or any. */
export type PolicyMethods = 'read' | 'post' | 'any';

/**
 * A feature's declaration for some of its routes. Paths are written as Hono writes routes, from the site's root:
 * `/api/datasets/:id/import`; `:name{regex}` constrains a segment; a trailing `/*` takes the path itself and anything
 * under it (`/api/geo/*`: `/api/geo` and `/api/geo/NUTS2`). A RegExp is for the two page-wide rules only.
 */
export interface RoutePolicy {
  /** As docs/api.md lists it, between its `daily-limit:counted` and `daily-limit:uncounted` markers. */
  doc: string;
  methods: PolicyMethods;
  paths: readonly (string | RegExp)[];
  /** Counted against the daily limit (decision 184). */
  counted: boolean;
  /** Why it is left out (uncounted declarations): said in docs/api.md. */
  why?: string;
  /** The response cache keeps anonymous GET answers of these paths (decision 090): by address and Accept. */
  cache?: 'api';
  /** Images drawn on request: counted per client address a minute and drawn one at a time (decision 064). */
  drawn?: true;
  /**
   * Public reads no cache keeps that may still come from a read replica (decision 218): what the response cache keeps
   * and what is drawn may anyway.
   */
  replica?: true;
}

/** Declarations of counted routes need no reason; uncounted ones say why. */
export function counted(
  doc: string,
  methods: PolicyMethods,
  paths: RoutePolicy['paths'],
  extra?: Partial<RoutePolicy>,
) {
  return { doc, methods, paths, counted: true, ...extra } satisfies RoutePolicy;
}

export function uncounted(
  doc: string,
  methods: PolicyMethods,
  paths: RoutePolicy['paths'],
  why: string,
  extra?: Partial<RoutePolicy>,
) {
  return { doc, methods, paths, counted: false, why, ...extra } satisfies RoutePolicy;
}

/** A path as Hono writes it, as the source of a regular expression that matches the whole path. */
export function pathSource(route: string): string {
  let tail = '';
  let p = route;
  if (p.endsWith('/*')) {
    p = p.slice(0, -2);
    tail = '(?:/.*)?';
  }
  const segments = p
    .split('/')
    .map((segment) => {
      const param = /^:[A-Za-z_]\w*(?:\{(.+)\})?(\??)$/.exec(segment);
      if (param) return param[1] ? `(?:${param[1]})` : '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return `${segments}${tail}`;
}

function regexOf(path: string | RegExp): RegExp {
  return typeof path === 'string' ? new RegExp(`^${pathSource(path)}$`) : path;
}

function methodsMatch(methods: PolicyMethods, method: string): boolean {
  if (methods === 'any') return true;
  if (methods === 'post') return method === 'POST';
  return method === 'GET' || method === 'HEAD';
}

export interface RoutePolicies {
  /** Every declaration, in the order gathered (docs/api.md lists them so). */
  all: readonly RoutePolicy[];
  /** The declaration a request falls under: the first uncounted one that matches, else the first counted one. */
  policyOf: (method: string, path: string) => RoutePolicy | null;
  /** Whether a request counts against the daily limit. */
  isCounted: (method: string, path: string) => boolean;
  /** Whether the response cache keeps the anonymous answer of a request, and by which version. */
  cacheKind: (method: string, path: string) => CacheKind | null;
  /** Whether a request draws an image (whatever its method: any request there is counted per address). */
  isDrawn: (path: string) => boolean;
  /**
   * Whether a request's reads may come from a read replica (DATABASE_READ_URL, decision 218): a GET or HEAD of what a
   * shared cache may keep anyway (the response cache's pages and data API), of an image drawn from public data, or of
   * a route declared `replica`.
   */
  readsReplica: (method: string, path: string) => boolean;
}

/**
 * The matchers of the features' declarations and of the pages anonymous visitors share (`pages`, in the same path
 * syntax: server/site/pages.ts reads them from the page routes). A page's loader data (`/datasets.data`) is kept with
 * its page; the site's root's is `/_root.data`, which is not.
 */
export function routePolicies(all: readonly RoutePolicy[], pages: readonly string[] = []): RoutePolicies {
  const compiled = all.map((policy) => ({ policy, patterns: policy.paths.map(regexOf) }));
  const uncountedFirst = [...compiled.filter((c) => !c.policy.counted), ...compiled.filter((c) => c.policy.counted)];
  const union = (sources: string[]) => (sources.length ? new RegExp(`^(?:${sources.join('|')})$`) : null);
  const apiCache = union(
    all.filter((p) => p.cache === 'api').flatMap((p) => p.paths.map((path) => regexOf(path).source.slice(1, -1))),
  );
  const pageCache = union(pages.map((page) => (page === '/' ? '/' : `${pathSource(page)}(?:\\.data)?`)));
  const drawn = union(
    all.filter((p) => p.drawn).flatMap((p) => p.paths.map((path) => regexOf(path).source.slice(1, -1))),
  );
  const replica = union(
    all.filter((p) => p.replica).flatMap((p) => p.paths.map((path) => regexOf(path).source.slice(1, -1))),
  );
  const trimmed = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

  function policyOf(method: string, path: string): RoutePolicy | null {
    const p = trimmed(path);
    for (const { policy, patterns } of uncountedFirst)
      if (methodsMatch(policy.methods, method) && patterns.some((r) => r.test(p))) return policy;
    return null;
  }
  const cacheKind = (method: string, path: string): CacheKind | null => {
    if (method !== 'GET') return null;
    const p = trimmed(path);
    if (apiCache?.test(p)) return 'api';
    if (pageCache?.test(p)) return 'page';
    return null;
  };
  const isDrawn = (path: string) => drawn?.test(trimmed(path)) ?? false;
  return {
    all,
    policyOf,
    isCounted: (method, path) => policyOf(method, path)?.counted ?? false,
    cacheKind,
    isDrawn,
    readsReplica: (method, path) =>
      (method === 'GET' || method === 'HEAD') &&
      (cacheKind('GET', path) !== null || isDrawn(path) || (replica?.test(trimmed(path)) ?? false)),
  };
}
