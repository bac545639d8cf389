// The dashboard and chart page rendered on the server for a signed-in user (route modules under React Router's
// static handler, the load context server/app.ts builds): live cards with the followed view, its key, the latest value
// of a series it draws, period and change; suggestions when empty; the chart page restoring the saved view of one
// follow; several followed views of one dataset, "Following" only on the followed one (decision 198); nothing of
// another account's.
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
import type { DatasetMeta } from '../../core/schemas/dataset';
import type { Database } from '../../db/client';
import { findDataset, getDatasetMeta } from '../../db/queries/datasets';
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
const metas: Record<string, DatasetMeta> = {};

function sessionOf(id: string, name: string, nameGiven = true): AccountSession {
  const user = {
    id,
    email: `${id}@example.org`,
    name,
    nameGiven,
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
  session: AccountSession = sessionOf(userId, userId),
): Promise<{ status: number; html: string; location?: string }> {
  const context = await handler.query(new Request(`http://localhost:3000${path}`, { headers }), {
    requestContext: {
      db: database.db,
      outlines,
      siteUrl: 'http://localhost:3000',
      auth: { session, sessionError: false, providers: { google: false, microsoft: false } },
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
  for (const row of await database.db.select({ id: datasets.id, code: datasets.code }).from(datasets)) {
    ids[row.code] = row.id;
    metas[row.code] = await getDatasetMeta(database.db, (await findDataset(database.db, row.code))!);
  }
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
    await createFollow(database.db, metas.prc_hicp_manr!, {
      userId: 'ann',
      settings: {
        chart_type: 'map',
        map_transform: { x: -100, y: -40, scale: 1.728, reference_width: 360, reference_height: 200 },
        title: 'Prices in Europe',
        note: 'For the Monday meeting',
      },
    });
    await createFollow(database.db, metas.tec00118!, {
      userId: 'ann',
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
    // tec00118 follows Germany and France: Germany's latest annual value, the year, and the change on the year before,
    // in neutral colours (a fall is not "good" or "bad" for every indicator, issue 41).
    expect(plain).toMatch(/Germany, 20\d\d [\d.]+ [▲▼] [+-][\d.]+ on 20\d\d/);
    const changes = [...page.html.matchAll(/<span class="([^"]*)" data-card-change/g)].map((m) => m[1]);
    expect(changes.length).toBeGreaterThan(0);
    for (const classes of changes) expect(classes).not.toMatch(/emerald|rose|red|green/);
    // The line card draws two series: its key names both (direct labels or a legend); the one-series map has none.
    const lineCard = page.html.slice(page.html.search(/data-chart-type="line"/));
    const lineSvg = lineCard.slice(lineCard.indexOf('data-card-chart'), lineCard.indexOf('</svg>'));
    expect(lineSvg).toMatch(/>Germany</);
    expect(lineSvg).toMatch(/>France</);
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
    const mapFollow = (await database.db.query.follows.findFirst({
      where: (f, { and, eq: is }) => and(is(f.userId, 'ann'), is(f.datasetId, ids.prc_hicp_manr!)),
    }))!;
    const page = await render('ann', `/app/chart?id=${ids.prc_hicp_manr}&follow_id=${mapFollow.id}`);
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
    const annFollow = (await database.db.query.follows.findFirst({
      where: (f, { and, eq: is }) => and(is(f.userId, 'ann'), is(f.datasetId, ids.prc_hicp_manr!)),
    }))!;
    const page = await render('ben', `/app/chart?id=${ids.prc_hicp_manr}&follow_id=${annFollow.id}`);
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
    // A misspelt name is refused and named, as on the public page (decision 205); a shared link's tracking is not.
    expect((await render('ben', '/app/chart?id=tec00118&countyr=DE')).status).toBe(400);
    expect((await render('ben', '/app/chart?id=tec00118&utm_source=newsletter')).status).toBe(200);
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
    await createFollow(database.db, metas.tec00118!, { userId: 'ben', settings: { countries: ['DE'] } });
    expect(changesOf((await render('ben', '/app/dashboard')).html)).toEqual([]);

    // Opening the chart is the visit: the card no longer names the change.
    expect((await render('ann', `/app/chart?id=${ids.tec00118}&follow_id=${follow.id}`)).status).toBe(200);
    expect(changesOf((await render('ann', '/app/dashboard')).html)).toEqual([]);
  });
});

describe('following from the public dataset page', () => {
  it('shows a follower "Following" on the followed view only, and anonymous visitors the same page as ever', async () => {
    const following = /aria-label="Following" aria-pressed="true"/;
    const follow = /aria-label="Follow" aria-pressed="false"/;
    // ann follows prc_hicp_manr's map of its default places.
    const mine = await renderDocument(database.db, '/datasets/prc_hicp_manr?chart_type=map', sessionOf('ann', 'ann'));
    expect(mine.status).toBe(200);
    expect(mine.html).toMatch(following);
    // Another view of the same dataset (other places, another type) is not the followed one.
    for (const view of ['chart_type=map&country[]=ES&country[]=IT', 'chart_type=table']) {
      const other = await renderDocument(database.db, `/datasets/prc_hicp_manr?${view}`, sessionOf('ann', 'ann'));
      expect(other.html, view).toMatch(follow);
    }
    const notMine = await renderDocument(
      database.db,
      '/datasets/prc_hicp_manr?chart_type=map',
      sessionOf('cat', 'cat'),
    );
    expect(notMine.html).toMatch(follow);
    // The cached anonymous page knows of no follow: the same for every visitor.
    const anonymous = await renderDocument(database.db, '/datasets/prc_hicp_manr?chart_type=map');
    expect(anonymous.html).toContain('aria-label="Follow"');
    expect(anonymous.html).not.toMatch(/aria-label="Follow(ing)?" aria-pressed/);
  });

  it('follows the view of the Follow click once, opens that follow, and keeps several views of one dataset', async () => {
    const follows = () =>
      database.db.query.follows.findMany({
        where: (f, { and, eq: is }) => and(is(f.userId, 'cat'), is(f.datasetId, ids.tec00118!)),
        orderBy: (f, { asc }) => [asc(f.id)],
      });
    const ours = { 'sec-fetch-site': 'same-origin' };
    const view = 'chart_type=line&country[]=DE&country[]=FR&time_start=2019';
    const back = await render('cat', `/app/chart?id=${ids.tec00118}&follow=1&${view}`, ours);
    expect(back.status).toBe(302);
    const [first] = await follows();
    expect(first!.settings).toMatchObject({ chart_type: 'line', countries: ['DE', 'FR'], time_start: '2019' });
    expect(back.location).toBe(`/app/chart?id=${ids.tec00118}&follow_id=${first!.id}`);
    const page = await render('cat', back.location!);
    expect(page.html).toContain('aria-label="Following"');
    expect(page.html).toMatch(/data-chart-widget[^>]*data-chart-type="line"/);
    // The chart page at the followed view's own address knows it too; another view's does not.
    expect((await render('cat', `/app/chart?id=${ids.tec00118}&${view}`)).html).toContain('aria-label="Following"');
    const spainItaly = 'chart_type=line&country[]=ES&country[]=IT';
    expect((await render('cat', `/app/chart?id=${ids.tec00118}&${spainItaly}`)).html).toContain('aria-label="Follow"');

    // The same view again (places in another order, another range) is the same follow: nothing new, nothing changed.
    const again = await render(
      'cat',
      `/app/chart?id=${ids.tec00118}&follow=1&chart_type=line&country[]=FR&country[]=DE&time_start=2021`,
      ours,
    );
    expect(again.location).toBe(`/app/chart?id=${ids.tec00118}&follow_id=${first!.id}`);
    expect(await follows()).toHaveLength(1);
    expect((await follows())[0]!.settings).toMatchObject({ time_start: '2019' });
    // Another view of the same dataset is a second follow; both are on the dashboard.
    const second = await render('cat', `/app/chart?id=${ids.tec00118}&follow=1&${spainItaly}`, ours);
    const both = await follows();
    expect(both).toHaveLength(2);
    expect(second.location).toBe(`/app/chart?id=${ids.tec00118}&follow_id=${both[1]!.id}`);
    const dashboard = await render('cat', '/app/dashboard');
    for (const f of both) expect(dashboard.html).toContain(`data-follow-card="${f.id}"`);
    expect(dashboard.html).toContain(`href="/app/chart?id=${ids.tec00118}&amp;follow_id=${both[1]!.id}"`);
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

describe('greeting the user (issue 41)', () => {
  it('welcomes with the name the person gave, else their e-mail address, never the random full_name', async () => {
    const welcome = async (session: AccountSession) =>
      text((await render(session.user.id, '/app/dashboard', {}, session)).html).match(/Welcome, (\S+)/)?.[1];
    await expect(welcome(sessionOf('ben', 'Ben', true))).resolves.toBe('Ben');
    await expect(welcome(sessionOf('ben', 'User_HXVJMT', false))).resolves.toBe('ben@example.org');
  });
});
