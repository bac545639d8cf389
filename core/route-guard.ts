// The route guard of the specification (§6) and the rule for return paths: pure, so server and browser agree.

/** Paths anyone may open; everything under `/app` needs a session. */
export const publicPaths = [
  '/',
  '/pricing',
  '/terms',
  '/privacy',
  '/auth',
  '/reset-password',
  '/confirm',
  '/check-email',
  '/accept-invite',
  '/account-deleted',
  '/datasets',
  '/datasets/:id',
] as const;

export interface GuardOptions {
  /** Where visitors without a session are sent. */
  loginPath: string;
  /** Paths that need a session (a path matches itself and everything below it). */
  include: string[];
  /** Paths left open even inside `include`. */
  exclude: string[];
  /** Whether the requested path is remembered for the return after sign-in. */
  rememberPath: boolean;
}

export const defaultGuardOptions: GuardOptions = {
  loginPath: '/auth',
  include: ['/app'],
  exclude: [],
  rememberPath: true,
};

/** The query parameter that carries the remembered path. */
export const nextParam = 'next';

export type GuardDecision = { action: 'allow' } | { action: 'redirect'; location: string };

/**
 * Decides a page visit. `/api/` is never guarded; a visit to a guarded path is let through without a session when
 * it is the return from OAuth (`code`) or e-mail confirmation (`from=confirm`, `verified=true`).
 */
export function guardDecision(
  url: URL,
  session: 'present' | 'absent' | 'error',
  options: GuardOptions = defaultGuardOptions,
): GuardDecision {
  const path = url.pathname;
  if (path.startsWith('/api/')) return { action: 'allow' };
  const guarded = options.include.some((p) => underPath(path, p)) && !options.exclude.some((p) => underPath(path, p));
  if (!guarded || session === 'present') return { action: 'allow' };
  const q = url.searchParams;
  if (q.has('code') || q.get('from') === 'confirm' || q.get('verified') === 'true') return { action: 'allow' };
  if (!options.rememberPath) return { action: 'redirect', location: options.loginPath };
  const login = new URL(options.loginPath, url);
  login.searchParams.set(nextParam, path + url.search);
  return { action: 'redirect', location: login.pathname + login.search };
}

function underPath(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
}

/**
 * The path to go to after sign-in, or null: only same-origin relative paths ("/app/chart?id=5"), never
 * "//evil.example", "/\\evil.example", "https://…" or "javascript:", so a link cannot send a user elsewhere.
 * The path is normalised first (dot segments, "%2e", backslashes) and the normalised form is what is checked and
 * returned: "/.//evil.example" normalises to "//evil.example", which a browser would read as another host.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (typeof next !== 'string' || next.length > maxNextLength) return null;
  // Browsers drop tabs and newlines from URLs, which can turn "/\t/evil" into "//evil"; NUL never belongs in a path.
  if ([...next].some((ch) => ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127)) return null;
  const normalised = normalisedPath(next);
  if (normalised === null || !isLocalPath(normalised)) return null;
  // Normalising again must change nothing, or a second reader (a browser, Better Auth) could still see another host.
  if (normalisedPath(normalised) !== normalised) return null;
  return normalised;
}

/** The longest return path kept; longer ones are dropped rather than carried through links and e-mails. */
export const maxNextLength = 2000;

const guardBase = 'http://guard.invalid';

function normalisedPath(path: string): string | null {
  if (!path.startsWith('/')) return null;
  let parsed: URL;
  try {
    parsed = new URL(path, guardBase);
  } catch {
    return null;
  }
  if (parsed.origin !== guardBase) return null;
  return parsed.pathname + parsed.search + parsed.hash;
}

/** One leading slash followed by anything but another slash or a backslash (raw or percent-encoded). */
function isLocalPath(path: string): boolean {
  return path.startsWith('/') && !/^\/(?:[/\\]|%2f|%5c)/i.test(path);
}
