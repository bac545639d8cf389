// Server rendering (React Router's default node entry) with the request's CSP nonce on every script it writes:
// React's streaming scripts, React Router's hydration and data scripts, and through CspNonceContext the root's own.
import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import {
  isRouteErrorResponse,
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
} from 'react-router';
import { isDatabaseUnavailable } from '../core/unavailable';
import { CspNonceContext } from './csp-nonce';
import { embedRuntimeScript } from './charts';

export const streamTimeout = 5_000;

/**
 * Hashes of the fixed inline scripts pages carry without a nonce: the embed page's runtime. Computed from this build's
 * own text of the script, so the policy (server/http/middleware/security-headers.ts, via build.entry.module) always matches.
 */
export const inlineScriptHashes: readonly string[] = [
  `sha256-${createHash('sha256').update(embedRuntimeScript()).digest('base64')}`,
];

/**
 * A loader's or action's error: logged as React Router does, except when the database is away for a moment (a restart),
 * which the server answers 503 with Retry-After (server/app.ts reads the flag) and logs as one line. A request the
 * router refuses (a POST to a page without an action: 405; no such page: 404) is the client's business and its answer
 * says so: not logged. React Router's own cross-site refusal, behind ours (server/auth/origin-check.ts), is one line.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // The document request's message, or single fetch's plain "Bad Request" for the same refusal of an action.
  const csrf = error instanceof Error && /does not match `origin` header|^Bad Request$/.test(error.message);
  if (csrf && request.method !== 'GET') {
    console.warn(`Refused ${request.method} ${new URL(request.url).pathname}: its Origin is not this site`);
    return;
  }
  const failures = (context as { failures?: { databaseUnavailable: boolean } } | undefined)?.failures;
  if (failures && isDatabaseUnavailable(error)) {
    failures.databaseUnavailable = true;
    console.warn(`Database unavailable on ${new URL(request.url).pathname}: ${(error as Error).message.slice(0, 200)}`);
    return;
  }
  console.error(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = (loadContext as { cspNonce?: string } | undefined)?.cspNonce;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Bots and SPA mode wait for all content before the response starts.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <CspNonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </CspNonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html');
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors inside the shell are logged by React Router's document handler; later ones only here.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
