// Queries of the content-writing robot (decisions 140–144): templates, drafts in the review queue, the post a template
// publishes to, and the import run a draft was written from.
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { parsePostSource } from '../../core/blog/post-source';
import { lineDiff } from '../../core/robot/line-diff';
import type { Db, ReadDb } from '../client';
import { importRuns, posts, robotDrafts, robotTemplates } from '../schema';
import type { DraftCitations } from '../schema/robot';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export type RobotTemplateRow = typeof robotTemplates.$inferSelect;
export type RobotDraftRow = typeof robotDrafts.$inferSelect;
export type NewRobotTemplate = typeof robotTemplates.$inferInsert;

export function listTemplates(db: ReadDb): Promise<RobotTemplateRow[]> {
  return db.select().from(robotTemplates).orderBy(robotTemplates.name, robotTemplates.id);
}

export async function getTemplate(db: ReadDb, id: number): Promise<RobotTemplateRow | undefined> {
  const [row] = await db.select().from(robotTemplates).where(eq(robotTemplates.id, id));
  return row;
}

/** Templates that run after an import of this dataset. */
export function templatesAfterRefresh(db: ReadDb, datasetCode: string): Promise<RobotTemplateRow[]> {
  return db
    .select()
    .from(robotTemplates)
    .where(and(eq(robotTemplates.datasetCode, datasetCode), eq(robotTemplates.schedule, 'after_refresh')));
}

/** Templates on a timed schedule (daily, weekly). */
export function timedTemplates(db: ReadDb): Promise<RobotTemplateRow[]> {
  return db
    .select()
    .from(robotTemplates)
    .where(inArray(robotTemplates.schedule, ['daily', 'weekly']));
}

export async function insertTemplate(db: Db, values: NewRobotTemplate): Promise<RobotTemplateRow> {
  const [row] = await db.insert(robotTemplates).values(values).returning();
  return row!;
}

export async function updateTemplate(
  db: Db,
  id: number,
  values: Partial<NewRobotTemplate>,
): Promise<RobotTemplateRow | undefined> {
  const [row] = await db
    .update(robotTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(robotTemplates.id, id))
    .returning();
  return row;
}

export async function deleteTemplate(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(robotTemplates).where(eq(robotTemplates.id, id)).returning({ id: robotTemplates.id });
  return rows.length > 0;
}

export async function markTemplateRun(db: Db, id: number, at: Date): Promise<void> {
  await db.update(robotTemplates).set({ lastRunAt: at }).where(eq(robotTemplates.id, id));
}

/** Whether another template already publishes to this slug, or a post not made by the robot holds it. */
export async function slugTaken(db: ReadDb, slug: string, exceptTemplateId?: number): Promise<boolean> {
  const [template] = await db
    .select({ id: robotTemplates.id })
    .from(robotTemplates)
    .where(
      exceptTemplateId === undefined
        ? eq(robotTemplates.slug, slug)
        : and(eq(robotTemplates.slug, slug), ne(robotTemplates.id, exceptTemplateId)),
    );
  if (template) return true;
  const [post] = await db.select({ id: posts.id }).from(posts).where(eq(posts.slug, slug));
  if (!post) return false;
  // The template's own post keeps its slug.
  if (exceptTemplateId === undefined) return true;
  const [own] = await db
    .select({ id: robotTemplates.id })
    .from(robotTemplates)
    .where(and(eq(robotTemplates.id, exceptTemplateId), eq(robotTemplates.postId, post.id)));
  return !own;
}

/** The newest succeeded import run of a dataset: the data a draft is written from. */
export async function latestImportRunId(db: ReadDb, datasetId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: importRuns.id })
    .from(importRuns)
    .where(and(eq(importRuns.datasetId, datasetId), eq(importRuns.status, 'succeeded')))
    .orderBy(desc(importRuns.finishedAt), desc(importRuns.id))
    .limit(1);
  return row?.id ?? null;
}

export interface NewDraft {
  templateId: number;
  title: string;
  markdown: string;
  citations: DraftCitations;
  importRunId: number | null;
  trigger: string;
}

export async function insertDraft(db: Db, draft: NewDraft): Promise<RobotDraftRow> {
  const [row] = await db.insert(robotDrafts).values(draft).returning();
  return row!;
}

export async function getDraft(db: ReadDb, id: number): Promise<RobotDraftRow | undefined> {
  const [row] = await db.select().from(robotDrafts).where(eq(robotDrafts.id, id));
  return row;
}

