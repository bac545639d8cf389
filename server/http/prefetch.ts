// A browser's prefetch of a page's loader data (`GET /….data` with `Sec-Purpose: prefetch`, or the older
// `Purpose: prefetch`): what React Router's `prefetch="intent"` links make on hover. The daily limit lets it through
// within the address's page allowance, so the response cache's hot path leaves it to the limit (decision 184).
const PREFETCH = /(^|[\s;,])prefetch\b/i;

export function isLoaderDataPrefetch(path: string, header: (name: string) => string | undefined): boolean {
  return path.endsWith('.data') && PREFETCH.test(header('sec-purpose') ?? header('purpose') ?? '');
}
