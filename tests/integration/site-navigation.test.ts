// API addresses typed in the browser, stored redirects of moved pages, and the build manifest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteRedirect, saveRedirect } from '../../db/queries/site';
import { checkRedirect } from '../../app/root.server';
import { buildsApi } from '../../server/site/builds';
import { navigation, startSite, type SiteHarness } from './site-harness';

let site: SiteHarness;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

describe('API paths typed in the browser', () => {
  it('sends an unknown API path to /api-endpoint-error, keeping the address in session storage', async () => {
    const res = await site.app.request('/api/no-such-thing?x=1', { headers: navigation });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain(`sessionStorage.setItem("attempted-api-url",location.href)`);
    expect(html).toContain(`location.replace("/api-endpoint-error")`);
    expect(html).toContain('<meta http-equiv="refresh" content="0;url=/api-endpoint-error">');
  });

  it('sends an existing endpoint that is not on the allowed list there too', async () => {
    const res = await site.app.request('/api/account/current-plan', { headers: navigation });
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('lets the allowed paths answer as usual', async () => {
    for (const path of [
      '/api/datasets',
      '/api/robots',
      '/api/sitemap.xml',
      '/api/sitemap-static.xml',
      '/api/openapi.json',
      '/api/categories',
      '/api/public-datasets',
    ]) {
      const res = await site.app.request(path, { headers: navigation });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).not.toMatch(/^text\/html/);
    }
    // An allowed path asked without its parameters: the endpoint's own JSON error, not the redirect page.
    const members = await site.app.request('/api/organizations/members', { headers: navigation });
    expect(members.status).toBe(400);
    expect(members.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('keeps answering JSON errors to API clients', async () => {
    const res = await site.app.request('/api/no-such-thing', { headers: { Accept: 'application/json' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: { code: 'not_found', message: 'no API endpoint GET /api/no-such-thing' },
    });
    const fetchMode = await site.app.request('/api/no-such-thing', {
      headers: { Accept: 'text/html', 'Sec-Fetch-Mode': 'cors' },
    });
    expect(fetchMode.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('redirects of moved pages', () => {
  it('answers an old path with the stored redirect, keeping the query', async () => {
    await saveRedirect(site.database.db, { fromPath: '/inflation', target: '/datasets/prc_hicp_manr', status: 301 });
    const res = await site.app.request('/inflation/?country=DE', { headers: navigation });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/datasets/prc_hicp_manr?country=DE');
  });

  it('sends a path to an external address with a temporary status', async () => {
    await saveRedirect(site.database.db, {
      fromPath: '/eurostat',
      target: 'https://ec.europa.eu/eurostat/web/main/data/database',
      status: 302,
    });
    const res = await site.app.request('/eurostat', { method: 'HEAD' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://ec.europa.eu/eurostat/web/main/data/database');
  });

  it('leaves other paths, the API and removed redirects alone', async () => {
    expect((await site.app.request('/about')).status).toBe(404); // no page build in this test: nothing answers
    await saveRedirect(site.database.db, { fromPath: '/api/old', target: '/api/datasets', status: 301 });
    expect((await site.app.request('/api/old')).status).toBe(404);
    await deleteRedirect(site.database.db, '/inflation');
    expect((await site.app.request('/inflation')).status).toBe(404);
  });

  it('redirects client-side navigations from the root loader, external addresses included', async () => {
    await saveRedirect(site.database.db, { fromPath: '/gdp', target: '/datasets/nama_10_gdp', status: 308 });
    const thrown = await checkRedirect(site.database.db, new URL('http://localhost:3000/gdp?x=1')).catch(
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(308);
    expect((thrown as Response).headers.get('location')).toBe('/datasets/nama_10_gdp?x=1');
    await saveRedirect(site.database.db, { fromPath: '/source', target: 'https://ec.europa.eu/eurostat', status: 301 });
    const external = await checkRedirect(site.database.db, new URL('http://localhost:3000/source')).catch(
      (e: unknown) => e,
    );
    expect((external as Response).headers.get('location')).toBe('https://ec.europa.eu/eurostat');
    await expect(checkRedirect(site.database.db, new URL('http://localhost:3000/pricing'))).resolves.toBeUndefined();
  });

  it('refuses a status that is not a redirect', async () => {
    await expect(
      saveRedirect(site.database.db, { fromPath: '/x', target: '/', status: 200 as unknown as 301 }),
    ).rejects.toThrow();
  });
});

describe('GET /builds/latest.json', () => {
  it('names the build the server runs, never cached', async () => {
    const api = buildsApi({ assets: { version: 'abc123' } as never });
    const res = await api.request('/builds/latest.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toMatchObject({ version: 'abc123' });
  });

  it('says so when the server runs without a page build', async () => {
    const res = await site.app.request('/builds/latest.json');
    expect(res.status).toBe(404);
  });
});
