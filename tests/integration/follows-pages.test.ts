// The dashboard and chart page rendered on the server for a signed-in user (route modules under React Router's
// static handler, the load context server/app.ts builds): live cards with the followed view, latest value, period
// and change; suggestions when empty; the chart page restoring the saved view; nothing of another account's.
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  useLoaderData,
  type RouteObject,
} from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSession } from '../../core/schemas/account';
import type { Database } from '../../db/client';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createFollow, getFollow, markFollowsSeen, reorderFollows } from '../../db/queries/follows';
import { importFile } from '../../server/import/runner';
import { renderDocument } from './page-document';
import { datasets, users } from '../../db/schema';
import { outlineStore } from '../../server/geo/outline-store';
import * as chart from '../../app/routes/app/chart';
import * as dashboard from '../../app/routes/app/dashboard';
import * as appIndex from '../../app/routes/app/index';
import { databaseWithGeos, mirror } from '../setup/database';

const outlines = outlineStore(mirror);

function fromModule(path: string, mod: { loader?: unknown; default?: ComponentType<any> }, index = false) {
  const Page = mod.default!;
  const route = {
    id: path || 'index',
    loader: mod.loader as RouteObject['loader'],
    Component: function RoutePage() {
      return createElement(Page, { loaderData: useLoaderData() });
    },
  };
  return (index ? { ...route, index: true } : { ...route, path }) as RouteObject;
}

const handler = createStaticHandler([
  {
    id: 'app',
    path: '/app',
    // The app layout's boundary: a bad id is the page's status, not a logged error.
    ErrorBoundary: () => null,
    children: [fromModule('', appIndex, true), fromModule('dashboard', dashboard), fromModule('chart', chart)],
  },
]);

let database: Database;
const ids: Record<string, number> = {};

function sessionOf(id: string, name: string): AccountSession {
  const user = {
    id,
    email: `${id}@example.org`,
    name,
    emailVerified: true,
    image: null,
    twoFactorEnabled: false,
    onboarded: true,
    interests: [],
    createdAt: new Date().toISOString(),
  };
  return { user, session: { id: `session-${id}`, expiresAt: new Date(Date.now() + 3_600_000).toISOString() } };
}

/** The page as the server renders it for `userId`'s session. */
async function render(
  userId: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; html: string; location?: string }> {
  const context = await handler.query(new Request(`http://localhost:3000${path}`, { headers }), {
    requestContext: {
      db: database.db,
      outlines,
      siteUrl: 'http://localhost:3000',
      auth: { session: sessionOf(userId, userId), sessionError: false, providers: { google: false, microsoft: false } },
    } as never,
  });
  if (context instanceof Response)
    return { status: context.status, html: '', location: context.headers.get('Location') ?? undefined };
  const router = createStaticRouter(handler.dataRoutes, context);
  return {
    status: context.statusCode,
    html: renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false })),
  };
}

const text = (html: string) =>
  html
    .replace(/<svg[\s\S]*?<\/svg>/g, '')
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

beforeAll(async () => {
  database = await databaseWithGeos(
    'eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv',
    'eurostat/tec00118/estat_tec00118.tsv',
  );
  for (const row of await database.db.select({ id: datasets.id, code: datasets.code }).from(datasets))
    ids[row.code] = row.id;
  for (const id of ['ann', 'ben', 'cat'])
    await database.db.insert(users).values({ id, name: id, email: `${id}@example.org`, emailVerified: true });
});
afterAll(() => database.close());

