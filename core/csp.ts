// The Content Security Policy of the pages and the other security headers, and the nonce pages put on their scripts.

export interface PagePolicyOptions {
  nonce: string;
  /** Hashes ('sha256-…') of fixed inline scripts a page may carry without a nonce (the embed runtime). */
  scriptHashes?: readonly string[];
  /** Whether any site may frame the page (embeds); every other page may not be framed at all. */
  frameable: boolean;
}

/**
 * The policy of an HTML page: scripts only from this origin or inline with this request's nonce; styles may be
 * inline (React style attributes, the table chart's <style>); no plugins, no <base>, no framing except embeds.
 */
export function pagePolicy({ nonce, scriptHashes = [], frameable }: PagePolicyOptions): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${scriptHashes.map((h) => ` '${h}'`).join('')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    // Embeds name no frame-ancestors at all: '*' would still refuse some framing pages (about:, data:, file:).
    ...(frameable ? [] : ["frame-ancestors 'none'"]),
  ].join('; ');
}

/** Everything that is not a page (JSON, images, feeds): nothing may run or load, nothing may frame it. */
export const resourcePolicy = "default-src 'none'; frame-ancestors 'none'";

/** The embed page, the one page other sites may frame: /datasets/{id}?embed=true. */
export function isEmbedRequest(url: URL): boolean {
  return /^\/datasets\/[^/]+\/?$/.test(url.pathname) && url.searchParams.get('embed') === 'true';
}
