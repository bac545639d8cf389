// The blog index (published posts newest first, paged, by tag, with the country grid) and one written post.
import { parsePostSource } from '#core/blog/post-source';
import { renderPostMarkdown } from '#core/blog/markdown';
import type { ReadDb } from '#db/client';
import { findPublishedPost, listPublishedPosts, publishedTags, type PostSummary } from '#db/queries/blog';
import { findSeries, latestValuePerGeo } from '#db/queries/statistics';
import { formatPeriod } from '#core/periods';
import { gridCountries } from '#app/components/site/country-grid';
import type { PostBlock, PostCard } from '#app/components/blog/post-data';
import { resolveShortcode } from './post-charts.server';

export const PAGE_SIZE = 10;

export function toCard(p: PostSummary): PostCard {
  return {
    slug: p.slug,
    title: p.title,
    summary: p.summary,
    author: p.author,
    published: p.publishedAt?.toISOString() ?? '',
    tags: p.tags,
    cover: p.cover,
  };
}

/** The page number of ?page=; null when it is not a whole number from 1. */
export function pageParam(url: URL): number | null {
  const raw = url.searchParams.get('page');
  if (raw === null) return 1;
  return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : null;
}

/** Latest all-items HICP rate of each country of the grid. */
export async function gridFigures(db: ReadDb): Promise<Record<string, { value: number; period: string }>> {
  const series = await findSeries(db, 'prc_hicp_manr');
  if (!series) return {};
  const latest = await latestValuePerGeo(
    db,
    series.seriesId,
    gridCountries.map((c) => c.code),
  );
  return Object.fromEntries(
    [...latest].map(([geo, v]) => [geo, { value: v.value, period: formatPeriod('M', v.period) }]),
  );
}

export async function blogIndex(db: ReadDb, page: number, tag: string | null) {
  const { items, total } = await listPublishedPosts(db, {
    tag: tag ?? undefined,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const [tags, figures] = await Promise.all([publishedTags(db), gridFigures(db)]);
  return {
    posts: items.map(toCard),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    tag,
    tags,
    figures,
  };
}

/** A published post with its body as HTML blocks and chart widgets; null when there is none with that slug. */
export async function writtenPost(db: ReadDb, slug: string): Promise<{ post: PostCard; blocks: PostBlock[] } | null> {
  const row = await findPublishedPost(db, slug);
  if (!row) return null;
  const { body } = parsePostSource(row.source);
  const blocks: PostBlock[] = [];
  for (const segment of renderPostMarkdown(body)) {
    if (segment.kind === 'html') blocks.push(segment);
    else if (segment.kind === 'chart-error') blocks.push({ kind: 'chart-error', message: segment.message });
    else {
      const resolved = await resolveShortcode(db, segment.chart);
      blocks.push(
        resolved.ok ? { kind: 'chart', chart: resolved.chart } : { kind: 'chart-error', message: resolved.message },
      );
    }
  }
  return { post: toCard(row), blocks };
}
