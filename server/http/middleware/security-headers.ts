// Security headers on every response (issue 17, decision 060): a nonce-based CSP on pages, a closed one on everything
// else, no framing except embeds, nosniff, a strict referrer policy, HSTS when PUBLIC_URL is https.
import { randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { isEmbedRequest, pagePolicy, resourcePolicy } from '#core/csp';
import type { ApiEnv } from '../env';

export interface SecurityHeaderOptions {
  publicUrl: string;
  /** Hashes of fixed inline scripts the pages may carry (from the page build: the embed runtime). */
  scriptHashes?: () => readonly string[];
}

/** A year, with subdomains: the HSTS lifetime browsers' preload lists ask for. */
export const hstsValue = 'max-age=31536000; includeSubDomains';

const NONCE_BYTES = 16;
/** Random bytes drawn 4 KB at a time, each used for one nonce only. */
let noncePool = Buffer.alloc(0);
let nonceOffset = 0;

/**
 * A fresh CSP nonce (16 random bytes, base64): the page renderer puts it on every script it writes
 * (app/entry.server.tsx). The bytes come from the CSPRNG 256 nonces at a time: a draw per page answer was a tenth of the
 * process's busy time under load (bench/README.md), the same pooling node does for randomUUID.
 */
export function newNonce(): string {
  if (nonceOffset + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_BYTES * 256);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString('base64', nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

/** The headers every answer gets: a page's CSP names its nonce; embeds may be framed. */
export type SecurityHeaderPairs = (url: URL, isPage: boolean, nonce: string) => [string, string][];

/** The security headers of these options, for the middleware below and the response cache's hot path. */
export function securityHeaderPairs(opts: SecurityHeaderOptions): SecurityHeaderPairs {
  const https = new URL(opts.publicUrl).protocol === 'https:';
  return (url, isPage, nonce) => {
    const frameable = isEmbedRequest(url);
    const headers: [string, string][] = [
      [
        'Content-Security-Policy',
        isPage ? pagePolicy({ nonce, scriptHashes: opts.scriptHashes?.() ?? [], frameable }) : resourcePolicy,
      ],
      ['X-Content-Type-Options', 'nosniff'],
      ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ];
    if (!frameable) headers.push(['X-Frame-Options', 'DENY']);
    if (https) headers.push(['Strict-Transport-Security', hstsValue]);
    return headers;
  };
}

export function securityHeaders(opts: SecurityHeaderOptions): MiddlewareHandler<ApiEnv> {
  const pairs = securityHeaderPairs(opts);
  return async (c, next) => {
    const nonce = newNonce();
    c.set('cspNonce', nonce);
    await next();

    const isPage = (c.res.headers.get('content-type') ?? '').startsWith('text/html');
    const headers = pairs(new URL(c.req.url), isPage, nonce);
    try {
      for (const [name, value] of headers) c.res.headers.set(name, value);
    } catch {
      // A response with immutable headers (one passed through from fetch): copy it once.
      c.res = new Response(c.res.body, c.res);
      for (const [name, value] of headers) c.res.headers.set(name, value);
    }
  };
}
