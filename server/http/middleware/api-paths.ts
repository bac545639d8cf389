// API addresses typed in the browser: the specification's allowed paths work; any other is sent to /api-endpoint-error.
import type { MiddlewareHandler } from 'hono';
import type { ApiEnv } from '../env';

/**
 * The specification's "other in-app API paths allowed when typed as page routes" (§7), each matching itself and
 * everything below it, plus the paths a browser must be able to open for features to work: the OpenAPI document
 * linked from the API reference, and Better Auth's links and OAuth callbacks under /api/auth/ (docs/decisions/024).
 */
export const allowedApiPaths = [
  '/api/check-user-exists',
  '/api/stripe-webhook',
  '/api/sitemap',
  '/api/sitemap-blog',
  '/api/sitemap-static',
  '/api/sitemap-datasets',
  '/api/sitemap-statistics',
  '/api/sitemap-datasets-page',
  '/api/auth/confirm-email',
  '/api/auth/resend-verification',
  '/api/organizations/complete-invitation',
  '/api/organizations/accept-invitation',
  '/api/organizations/invite',
  '/api/organizations/members',
  '/api/categories',
  '/api/datasets',
  '/api/public-datasets',
  '/api/charts/download-png',
  '/api/charts/download',
  '/api/og-image',
  '/api/robots',
  // Additions (decision 024).
  '/api/openapi.json',
  '/api/auth',
  // SDMX-CSV downloads linked from the catalogue documents and /llms.txt (decision 072).
  '/api/sdmx',
  // The chart's SVG image, beside its PNG (issue 11).
  '/api/charts/download-svg',
  // The workbench's CSV and JSON downloads (decision 110).
  '/api/workbench',
  // The researcher's Markdown and HTML exports, downloaded from its page by a link (decision 147).
  '/api/researcher/reports',
] as const;

/** Whether a path may be opened in the browser. `.xml` is ignored, so /api/sitemap-blog.xml is /api/sitemap-blog. */
export function isAllowedApiPath(path: string): boolean {
  const p = path.replace(/\/+$/, '').replace(/\.xml$/, '');
  return allowedApiPaths.some((a) => p === a || p.startsWith(`${a}/`));
}

/** A page navigation (typed address, link, bookmark) rather than a script's request. */
export function isPageNavigation(headers: Headers): boolean {
  const mode = headers.get('sec-fetch-mode');
  if (mode) return mode === 'navigate';
  // Browsers without Fetch Metadata: a navigation asks for HTML first; API clients ask for JSON or anything.
  return /^\s*text\/html/i.test(headers.get('accept') ?? '');
}

export const API_ERROR_PAGE = '/api-endpoint-error';
export const ATTEMPTED_API_URL_KEY = 'attempted-api-url';

/**
 * A tiny page that keeps the attempted address in session storage and moves on to the API error page. Its script
 * carries the request's CSP nonce (decision 060): without it the page policy blocks it and the visitor stays here.
 */
export function apiRedirectHtml(nonce: string): string {
  const script = `try{sessionStorage.setItem(${JSON.stringify(ATTEMPTED_API_URL_KEY)},location.href)}catch(e){}location.replace(${JSON.stringify(API_ERROR_PAGE)})`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>API request limit exceeded or endpoint error</title><script nonce="${nonce}">${script}</script><noscript><meta http-equiv="refresh" content="0;url=${API_ERROR_PAGE}"></noscript></head><body><p>This address belongs to the data API. <a href="${API_ERROR_PAGE}">Continue to the explanation</a>.</p></body></html>`;
}

/** Runs before the API sub-apps: page navigations to paths outside the list get the redirect page; API clients pass. */
export function apiNavigationGuard(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (c.req.method !== 'GET' || isAllowedApiPath(c.req.path) || !isPageNavigation(c.req.raw.headers)) return next();
    c.header('Cache-Control', 'no-store');
    return c.html(apiRedirectHtml(c.get('cspNonce')), 404);
  };
}
