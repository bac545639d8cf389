// /builds/latest.json: the build the server runs, polled by open pages so they reload into a new release.
import { OpenAPIHono } from '@hono/zod-openapi';
import type { ServerBuild } from 'react-router';
import type { ApiEnv } from '../http/env';
import { errorBody } from '../http/errors';
import { uncounted } from '#server/http/route-policy';

/** The app asks which build is current (decision 201). */
export const buildsPolicies = [
  uncounted('GET /builds/latest.json', 'read', ['/builds/latest.json'], 'for the app itself'),
];

export interface BuildManifest {
  /** React Router's manifest version: changes with every build whose client assets differ. */
  version: string;
  /** When this server process started serving the build. */
  servingSince: string;
}

export function buildsApi(build: Pick<ServerBuild, 'assets'> | undefined): OpenAPIHono<ApiEnv> {
  const app = new OpenAPIHono<ApiEnv>();
  const servingSince = new Date().toISOString();
  app.get('/builds/latest.json', (c) => {
    c.header('Cache-Control', 'no-store');
    if (!build) return c.json(errorBody('not_found', 'this server serves no page build'), 404);
    const body: BuildManifest = { version: build.assets.version, servingSince };
    return c.json(body);
  });
  return app;
}
