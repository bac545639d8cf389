// The features' declarations of their routes' policies (decision 201): which requests count against the daily limit,
// which the response cache keeps, which draw images; and the path syntax they are written in.
import { describe, expect, it } from 'vitest';
import { pathSource, routePolicies } from './http/route-policy';
import { allRoutePolicies, appRoutePolicies } from './route-policies';
import { cachedPagePaths } from './site/pages';

const { isCounted, cacheKind, isDrawn, policyOf, readsReplica } = appRoutePolicies();

describe('which requests count against the daily limit', () => {
  it('counts reading the data API: list, search, metadata, data, exports and data points', () => {
    for (const p of [
      // Exports of the same data: the workbench's table and a chart view's file (decision 184).
      '/api/workbench',
      '/api/charts/download',
      '/api/charts/download/',
      // A page's loader data, which React Router fetches on client navigations (decision 184).
      '/datasets/prc_hicp_manr.data',
      '/_root.data',
      '/api/datasets',
      '/api/datasets/',
      '/api/datasets/prc_hicp_manr',
      '/api/datasets/prc_hicp_manr/meta',
      '/api/datasets/42/data',
      '/api/datasets/data-point/7',
      '/api/sdmx/2.1/data/prc_hicp_manr/M.RCH_A.CP00.DE+FR',
    ]) {
      expect(isCounted('GET', p), p).toBe(true);
      expect(isCounted('HEAD', p), p).toBe(true);
    }
  });

  it('leaves out chart images, outlines, sharing cards, sitemaps, accounts, pages, other methods and look-alikes', () => {
    for (const p of [
      '/api/charts/download-png',
      '/api/charts/download-svg',
      '/api/charts/downloads',
      '/api/workbenchx',
      '/datasets/prc_hicp_manr.datax',
      '/api/geo/world',
      '/api/og-image',
      '/api/sitemap-datasets.xml',
      '/api/auth/get-session',
      '/api/account/current-plan',
      '/api/openapi.json',
      '/api/datasetsx',
      '/datasets/prc_hicp_manr',
      '/api/datasets/ai-discovery',
      '/api/datasets/structured-data-catalog',
      '/api/categories',
      '/api/public-datasets',
      '/api/account/api-keys',
    ]) {
      expect(isCounted('GET', p), p).toBe(false);
    }
    expect(isCounted('POST', '/api/datasets')).toBe(false);
    expect(isCounted('OPTIONS', '/api/datasets')).toBe(false);
  });
});

describe('the response cache', () => {
  it('keeps the data API, its SDMX paths, outlines and catalogue documents, never accounts or other methods', () => {
    for (const p of [
      '/api/datasets',
      '/api/datasets/prc_hicp_manr',
      '/api/sdmx/2.1/data/x/M',
      '/api/geo/world',
      '/api/categories',
    ])
      expect([p, cacheKind('GET', p)]).toEqual([p, 'api']);
    for (const p of ['/api/account/session', '/api/auth/get-session', '/app/settings', '/api/workbench', '/llms.txt'])
      expect([p, cacheKind('GET', p)]).toEqual([p, null]);
    expect(cacheKind('POST', '/api/datasets')).toBeNull();
    expect(cacheKind('HEAD', '/api/datasets')).toBeNull();
  });

  it('keeps the pages the page routes say are shared, with their loader data, and nothing else', () => {
    const build = {
      routes: {
        root: { id: 'root', path: '', module: {} },
        layout: { id: 'layout', parentId: 'root', module: {} },
        home: { id: 'home', parentId: 'layout', index: true, module: { handle: { anonymousCache: true } } },
        dataset: {
          id: 'dataset',
          parentId: 'layout',
          path: 'datasets/:id',
          module: { handle: { anonymousCache: true } },
        },
        contact: { id: 'contact', parentId: 'layout', path: 'contact', module: {} },
        app: { id: 'app', parentId: 'root', path: 'app', module: {} },
        chart: { id: 'chart', parentId: 'app', path: 'chart', module: { handle: {} } },
      },
    };
    const pages = cachedPagePaths(build as unknown as Parameters<typeof cachedPagePaths>[0]);
    expect(pages).toEqual(['/', '/datasets/:id']);
    const kind = routePolicies(allRoutePolicies, pages).cacheKind;
    expect(kind('GET', '/')).toBe('page');
    expect(kind('GET', '/datasets/une_rt_m')).toBe('page');
    expect(kind('GET', '/datasets/une_rt_m.data')).toBe('page');
    expect(kind('GET', '/datasets/une_rt_m/')).toBe('page');
    for (const p of ['/contact', '/app/chart', '/datasets/a/b', '/_root.data', '/datasets'])
      expect([p, kind('GET', p)]).toEqual([p, null]);
  });
});

