// The blog's Atom 1.0 feed (RFC 4287) from published posts.

export interface FeedEntry {
  slug: string;
  title: string;
  summary: string;
  author: string;
  published: Date;
  updated: Date;
  tags: readonly string[];
  /** The rendered body (safe HTML), sent as escaped content. */
  html: string;
}

export interface FeedOptions {
  /** The site's public origin, without a trailing slash: https://example.org */
  origin: string;
  title: string;
  subtitle: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

export function buildAtomFeed(entries: readonly FeedEntry[], opts: FeedOptions): string {
  const blog = `${opts.origin}/blog`;
  const updated = entries.reduce((max, e) => (e.updated > max ? e.updated : max), new Date(0));
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${escapeXml(blog)}</id>`,
    `  <title>${escapeXml(opts.title)}</title>`,
    `  <subtitle>${escapeXml(opts.subtitle)}</subtitle>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(`${blog}/feed.xml`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(blog)}"/>`,
    `  <updated>${(entries.length ? updated : new Date(0)).toISOString()}</updated>`,
  ];
  for (const e of entries) {
    const url = `${blog}/${e.slug}`;
    lines.push(
      '  <entry>',
      `    <id>${escapeXml(url)}</id>`,
      `    <title>${escapeXml(e.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `    <published>${e.published.toISOString()}</published>`,
      `    <updated>${e.updated.toISOString()}</updated>`,
      `    <author><name>${escapeXml(e.author)}</name></author>`,
      ...e.tags.map((t) => `    <category term="${escapeXml(t)}"/>`),
      `    <summary>${escapeXml(e.summary)}</summary>`,
      `    <content type="html">${escapeXml(e.html)}</content>`,
      '  </entry>',
    );
  }
  lines.push('</feed>', '');
  return lines.join('\n');
}