describe('the dashboard', () => {
  it('suggests popular charts when nothing is followed, at /app as at /app/dashboard', async () => {
    for (const path of ['/app', '/app/dashboard']) {
      const page = await render('cat', path);
      expect(page.status).toBe(200);
      expect(text(page.html)).toContain('You are not following any charts yet.');
      expect(page.html).toContain('aria-label="Follow HICP');
      expect(page.html).toMatch(/data-card-value[^>]*>\d/);
    }
  });

  it('shows each followed chart as a live card in its saved view, and none of another account’s', async () => {
    await createFollow(database.db, {
      userId: 'ann',
      datasetId: ids.prc_hicp_manr!,
      settings: {
        chart_type: 'map',
        map_transform: { x: -100, y: -40, scale: 1.728, reference_width: 360, reference_height: 200 },
        title: 'Prices in Europe',
        note: 'For the Monday meeting',
      },
    });
    await createFollow(database.db, {
      userId: 'ann',
      datasetId: ids.tec00118!,
      settings: { chart_type: 'line', countries: ['DE', 'FR'] },
    });
    const page = await render('ann', '/app/dashboard');
    expect(page.status).toBe(200);
    const cards = [...page.html.matchAll(/<li[^>]*data-follow-card="(\d+)"[^>]*data-chart-type="([a-z-]+)"/g)];
    expect(cards.map((c) => c[2]).sort()).toEqual(['line', 'map']);
    const plain = text(page.html);
    expect(plain).toContain('Prices in Europe');
    expect(plain).toContain('For the Monday meeting');
    // The map card is a map in both themes, whole: the zoom made on the wide chart page stays there.
    expect(page.html.match(/class="map-zoom" transform="translate\(0,0\) scale\(1\)"/g)).toHaveLength(2);
    // tec00118 follows Germany: its latest annual value, the year, and the change on the year before.
    expect(plain).toMatch(/Germany, 20\d\d [\d.]+ [▲▼] [+-][\d.]+ on 20\d\d/);
    // The map image's tooltip texts are for the embed's script: a card has none.
    expect(page.html).not.toContain('data-map-values');

    const other = await render('ben', '/app/dashboard');
    expect(text(other.html)).toContain('You are not following any charts yet.');
    expect(other.html).not.toContain('Prices in Europe');
  });

  it('lists by newest data, or in the user’s own order once ordered by hand', async () => {
    const titles = (html: string) => [...html.matchAll(/<h3[^>]*><a[^>]*>([^<]+)</g)].map((m) => m[1]);
    const mine = await render('ann', '/app/dashboard?order=mine');
    const follows = titles(mine.html);
    expect(follows).toHaveLength(2);
    const rows = await database.db.query.follows.findMany({ where: (f, { eq: is }) => is(f.userId, 'ann') });
    const [first, second] = [...rows].sort((a, b) => a.id - b.id);
    await reorderFollows(database.db, 'ann', [second!.id, first!.id]);
    const ordered = titles((await render('ann', '/app/dashboard')).html);
    expect(ordered[0]).not.toBe('Prices in Europe');
    expect(ordered[1]).toBe('Prices in Europe');
    await reorderFollows(database.db, 'ann', [first!.id, second!.id]);
    expect(titles((await render('ann', '/app/dashboard')).html)[0]).toBe('Prices in Europe');
  });
});

