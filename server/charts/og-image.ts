// /api/og-image?path=<page path>: the page's 1200x630 PNG sharing card (satori lays it out, resvg draws it, in a
// drawing thread: server/render/card-image.ts, decision 182).
import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { catalogueState, memoAt } from '../../db/catalogue-memo';
import type { ReadDb } from '../../db/client';
import { postsVersion } from '../../db/queries/blog';
import type { ApiEnv } from '../http/env';
import { clip, errorBody } from '../http/errors';
import { SURROGATE_KEY_HEADER, surrogateKeysOf } from '../http/response-cache/policy';
import { cardFor } from './og-content';
import type { OutlineStore } from '../geo/outline-store';
import { ClientGone, renderQueue, renderStats, stopIfGone } from '../http/middleware/work-limits';
import { renderPool } from '../render/pool';
import { uncounted } from '#server/http/route-policy';
import { TRACKING_NAMES, unknownNames } from '#core/selection';
import { datasetPageQueryProblem } from '#core/view';

/** Sharing cards are drawn images (decision 201). */
export const ogImagePolicies = [
  uncounted(
    'GET /api/og-image',
    'read',
    ['/api/og-image'],
    'images, not data files: 60 a minute per address (decision 064)',
    { drawn: true },
  ),
];

const CACHE_SECONDS = 3600;
const MAX_ENTRIES = 200;

const pathParam = z
  .string()
  .min(1)
  .max(1000)
  .refine((p) => p.startsWith('/') && !p.startsWith('//'), { message: 'must be a path on this site, starting with /' })
  .refine(decodable, { message: 'has a % that does not start an escape such as %20' });

/** Whether every % of a path starts a valid escape (cardFor decodes the segments). */
function decodable(path: string): boolean {
  try {
    decodeURIComponent(path.split('?')[0]!);
    return true;
  } catch {
    return false;
  }
}

/** `publicUrl`: the configured public address, whose host the cards show; never the request's Host (decision 183). */
export function ogImageApi(db: ReadDb, publicUrl: string, outlines: OutlineStore): OpenAPIHono<ApiEnv> {
  const app = new OpenAPIHono<ApiEnv>();
  const host = new URL(publicUrl).host;
  app.get('/og-image', async (c) => {
    const parsed = pathParam.safeParse(c.req.query('path') ?? '/');
    if (!parsed.success) {
      return c.json(
        errorBody('bad_parameter', `invalid path: "${clip(c.req.query('path'))}" (${parsed.error.issues[0]?.message})`),
        400,
      );
    }
    const key = parsed.data;
    // Strict as the page it draws (decision 205): its own name is `path`, and a dataset page's address reads the
    // page's names; a misspelt one is a 400 naming it, never the card of another view.
    const [unknown] = unknownNames(new URL(c.req.url).searchParams, ['path'], TRACKING_NAMES);
    const page = new URL(key, 'http://card.invalid');
    const refused =
      unknown?.message ??
      (/^\/datasets\/[^/]+\/?$/.test(page.pathname) ? datasetPageQueryProblem(page.searchParams) : null);
    if (refused) return c.json(errorBody('bad_parameter', refused), 400);
    // A card shows catalogue data or a post's title: it is redrawn when either changes.
    const version = `${(await catalogueState(db)).version}|${await postsVersion(db)}`;
    // Keyed by what the card shows, not by the path: the many paths that draw one card (unknown pages, reordered
    // queries) are drawn once, so unique paths cannot make unbounded work; drawn in a drawing thread behind the render
    // queue (decisions 064, 182).
    const card = await cardFor(db, key, outlines, c.req.raw.signal);
    let fresh = false;
    const cached = () =>
      memoAt(
        db,
        version,
        `og-card:${host} ${JSON.stringify(card)}`,
        () => {
          fresh = true;
          return renderQueue.run(c.req.raw.signal, () => renderPool.run({ kind: 'card', card, host }));
        },
        { limit: MAX_ENTRIES },
      );
    // A drawing started for another client who then left is abandoned: draw again for this one.
    const png = await cached().catch((error: unknown) => {
      if (error instanceof ClientGone && !c.req.raw.signal.aborted) return cached();
      throw error;
    });
    if (!fresh) renderStats.cached++;
    stopIfGone(c);
    c.header('Content-Type', 'image/png');
    c.header('Cache-Control', `public, max-age=${CACHE_SECONDS}`);
    // A proxy in front keeps it under its page's dataset and drops it with the dataset's release (decision 218).
    c.header(SURROGATE_KEY_HEADER, surrogateKeysOf(new URL(c.req.url)));
    return c.body(new Uint8Array(png));
  });
  return app;
}
