// Written posts: imported from Markdown, rendered to safe HTML with chart widgets in the server HTML, listed
// newest first with pages and tags, and in the Atom feed.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Database } from '../../db/client';
import { parsePostSource } from '../../core/blog/post-source';
import { upsertPost } from '../../db/queries/blog';
import { importPostFolder } from '../../server/import/posts';
import { databaseWithGeos } from '../setup/database';
import { fetchResource, renderPage } from './statistics-harness';

const contentDir = path.resolve(import.meta.dirname, '../../content/posts');
let database: Database;

beforeAll(async () => {
  database = await databaseWithGeos(
    'eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv',
    'eurostat/une_rt_m/une_rt_m.tsv',
    'eurostat/nama_10r_3gdp/nama_10r_3gdp.tsv.gz',
  );
});
afterAll(() => database.close());

/** A post as the importer stores it: the source and the fields of its front matter. */
function post(slug: string, body: string, extra = '', date = '2025-06-20') {
  const front = `title: Post ${slug}\nslug: ${slug}\nauthor: Editorial team\n${date ? `published: ${date}\n` : ''}${extra}`;
  const source = `---\n${front}---\n\n${body}\n`;
  const { published, ...meta } = parsePostSource(source).meta;
  return { ...meta, publishedAt: published, source };
}

describe('importing posts from Markdown', () => {
  it('imports the posts of content/posts once, and reports unchanged ones on a second run', async () => {
    const first = await importPostFolder(database.db, contentDir);
    expect(first.map((r) => r.outcome)).toEqual(['added', 'added', 'added']);
    const second = await importPostFolder(database.db, contentDir);
    expect(second.map((r) => r.outcome)).toEqual(['unchanged', 'unchanged', 'unchanged']);
  });

  it('reports an invalid file by name and stores nothing from it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'posts-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    await writeFile(path.join(dir, 'bad.md'), '---\ntitle: No slug\nauthor: A\n---\n\nText\n');
    const [result] = await importPostFolder(database.db, dir);
    expect(result).toMatchObject({ file: 'bad.md', outcome: 'invalid' });
    expect(result!.error).toContain('slug');
  });
});