describe('the chart page', () => {
  it('opens the followed chart with its saved view and records the visit', async () => {
    const page = await render('ann', `/app/chart?id=${ids.prc_hicp_manr}`);
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/data-chart-widget[^>]*data-chart-type="map"/);
    expect(page.html).toContain('value="Prices in Europe"');
    expect(page.html).toContain('aria-label="Following"');
    expect(text(page.html)).toContain('For the Monday meeting');
    const follow = (await database.db.query.follows.findFirst({
      where: (f, { and, eq: is }) => and(is(f.userId, 'ann'), is(f.datasetId, ids.prc_hicp_manr!)),
    }))!;
    expect((await getFollow(database.db, 'ann', follow.id))!.lastSeenAt).not.toBeNull();
  });

  it('shows another account the chart with a Follow button, not the follower’s view', async () => {
    const page = await render('ben', `/app/chart?id=${ids.prc_hicp_manr}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('aria-label="Follow"');
    expect(page.html).not.toContain('Prices in Europe');
    expect(page.html).not.toContain('For the Monday meeting');
    expect(page.html).not.toMatch(/data-chart-widget[^>]*data-chart-type="map"/);
  });

  it('takes the public page’s view before a first follow, and answers 400 and 404 for bad ids', async () => {
    const page = await render('ben', `/app/chart?id=tec00118&chart_type=table&country[]=DE`);
    expect(page.html).toMatch(/data-chart-widget[^>]*data-chart-type="table"/);
    expect((await render('ben', '/app/chart')).status).toBe(400);
    expect((await render('ben', '/app/chart?id=no_such_set')).status).toBe(404);
  });
});

describe('what changed since the last visit', () => {
  it('names the new periods and revised values of the followed series on its card, until the chart is opened', async () => {
    const follow = (await database.db.query.follows.findFirst({
      where: (f, { and, eq: is }) => and(is(f.userId, 'ann'), is(f.datasetId, ids.tec00118!)),
    }))!;
    await markFollowsSeen(database.db, 'ann', new Date(), ids.tec00118!);
    const changesOf = (html: string) =>
      [...html.matchAll(/data-card-changes[^>]*>([^<]*)</g)].map((m) => m[1]!.replace(/&#x27;/g, "'"));
    expect(changesOf((await render('ann', '/app/dashboard')).html)).toEqual([]);
    // A newer vintage: Germany's 2023 rate revised from 6.0 to 5.9, and a first value for 2025.
    const original = await readFile(path.join(mirror, 'eurostat/tec00118/estat_tec00118.tsv'), 'utf8');
    const newer = original
      .split('\n')
      .map((line, i) => {
        if (line.trim() === '') return line;
        if (i === 0) return `${line.trimEnd()}\t2025 `;
        const cells = line.trimEnd().split('\t');
        if (cells[0] === 'A,RCH_A_AVG,CP00,DE') return [...cells.slice(0, -2), '5.9 ', cells.at(-1), '2.1 '].join('\t');
        return `${line.trimEnd()}\t: `;
      })
      .join('\n');
    const run = await importFile(database.db, { fileName: 'estat_tec00118.tsv', bytes: Buffer.from(newer) });
    expect(run).toMatchObject({ code: 'tec00118', added: 1, changed: 1 });

    const page = await render('ann', '/app/dashboard');
    expect(changesOf(page.html)).toEqual(['New since your last visit: 2025 · 1 revision (2023 6 → 5.9)']);
    expect(page.html).toMatch(new RegExp(`data-follow-card="${follow.id}"[\\s\\S]*?data-card-changes`));
    // A follow made after the import starts with nothing new.
    await createFollow(database.db, { userId: 'ben', datasetId: ids.tec00118!, settings: { countries: ['DE'] } });
    expect(changesOf((await render('ben', '/app/dashboard')).html)).toEqual([]);

    // Opening the chart is the visit: the card no longer names the change.
    expect((await render('ann', `/app/chart?id=${ids.tec00118}`)).status).toBe(200);
    expect(changesOf((await render('ann', '/app/dashboard')).html)).toEqual([]);
  });
});

describe('following from the public dataset page', () => {
  it('shows a follower "Following" on the dataset page, and anonymous visitors the same page as ever', async () => {
    const mine = await renderDocument(database.db, '/datasets/prc_hicp_manr', sessionOf('ann', 'ann'));
    expect(mine.status).toBe(200);
    expect(mine.html).toContain('aria-label="Following"');
    expect(mine.html).toContain('aria-pressed="true"');
    const notMine = await renderDocument(database.db, '/datasets/prc_hicp_manr', sessionOf('cat', 'cat'));
    expect(notMine.html).toContain('aria-label="Follow"');
    expect(notMine.html).toContain('aria-pressed="false"');
    // The cached anonymous page knows of no follow: the same for every visitor.
    const anonymous = await renderDocument(database.db, '/datasets/prc_hicp_manr');
    expect(anonymous.html).toContain('aria-label="Follow"');
    expect(anonymous.html).not.toContain('aria-pressed');
  });

  it('follows with the view the visitor was looking at when they come back from signing in', async () => {
    const view = 'chart_type=line&country[]=DE&country[]=FR&time_start=2019';
    const back = await render('cat', `/app/chart?id=${ids.tec00118}&follow=1&${view}`, {
      'sec-fetch-site': 'same-origin',
    });
    expect(back.status).toBe(302);
    expect(back.location).toBe(`/app/chart?id=${ids.tec00118}&${view}`);
    const follow = (await database.db.query.follows.findFirst({
      where: (f, { and, eq: is }) => and(is(f.userId, 'cat'), is(f.datasetId, ids.tec00118!)),
    }))!;
    expect(follow.settings).toMatchObject({ chart_type: 'line', countries: ['DE', 'FR'], time_start: '2019' });
    const page = await render('cat', back.location!);
    expect(page.html).toContain('aria-label="Following"');
    expect(page.html).toMatch(/data-chart-widget[^>]*data-chart-type="line"/);
  });

  it('does not follow for a link from another site: the page shows the Follow button', async () => {
    const back = await render('cat', `/app/chart?id=${ids.prc_hicp_manr}&follow=1&chart_type=table`, {
      'sec-fetch-site': 'cross-site',
    });
    expect(back.status).toBe(302);
    expect(back.location).toBe(`/app/chart?id=${ids.prc_hicp_manr}&chart_type=table`);
    const follows = await database.db.query.follows.findMany({
      where: (f, { and, eq: is }) => and(is(f.userId, 'cat'), is(f.datasetId, ids.prc_hicp_manr!)),
    });
    expect(follows).toEqual([]);
  });
});
