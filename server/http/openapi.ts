// The OpenAPI document's shared pieces: how a route declares an error answer, and the path parameter of a row's id.
import { z } from '@hono/zod-openapi';
import { errorSchema } from './errors';
import { uncounted } from '#server/http/route-policy';

/** The API's description (decision 201). */
export const openApiPolicies = [
  uncounted('GET /api/openapi.json', 'read', ['/api/openapi.json'], "the API's description"),
];

/** An error answer as a route declares it: the API's one error shape (errors.ts), with what it means there. */
export const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorSchema } },
});

/** `{id}` in a path: a row's serial id (a positive integer PostgreSQL's integer holds). */
export const idParam = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2_147_483_647)
    .openapi({ param: { name: 'id', in: 'path' }, type: 'integer' }),
});
