// /blog/feed.xml: the Atom feed of the newest published posts (charts become links to the post).
import { buildAtomFeed, escapeXml, type FeedEntry } from '#core/blog/atom-feed';
import { renderPostMarkdown } from '#core/blog/markdown';
import { parsePostSource } from '#core/blog/post-source';
import { recentPublishedPosts } from '#db/queries/blog';
import type { Route } from './+types/feed';

const FEED_SIZE = 20;

function feedHtml(source: string, url: string): string {
  return renderPostMarkdown(parsePostSource(source).body)
    .map((s) =>
      s.kind === 'html'
        ? s.html
        : s.kind === 'chart'
          ? `<p><a href="${escapeXml(url)}">Chart: ${escapeXml(s.chart.title ?? s.chart.dataset)} (live on the site)</a></p>`
          : '',
    )
    .join('');
}

export async function loader({ context }: Route.LoaderArgs) {
  // The configured public address, never the request's Host: feed readers and caches keep these links (decision 183).
  const origin = context.siteUrl.replace(/\/+$/, '');
  const posts = await recentPublishedPosts(context.db, FEED_SIZE);
  const entries: FeedEntry[] = posts.map((p) => ({
    slug: p.slug,
    title: p.title,
    summary: p.summary,
    author: p.author,
    published: p.publishedAt!,
    updated: p.updatedAt > p.publishedAt! ? p.updatedAt : p.publishedAt!,
    tags: p.tags,
    html: feedHtml(p.source, `${origin}/blog/${p.slug}`),
  }));
  const xml = buildAtomFeed(entries, {
    origin,
    title: 'Statistics publisher blog',
    subtitle: 'European inflation, labour markets and regional GDP, from the official figures.',
  });
  return new Response(xml, {
    headers: { 'Content-Type': 'application/atom+xml; charset=utf-8', 'Cache-Control': 'public, max-age=600' },
  });
}
