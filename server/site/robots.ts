// robots.txt, served at /api/robots (the specification's path) and at /robots.txt (where crawlers look).
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ApiEnv } from '../http/env';
import { uncounted } from '#server/http/route-policy';

/** For crawlers (decision 201). */
export const robotsPolicies = [
  uncounted('GET /api/robots, /robots.txt', 'read', ['/api/robots', '/robots.txt'], 'for crawlers'),
];

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    // The app area needs a session, and the auth pages have nothing to index.
    'Disallow: /app/',
    'Disallow: /auth',
    'Disallow: /confirm',
    'Disallow: /check-email',
    'Disallow: /reset-password',
    'Disallow: /onboarding',
    // The API is for programs; sitemaps and sharing cards are for crawlers.
    'Disallow: /api/',
    'Allow: /api/sitemap',
    'Allow: /api/og-image',
    'Allow: /api/robots',
    '',
    `Sitemap: ${origin}/api/sitemap.xml`,
    '',
  ].join('\n');
}

/** `publicUrl`: the configured public address (config.publicUrl), never the request's Host (decision 183). */
export function robotsApi(publicUrl: string): OpenAPIHono<ApiEnv> {
  const app = new OpenAPIHono<ApiEnv>();
  const body = robotsTxt(publicUrl.replace(/\/+$/, ''));
  const serve = (c: Context) => {
    c.header('Content-Type', 'text/plain; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(body);
  };
  app.get('/api/robots', serve);
  app.get('/robots.txt', serve);
  return app;
}