describe('/blog/{slug}', () => {
  it('renders every chart shortcode of the written posts as a chart in the server HTML', async () => {
    for (const slug of [
      'euro-area-inflation-below-two-percent-may-2025',
      'euro-area-unemployment-record-low-april-2025',
      'regional-gdp-per-inhabitant-2021',
    ]) {
      const page = await renderPage(database.db, `/blog/${slug}`);
      expect(page.status).toBe(200);
      const charts = page.html.match(/<figure[^>]*data-post-chart/g) ?? [];
      expect(charts.length).toBe(2 - (slug.startsWith('regional') ? 1 : 0));
      expect(page.html.match(/data-chart-widget[^>]*data-state="rendered"/g)?.length).toBe(charts.length);
      expect(page.html).not.toContain('Error loading chart');
      expect(page.html).toMatch(/<svg[^>]*role="img"/);
    }
    const inflation = (await renderPage(database.db, '/blog/euro-area-inflation-below-two-percent-may-2025')).html;
    expect(inflation).toContain('Annual HICP inflation: euro area and its four largest economies');
    expect(inflation).toContain('data-chart-type="line"');
    expect(inflation).toContain('data-chart-type="horizontal-bar"');
  });

  it('renders a script tag, event handlers and javascript: links in a post harmless', async () => {
    await upsertPost(
      database.db,
      post(
        'hostile',
        [
          '<script>document.title="owned"</script>',
          '',
          'Text <img src=x onerror="alert(1)"> and <iframe src="https://evil.example"></iframe>.',
          '',
          '[click](javascript:alert(2)) <a href="javascript:alert(3)">raw</a>',
          '',
          '{{< chart dataset="prc_hicp_manr" countries="DE" type="line" title="<script>alert(4)</script>" >}}',
        ].join('\n'),
      ),
    );
    const page = await renderPage(database.db, '/blog/hostile');
    expect(page.status).toBe(200);
    const body = page.html.replace(/<script>window\.__staticRouterHydrationData.*?<\/script>/s, '');
    expect(body).not.toMatch(/<script(?![^>]*__staticRouterHydrationData)/i);
    expect(body).not.toMatch(/<(img|iframe)[^>]*(onerror|evil\.example)/i);
    expect(body).not.toMatch(/href="javascript:/i);
    expect(body).toContain('&lt;script&gt;document.title=');
    expect(body).toContain('&lt;script&gt;alert(4)&lt;/script&gt;');
  });

  it('shows a bad shortcode as the chart error panel', async () => {
    await upsertPost(database.db, post('bad-chart', 'Text.\n\n{{< chart dataset="prc_hicp_manr" countries="ZZ" >}}'));
    const page = await renderPage(database.db, '/blog/bad-chart');
    expect(page.html).toContain('Error loading chart');
    expect(page.html).toContain('invalid country: &quot;ZZ&quot; has no data in prc_hicp_manr');
  });

  it.each([
    ['coicop="XX"', 'invalid dim2: &quot;XX&quot; is not a value of coicop'],
    ['dim7="A"', 'invalid dim7: the dataset has 2 dimensions (dim1 unit, dim2 coicop)'],
    ['from="2020"', 'invalid from: &quot;2020&quot; (this dataset&#x27;s periods look like 10/2022)'],
  ])('checks a shortcode with %s as the API checks a view, with its message', async (attribute, message) => {
    const slug = `bad-${attribute.toLowerCase().replace(/\W+/g, '-').replace(/-$/, '')}`;
    await upsertPost(database.db, post(slug, `Text.\n\n{{< chart dataset="prc_hicp_manr" ${attribute} >}}`));
    const page = await renderPage(database.db, `/blog/${slug}`);
    expect(page.html).toContain('Error loading chart');
    expect(page.html).toContain(message);
  });

  it('does not serve drafts or posts dated in the future', async () => {
    await upsertPost(database.db, post('a-draft', 'Draft.', '', ''));
    await upsertPost(database.db, post('later', 'Later.', '', '2999-01-01'));
    for (const slug of ['a-draft', 'later', 'no-such-post']) {
      const page = await renderPage(database.db, `/blog/${slug}`);
      expect(page.status).toBe(404);
      expect(page.html).toContain(`Page Not Found: /blog/${slug}`);
    }
  });
});

describe('/blog', () => {
  it('lists published posts newest first, ten a page, with tags', async () => {
    for (let i = 1; i <= 9; i++) {
      await upsertPost(database.db, post(`note-${i}`, `Note ${i}.`, 'tags: [notes]\n', `2025-07-0${i}`));
    }
    const first = await renderPage(database.db, '/blog');
    const slugs = [...first.html.matchAll(/data-post="([a-z0-9-]+)"/g)].map((m) => m[1]);
    expect(slugs).toHaveLength(10);
    expect(slugs.slice(0, 3)).toEqual(['note-9', 'note-8', 'note-7']);
    expect(first.html).toContain('Page 1 of 2');
    const second = await renderPage(database.db, '/blog?page=2');
    const rest = [...second.html.matchAll(/data-post="([a-z0-9-]+)"/g)].map((m) => m[1]);
    expect(rest).toContain('euro-area-inflation-below-two-percent-may-2025');
    expect([...slugs, ...rest]).not.toContain('a-draft');
    expect((await renderPage(database.db, '/blog?page=3')).status).toBe(404);
    expect((await renderPage(database.db, '/blog?page=x')).status).toBe(404);
    const tagged = await renderPage(database.db, '/blog?tag=unemployment');
    expect([...tagged.html.matchAll(/data-post="([a-z0-9-]+)"/g)].map((m) => m[1])).toEqual([
      'euro-area-unemployment-record-low-april-2025',
    ]);
    expect(first.html).toContain('href="/blog?tag=notes"');
  });
});

describe('/blog/feed.xml', () => {
  it('is an Atom feed of the published posts, newest first, with their bodies and chart links', async () => {
    const res = await fetchResource(database.db, '/blog/feed.xml');
    expect(res.headers.get('Content-Type')).toBe('application/atom+xml; charset=utf-8');
    const xml = await res.text();
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    const ids = [...xml.matchAll(/<entry>\s*<id>http:\/\/localhost:3000\/blog\/([a-z0-9-]+)<\/id>/g)].map((m) => m[1]);
    expect(ids[0]).toBe('note-9');
    expect(ids).toContain('regional-gdp-per-inhabitant-2021');
    expect(ids).not.toContain('a-draft');
    expect(ids).not.toContain('later');
    expect(xml).toContain('Chart: GDP per inhabitant in Germany&amp;apos;s Länder, 2021 (euro) (live on the site)');
    expect(xml).not.toMatch(/<script/i);
  });
});
