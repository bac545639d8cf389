// Turns a rejected request body of the account and auth routes into our error shape, naming the field.
import type { Context } from 'hono';
import type { z } from 'zod';
import { errorBody } from '../http/errors';

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
