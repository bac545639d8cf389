// Queries for blog posts: the published list (paged, by tag), one post by slug, tags, and the importer's upsert.
import { and, arrayContains, count, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db, ReadDb } from '../client';
import { posts } from '../schema';
import { queryRows } from '../sql';

export type PostRow = typeof posts.$inferSelect;
export type PostSummary = Omit<PostRow, 'source'>;

/** Published: dated, and the date has come. */
const isPublished = (now: Date) => and(isNotNull(posts.publishedAt), lte(posts.publishedAt, now));

const summaryColumns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  summary: posts.summary,
  author: posts.author,
  publishedAt: posts.publishedAt,
  tags: posts.tags,
  cover: posts.cover,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
};

export interface PostListQuery {
  tag?: string;
  limit: number;
  offset: number;
  now?: Date;
}

/** Published posts, newest first. */
export async function listPublishedPosts(
  db: ReadDb,
  q: PostListQuery,
): Promise<{ items: PostSummary[]; total: number }> {
  const now = q.now ?? new Date();
  const where = q.tag ? and(isPublished(now), arrayContains(posts.tags, [q.tag])) : isPublished(now);
  const items = await db
    .select(summaryColumns)
    .from(posts)
    .where(where)
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(q.limit)
    .offset(q.offset);
  const [total] = await db.select({ n: count() }).from(posts).where(where);
  return { items, total: total?.n ?? 0 };
}

/** A published post with its source, or undefined (drafts are not served). */
export async function findPublishedPost(db: ReadDb, slug: string, now = new Date()): Promise<PostRow | undefined> {
  const rows = await db
    .select()
    .from(posts)
    .where(and(eq(posts.slug, slug), isPublished(now)));
  return rows[0];
}

/** The newest published posts with their sources, for the feed. */
export async function recentPublishedPosts(db: ReadDb, limit: number, now = new Date()): Promise<PostRow[]> {
  return db.select().from(posts).where(isPublished(now)).orderBy(desc(posts.publishedAt), desc(posts.id)).limit(limit);
}

/** Tags of published posts with how many posts carry each, most used first. */
export async function publishedTags(db: ReadDb, now = new Date()): Promise<{ tag: string; count: number }[]> {
  return queryRows<{ tag: string; count: number }>(
    db,
    sql`SELECT t.tag, count(*)::int AS count FROM ${posts} p CROSS JOIN LATERAL unnest(p.tags) AS t(tag)
      WHERE p.published_at IS NOT NULL AND p.published_at <= ${now.toISOString()}::timestamptz
      GROUP BY t.tag ORDER BY count DESC, t.tag`,
  );
}

export interface PostInput {
  slug: string;
  title: string;
  summary: string;
  author: string;
  publishedAt: Date | null;
  tags: string[];
  cover: string | null;
  source: string;
}

/** Inserts a post or replaces the one with the same slug; answers whether it was new or changed. */
export async function upsertPost(db: Db, input: PostInput): Promise<'added' | 'updated' | 'unchanged'> {
  const [existing] = await db.select().from(posts).where(eq(posts.slug, input.slug));
  if (!existing) {
    await db.insert(posts).values(input);
    return 'added';
  }
  // Every other column is derived from the source.
  if (existing.source === input.source) return 'unchanged';
  await db
    .update(posts)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(posts.id, existing.id));
  return 'updated';
}

/** Changes whenever a post is added, edited or reaches its publication time: the version of what posts feed. */
export async function postsVersion(db: ReadDb, now = new Date()): Promise<string> {
  const [row] = await db
    .select({
      published: sql<number>`count(*) filter (where ${isPublished(now)})`.mapWith(Number),
      updated: sql<string | null>`max(${posts.updatedAt})::text`,
    })
    .from(posts);
  return `${row?.published ?? 0}@${row?.updated ?? ''}`;
}