describe('images', () => {
  it('draws chart images and sharing cards, nothing else', () => {
    expect(['/api/og-image', '/api/charts/download-png', '/api/charts/download-svg/'].map(isDrawn)).toEqual([
      true,
      true,
      true,
    ]);
    expect(['/api/charts/download', '/api/og-images', '/api/datasets'].map(isDrawn)).toEqual([false, false, false]);
  });
});

describe('reads from a read replica (decision 218)', () => {
  it('are the public reads: what a shared cache may keep, drawn images, and the routes marked replica', () => {
    for (const p of [
      '/api/datasets/une_rt_m/data',
      '/api/datasets',
      '/api/sdmx/2.1/data/une_rt_m/M..',
      '/api/statistics/1.0/data/une_rt_m',
      '/api/categories',
      '/api/og-image',
      '/api/charts/download-png',
      '/api/charts/download',
      '/api/workbench',
      '/api/sitemap.xml',
    ]) {
      expect([p, readsReplica('GET', p), readsReplica('HEAD', p)]).toEqual([p, true, true]);
    }
  });

  it('leave out writes, accounts, sign-in, the live channel, the admin and every other method', () => {
    for (const p of [
      '/api/auth/get-session',
      '/api/account/api-keys',
      '/api/live',
      '/api/notifications',
      '/api/health',
      '/app/admin/imports',
      '/api/datasets/une_rt_m/import',
    ]) {
      expect([p, readsReplica('GET', p)]).toEqual([p, p === '/api/datasets/une_rt_m/import']);
    }
    expect(readsReplica('POST', '/api/datasets')).toBe(false);
    expect(readsReplica('POST', '/api/og-image')).toBe(false);
  });
});

describe('the declarations', () => {
  it('says why each uncounted one is left out, and names each once', () => {
    for (const p of allRoutePolicies) expect([p.doc, p.counted || (p.why?.length ?? 0) > 0]).toEqual([p.doc, true]);
    const docs = allRoutePolicies.map((p) => p.doc);
    expect(new Set(docs).size).toBe(docs.length);
  });

  it('finds the uncounted declaration before a counted one that also matches', () => {
    expect(policyOf('GET', '/api/datasets/ai-discovery')?.counted).toBe(false);
    expect(policyOf('GET', '/api/datasets/une_rt_m/import')?.counted).toBe(false);
    expect(policyOf('GET', '/api/datasets/une_rt_m/data')?.counted).toBe(true);
  });
});

describe('the path syntax', () => {
  const matches = (route: string, path: string) => new RegExp(`^${pathSource(route)}$`).test(path);

  it('reads parameters, constrained parameters and a trailing wildcard as Hono writes them', () => {
    expect(matches('/api/datasets/:code/import', '/api/datasets/une_rt_m/import')).toBe(true);
    expect(matches('/api/datasets/:code/import', '/api/datasets/a/b/import')).toBe(false);
    expect(matches('/api/geo/*', '/api/geo')).toBe(true);
    expect(matches('/api/geo/*', '/api/geo/nuts/2')).toBe(true);
    expect(matches('/api/geo/*', '/api/geography')).toBe(false);
    expect(matches('/api/:name{sitemap[a-z-]*(\\.xml)?}', '/api/sitemap-blog.xml')).toBe(true);
    expect(matches('/api/:name{sitemap[a-z-]*(\\.xml)?}', '/api/sitemapx.json')).toBe(false);
    expect(matches('/builds/latest.json', '/builds/latestxjson')).toBe(false);
  });
});
