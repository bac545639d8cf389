// Composes the HTTP app: /api sub-apps, the OpenAPI document, static assets, and React Router SSR as fallback.
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { OpenAPIHono } from '@hono/zod-openapi';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { Db } from '../db/client';
import { datasetsApi } from './api/datasets';
import type { ApiEnv } from './api/env';
import { errorBody, handleError } from './api/errors';

export interface AppOptions {
  db: Db;
  /** The React Router server build; without it only the API is served (integration tests). */
  build?: ServerBuild;
  /** Folder of the client build (hashed assets). */
  clientDir?: string;
  mode?: 'production' | 'development';
}

export function createApp(opts: AppOptions): OpenAPIHono<ApiEnv> {
  const app = new OpenAPIHono<ApiEnv>();
  app.onError(handleError);

  app.use('/api/*', async (c, next) => {
    c.set('db', opts.db);
    await next();
  });
  app.route('/api', datasetsApi());
  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Statistics publisher API',
      version: '1.0.0',
      description:
        'Official statistics (Eurostat) with every value and flag as published. Periods are written YYYY, Q{n}/YYYY or M/YYYY.',
    },
  });
  app.all('/api/*', (c) => c.json(errorBody('not_found', `no API endpoint ${c.req.method} ${c.req.path}`), 404));

  if (opts.clientDir) {
    const root = path.relative(process.cwd(), opts.clientDir);
    app.use(
      '/assets/*',
      serveStatic({
        root,
        onFound: (_path, c) => {
          c.header('Cache-Control', 'public, max-age=31536000, immutable');
        },
      }),
    );
    app.use('*', serveStatic({ root }));
  }
  if (opts.build) {
    const handle = createRequestHandler(opts.build, opts.mode ?? 'production');
    app.all('*', (c) => handle(c.req.raw, { db: opts.db }));
  }
  return app;
}
