// One vocabulary, strictly (issue 38, decision 205): a dataset page, its embed and a chart's image read their query
// through the one parser's names (core/selection.ts `unknownNames`). A misspelt name is a 400 naming it and the names
// the path reads, never a silent view of everything; the tracking parameters links pick up when shared (utm_*,
// fbclid …) are accepted and ignored. A refusal is never kept by the response cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageBuild } from '../setup/page-build';
import { startHarness, TestClient, type Harness } from './auth-harness';
import { hicp, navigation } from './site-harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ samples: [hicp], build: await pageBuild() });
});
afterAll(() => h.close());

const get = (p: string, headers: Record<string, string> = {}) => new TestClient(h).request(p, { headers });
const page = (p: string) => get(p, navigation);
/** The page's text, tags dropped and entities read, as a visitor reads it. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe('the dataset page', () => {
  it('answers a misspelt name with a 400 page naming it and the names the page reads', async () => {
    const { res, body } = await page('/datasets/prc_hicp_manr?countyr=DE');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const shown = text(body as string);
    expect(shown).toContain('unknown parameter "countyr"');
    for (const name of ['chart_type', 'country[]', 'country', 'dimension[]', 'time_start', 'time', 'as_of'])
      expect(shown).toContain(name);
    // The site's error page, not the dataset's chart of every country.
    expect(shown).toContain('Go Home');
    expect(body).not.toContain('data-chart-widget');
  });

  it('names each unknown name once', async () => {
    const { res, body } = await page(
      '/datasets/prc_hicp_manr?chart_type=line&counrty[]=DE&counrty[]=FR&tme_start=1/2024',
    );
    expect(res.status).toBe(400);
    const shown = text(body as string);
    expect(shown).toContain('unknown parameter "counrty[]"');
    expect(shown).toContain('unknown parameter "tme_start"');
    expect(shown.split('unknown parameter "counrty[]"').length).toBe(2);
  });

  it('accepts and ignores tracking parameters of shared links', async () => {
    const { res, body } = await page(
      '/datasets/prc_hicp_manr?chart_type=line&country[]=DE&utm_source=newsletter&utm_medium=email&fbclid=IwAR0x&gclid=abc&mc_cid=1&mc_eid=2&ref=social',
    );
    expect(res.status).toBe(200);
    expect(body).toContain('data-chart-widget');
  });

  it('refuses a name the page does not read even beside good ones (embed-only width)', async () => {
    const { res, body } = await page('/datasets/prc_hicp_manr?country[]=DE&width=600');
    expect(res.status).toBe(400);
    expect(text(body as string)).toContain('unknown parameter "width"');
  });
});

describe('the embed', () => {
  it('answers a misspelt name with a 400 page naming it, without the site around it', async () => {
    const { res, body } = await page('/datasets/prc_hicp_manr?embed=true&chart_type=line&countyr=DE');
    expect(res.status).toBe(400);
    const shown = text(body as string);
    expect(shown).toContain('unknown parameter "countyr"');
    for (const name of ['embed', 'width', 'theme', 'country[]']) expect(shown).toContain(name);
    // Framed on another site it stays a small message: no site header or footer.
    expect(body).not.toMatch(/<footer/);
  });

  it('reads its own names (width, theme) and ignores tracking parameters', async () => {
    const { res, body } = await page(
      '/datasets/prc_hicp_manr?embed=true&chart_type=line&country[]=DE&width=600&theme=dark&utm_source=blog&utm_campaign=x',
    );
    expect(res.status).toBe(200);
    expect(body).toContain('data-embed-content');
  });
});

describe('the chart images', () => {
  const view = 'datasetId=prc_hicp_manr&chart_type=line&dimension[]=dim2:CP00&time_start=1/2024';

  it.each(['download-png', 'download-svg'])('%s: a misspelt name is a 400 naming it', async (route) => {
    const { res, body } = await get(`/api/charts/${route}?${view}&countyr=DE`);
    expect(res.status).toBe(400);
    expect(body.error.code).toBe('bad_parameter');
    expect(body.error.message).toContain('unknown parameter "countyr"');
    for (const name of ['datasetId', 'chart_type', 'country[]', 'width', 'height', 'theme', 'title', 'hide_legend'])
      expect(body.error.message).toContain(name);
  });

  it('draws the view with a tracking parameter as without it', async () => {
    const plain = await get(`/api/charts/download-svg?${view}&country[]=DE`);
    const tracked = await get(`/api/charts/download-svg?${view}&country[]=DE&utm_source=twitter&fbclid=IwAR0x`);
    expect(plain.res.status).toBe(200);
    expect(tracked.res.status).toBe(200);
    expect(tracked.body).toBe(plain.body);
  });
});

describe('the response cache', () => {
  it('keeps no refusal: the good address answers its page, the misspelt one its 400, each time', async () => {
    for (let i = 0; i < 2; i++) {
      const bad = await page('/datasets/prc_hicp_manr?embed=true&countyr=DE');
      expect(bad.res.status).toBe(400);
      expect(bad.res.headers.get('cache-control') ?? '').not.toMatch(/s-maxage/);
      const good = await page('/datasets/prc_hicp_manr?embed=true&country=DE');
      expect(good.res.status).toBe(200);
    }
    const api = await get('/api/charts/download-svg?datasetId=prc_hicp_manr&chart_type=line&countyr=DE');
    expect(api.res.status).toBe(400);
    expect(api.res.headers.get('cache-control') ?? '').not.toMatch(/public/);
  });
});

describe('the sharing card of a page (/api/og-image)', () => {
  it('reads its own name and the dataset page names of the address it draws, strictly', async () => {
    const card = (q: string) => get(`/api/og-image?${q}`);
    const misspeltOwn = await card('pth=/datasets/prc_hicp_manr');
    expect(misspeltOwn.res.status).toBe(400);
    expect(misspeltOwn.body.error.message).toContain('unknown parameter "pth" (read here: path)');
    const misspeltPage = await card(`path=${encodeURIComponent('/datasets/prc_hicp_manr?countyr=DE')}`);
    expect(misspeltPage.res.status).toBe(400);
    expect(misspeltPage.body.error.message).toContain('unknown parameter "countyr"');
    const tagged = await card(
      `path=${encodeURIComponent('/datasets/prc_hicp_manr?country[]=DE&utm_source=x')}&fbclid=1`,
    );
    expect(tagged.res.status).toBe(200);
    expect(tagged.res.headers.get('content-type')).toBe('image/png');
  });
});
