// The page token on React Router's loader data requests, which it makes with the global fetch (decision 184).

/** The address a fetch asks for, whichever form it was given in. */
function addressOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/** The page's token (`<meta name="page-token">`), which our own requests send as `X-Page-Token`; null if none. */
export function pageToken(): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector<HTMLMetaElement>('meta[name="page-token"]')?.content ?? null;
}

/**
 * `fetch` that sends our page's token (`<meta name="page-token">`, as `X-Page-Token`) with every same-origin request
 * for a page's loader data (`/….data`): the daily limit counts loader data like the data API, and the token exempts
 * our own pages' navigations within the address's page allowance. Every other request goes out untouched. (The
 * chart widget sends the same token with its API fetches, app/charts/widget/widget-data.ts; this module stays free of
 * the chart engine so that the client entry does not load it.)
 */
export function withPageToken(base: typeof fetch): typeof fetch {
  return (input, init) => {
    const url = new URL(addressOf(input), document.baseURI);
    if (url.origin !== window.location.origin || !url.pathname.endsWith('.data')) return base(input, init);
    const token = pageToken();
    if (!token) return base(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set('X-Page-Token', token);
    return base(input, { ...init, headers });
  };
}