/** The text a draft stands for: the editor's when edited, else the robot's. */
export function draftText(d: Pick<RobotDraftRow, 'title' | 'markdown' | 'editedTitle' | 'editedMarkdown'>): {
  title: string;
  markdown: string;
} {
  return { title: d.editedTitle ?? d.title, markdown: d.editedMarkdown ?? d.markdown };
}

export interface QueueItem {
  id: number;
  templateId: number;
  templateName: string;
  slug: string;
  title: string;
  status: RobotDraftRow['status'];
  trigger: string;
  importRunId: number | null;
  edited: boolean;
  createdAt: Date;
}

/** Drafts newest first: the review queue (pending) or every status. */
export async function listDrafts(
  db: ReadDb,
  opts: { status?: RobotDraftRow['status']; templateId?: number; limit: number },
): Promise<QueueItem[]> {
  const where = [];
  if (opts.status) where.push(eq(robotDrafts.status, opts.status));
  if (opts.templateId !== undefined) where.push(eq(robotDrafts.templateId, opts.templateId));
  const rows = await db
    .select({
      id: robotDrafts.id,
      templateId: robotDrafts.templateId,
      templateName: robotTemplates.name,
      slug: robotTemplates.slug,
      title: sql<string>`coalesce(${robotDrafts.editedTitle}, ${robotDrafts.title})`,
      status: robotDrafts.status,
      trigger: robotDrafts.trigger,
      importRunId: robotDrafts.importRunId,
      edited: sql<boolean>`(${robotDrafts.editedMarkdown} IS NOT NULL OR ${robotDrafts.editedTitle} IS NOT NULL)`,
      createdAt: robotDrafts.createdAt,
    })
    .from(robotDrafts)
    .innerJoin(robotTemplates, eq(robotTemplates.id, robotDrafts.templateId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(robotDrafts.createdAt), desc(robotDrafts.id))
    .limit(opts.limit);
  return rows.map((r) => ({ ...r, edited: Boolean(r.edited) }));
}

export async function updateDraft(
  db: Db,
  id: number,
  values: Partial<Pick<RobotDraftRow, 'editedTitle' | 'editedMarkdown' | 'status' | 'postId' | 'publishedAt'>>,
): Promise<RobotDraftRow | undefined> {
  const [row] = await db
    .update(robotDrafts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(robotDrafts.id, id))
    .returning();
  return row;
}

/** The published post of a template (its slug), with its source. */
export async function postOfTemplate(db: ReadDb, t: Pick<RobotTemplateRow, 'postId'>) {
  if (t.postId === null) return undefined;
  const [row] = await db.select().from(posts).where(eq(posts.id, t.postId));
  return row;
}

/** "# title" and the body: what the diff compares. */
export function diffText(title: string, markdown: string): string {
  return `# ${title}\n\n${markdown.trim()}\n`;
}

/** A draft as the page and the API show it, with the diff against the template's post as last published. */
export async function draftDetail(db: ReadDb, d: RobotDraftRow) {
  const template = (await getTemplate(db, d.templateId))!;
  const post = await postOfTemplate(db, template);
  let published = '';
  if (post) {
    try {
      const parsed = parsePostSource(post.source);
      published = diffText(parsed.meta.title, parsed.body);
    } catch {
      // A post edited by hand into something unreadable: everything counts as new.
    }
  }
  const text = draftText(d);
  return {
    id: d.id,
    template_id: d.templateId,
    template_name: template.name,
    slug: template.slug,
    title: text.title,
    status: d.status,
    trigger: d.trigger,
    import_run_id: d.importRunId,
    edited: d.editedMarkdown !== null || d.editedTitle !== null,
    created_at: d.createdAt.toISOString(),
    markdown: text.markdown,
    robot_title: d.title,
    robot_markdown: d.markdown,
    citations: d.citations.citations,
    derived: d.citations.derived,
    published_at: iso(d.publishedAt),
    updated_at: d.updatedAt.toISOString(),
    post_url: post?.publishedAt ? `/blog/${template.slug}` : null,
    /** When the post the diff compares with was published; null: nothing yet, every line is new. */
    post_published_at: post ? iso(post.publishedAt) : null,
    diff: lineDiff(published, diffText(text.title, text.markdown)),
  };
}

export type DraftDetail = Awaited<ReturnType<typeof draftDetail>>;
