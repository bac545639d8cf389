// One error shape for the whole API: { error: { code, message } } with the right status.
import type { Context } from 'hono';
import { z } from 'zod';

export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 503,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export function errorBody(code: string, message: string): z.infer<typeof errorSchema> {
  return { error: { code, message } };
}

export function handleError(err: Error, c: Context): Response {
  if (err instanceof ApiError) return c.json(errorBody(err.code, err.message), err.status);
  console.error(`Unhandled error on ${c.req.method} ${c.req.path}:`, err);
  return c.json(errorBody('internal', 'An unexpected error occurred'), 500);
}
