// One error shape for the whole API: { error: { code, message } } with the right status.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import { isDatabaseUnavailable, unavailableRetryAfter } from '../../core/unavailable';

export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503,
    readonly code: string,
    message: string,
    /** Headers the answer carries, e.g. Retry-After on a 503. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Not an error: the answer is being prepared (a dataset imported on demand, decision 188). Answered 202 with its
 * body and a Retry-After, so a client asks again then.
 */
export class Pending extends Error {
  constructor(
    readonly body: Record<string, unknown>,
    readonly retryAfterSeconds: number,
  ) {
    super('pending');
    this.name = 'Pending';
  }
}

export const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export function errorBody(code: string, message: string): z.infer<typeof errorSchema> {
  return { error: { code, message } };
}

/** The longest piece of a request (a path, a value) that goes into a log line or an error message. */
export const maxLoggedChars = 200;

/** Cuts a value for a log line or a message, saying how long it was: input never makes a log line unbounded. */
export function clip(value: unknown, max = maxLoggedChars): string {
  const text = typeof value === 'string' ? value : String(value);
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;
}

/**
 * PostgreSQL's "data exception" class (22xxx: a NUL byte, a number out of range, text that is no number): the
 * request carried a value the database cannot hold. Edge checks (request-guard.ts) stop these first; this is the net.
 */
function isDataException(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The 503 answer's message while the database is away (a restart, a dropped connection). */
export const unavailableMessage = 'The service is briefly unavailable; please try again in a few seconds.';

export function handleError(err: Error, c: Context): Response {
  if (err instanceof Pending) {
    c.header('Retry-After', String(err.retryAfterSeconds));
    c.header('Cache-Control', 'no-store');
    return c.json(err.body, 202);
  }
  if (err instanceof ApiError) {
    for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
    return c.json(errorBody(err.code, err.message), err.status);
  }
  // Hono's own validators (a body that is not JSON, a form that cannot be parsed) throw these.
  if (err instanceof HTTPException && err.status < 500) {
    const status = err.status as 400 | 413 | 415;
    const code = status === 413 ? 'too_large' : status === 415 ? 'unsupported_media_type' : 'bad_request';
    return c.json(errorBody(code, err.message || 'The request could not be read.'), status);
  }
  if (err instanceof URIError || isDataException(err)) {
    return c.json(errorBody('bad_request', 'A parameter holds a value this server cannot read.'), 400);
  }
  if (isDatabaseUnavailable(err)) {
    // PostgreSQL restarting or a dropped connection: the pool reconnects by itself, the client should try again.
    console.warn(`Database unavailable on ${c.req.method} ${clip(c.req.path)}: ${clip(err.message)}`);
    c.header('Retry-After', String(unavailableRetryAfter));
    return c.json(errorBody('unavailable', unavailableMessage), 503);
  }
  console.error(`Unhandled error on ${c.req.method} ${clip(c.req.path)}:`, clip(err.stack ?? err.message, 4000));
  return c.json(errorBody('internal', 'An unexpected error occurred'), 500);
}

/** Turns a rejected request (body or query) into the one error shape, naming the field: every API's defaultHook. */
export function bodyValidationHook(
  result: { success: true } | { success: false; error: z.ZodError },
  c: Context,
): Response | undefined {
  if (result.success) return undefined;
  const message = result.error.issues
    .map((i) => (i.path.length > 0 ? `invalid ${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
  return c.json(errorBody('bad_request', message), 400);
}
