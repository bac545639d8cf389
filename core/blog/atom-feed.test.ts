import { describe, expect, it } from 'vitest';
import { buildAtomFeed } from './atom-feed';

describe('buildAtomFeed', () => {
  const entry = {
    slug: 'a-post',
    title: 'Prices & wages <2025>',
    summary: 'Summary "quoted"',
    author: 'Editorial team',
    published: new Date('2025-06-04T00:00:00Z'),
    updated: new Date('2025-06-05T10:00:00Z'),
    tags: ['inflation'],
    html: '<p>Hello &amp; <strong>world</strong></p>',
  };
  const xml = buildAtomFeed([entry], { origin: 'https://stats.example', title: 'Blog', subtitle: 'Notes' });

  it('writes an Atom document with the feed and entry fields', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">')).toBe(
      true,
    );
    expect(xml).toContain('<link rel="self" type="application/atom+xml" href="https://stats.example/blog/feed.xml"/>');
    expect(xml).toContain('<updated>2025-06-05T10:00:00.000Z</updated>');
    expect(xml).toContain('<id>https://stats.example/blog/a-post</id>');
    expect(xml).toContain('<published>2025-06-04T00:00:00.000Z</published>');
    expect(xml).toContain('<category term="inflation"/>');
  });

  it('escapes text and carries the HTML body as escaped content', () => {
    expect(xml).toContain('<title>Prices &amp; wages &lt;2025&gt;</title>');
    expect(xml).toContain('<summary>Summary &quot;quoted&quot;</summary>');
    expect(xml).toContain(
      '<content type="html">&lt;p&gt;Hello &amp;amp; &lt;strong&gt;world&lt;/strong&gt;&lt;/p&gt;</content>',
    );
  });

  it('is valid without entries', () => {
    expect(buildAtomFeed([], { origin: 'https://x', title: 'B', subtitle: 'S' })).toContain(
      '<updated>1970-01-01T00:00:00.000Z</updated>',
    );
  });
});
