// The robot at work (decisions 140–144): templates checked against the catalogue, runs that write a pending draft when
// the text changed (after an import of the template's dataset, on its daily or weekly schedule, or on "Run now"),
// the editor's edits, publication to /blog/{slug} and discarding. Runs after an import never fail the import.
import { stringify } from 'yaml';
import { buildRobotArticle, uncitedDraftNumbers } from '../../core/robot/article';
import { parsePostSource } from '../../core/blog/post-source';
import {
  EXAMPLE_TEMPLATE,
  timedRunDue,
  type RobotSchedule,
  type RobotShowcase,
  type RobotTemplateInput,
} from '../../core/robot/template';
import type { Db } from '../../db/client';
import { upsertPost } from '../../db/queries/blog';
import {
  draftText,
  getDraft,
  getTemplate,
  insertDraft,
  insertTemplate,
  latestImportRunId,
  markTemplateRun,
  slugTaken,
  templatesAfterRefresh,
  timedTemplates,
  updateDraft,
  updateTemplate,
  type RobotDraftRow,
  type RobotTemplateRow,
} from '../../db/queries/robot';
import { posts, robotDrafts } from '../../db/schema';
import { and, desc, eq, ne } from 'drizzle-orm';
import { loadConfig } from '../config';
import { ApiError } from '../http/errors';
import { readFacts, RobotInputError, templateSeries } from './facts';

export interface RobotSettings {
  /** The public address the citations' chart links start with. */
  publicUrl: string;
  log: (line: string) => void;
}

const registered = new WeakMap<object, RobotSettings>();
let fromEnvironment: RobotSettings | undefined;

export function configureRobot(db: Db, settings: Omit<RobotSettings, 'log'> & { log?: RobotSettings['log'] }): void {
  registered.set(db, { log: (line) => console.log(`[robot] ${line}`), ...settings });
}

export function robotSettings(db: Db): RobotSettings {
  const own = registered.get(db);
  if (own) return own;
  fromEnvironment ??= { publicUrl: loadConfig().publicUrl, log: (line) => console.log(`[robot] ${line}`) };
  return fromEnvironment;
}

/** The longest text an editor may save (a generated draft is a few kilobytes). */
export const MAX_DRAFT_CHARS = 100_000;
/** The author line of robot posts. */
export const ROBOT_AUTHOR = 'Statistics robot';

/** Checks a template's dataset, series and places against the catalogue, and its slug against other posts. */
async function checkTemplate(db: Db, input: RobotTemplateInput, exceptId?: number): Promise<void> {
  try {
    const { ds } = await templateSeries(db, { datasetCode: input.dataset, dimensions: input.dimensions });
    for (const geo of input.geos) {
      if (!ds.meta.available_countries.some((c) => c.code === geo)) {
        throw new RobotInputError(`invalid geos: "${geo}" has no data in ${ds.meta.dataset_code}`);
      }
    }
  } catch (error) {
    if (error instanceof RobotInputError) throw new ApiError(400, 'bad_request', error.message);
    throw error;
  }
  if (await slugTaken(db, input.slug, exceptId)) {
    throw new ApiError(400, 'bad_request', `invalid slug: "${input.slug}" is already used by another post or template`);
  }
}

const columnsOf = (input: RobotTemplateInput) => ({
  name: input.name,
  slug: input.slug,
  datasetCode: input.dataset,
  dimensions: input.dimensions,
  geos: input.geos,
  sections: input.sections,
  changeLag: input.change_lag,
  titlePattern: input.title_pattern,
  schedule: input.schedule,
});

export async function createTemplate(db: Db, input: RobotTemplateInput, userId: string): Promise<RobotTemplateRow> {
  await checkTemplate(db, input);
  return insertTemplate(db, { ...columnsOf(input), createdBy: userId });
}

export async function editTemplate(db: Db, id: number, input: RobotTemplateInput): Promise<RobotTemplateRow> {
  const current = await getTemplate(db, id);
  if (!current) throw new ApiError(404, 'not_found', `no robot template ${id}`);
  await checkTemplate(db, input, id);
  return (await updateTemplate(db, id, columnsOf(input)))!;
}

export type RunTrigger = RobotSchedule;

export type RunResult = { outcome: 'created'; draft: RobotDraftRow } | { outcome: 'unchanged'; draft: RobotDraftRow };

/** The draft a new run is compared with: the newest one (for Run now, the newest not discarded). */
async function previousDraft(db: Db, templateId: number, trigger: RunTrigger): Promise<RobotDraftRow | undefined> {
  const [row] = await db
    .select()
    .from(robotDrafts)
    .where(
      trigger === 'manual'
        ? and(eq(robotDrafts.templateId, templateId), ne(robotDrafts.status, 'discarded'))
        : eq(robotDrafts.templateId, templateId),
    )
    .orderBy(desc(robotDrafts.createdAt), desc(robotDrafts.id))
    .limit(1);
  return row;
}

/** Writes the template's article from the data; a pending draft only when its text differs from the last one's. */
export async function runTemplate(db: Db, template: RobotTemplateRow, trigger: RunTrigger): Promise<RunResult> {
  const { publicUrl } = robotSettings(db);
  let facts;
  try {
    facts = await readFacts(db, publicUrl, template);
  } catch (error) {
    if (error instanceof RobotInputError) throw new ApiError(400, 'bad_request', error.message);
    throw error;
  }
  const article = buildRobotArticle(facts);
  const uncited = uncitedDraftNumbers(article.title, article.markdown, article);
  // The generator cites every number it writes; a number without one is a bug, never a draft.
  if (uncited.length > 0) throw new Error(`robot template ${template.id} wrote uncited numbers: ${uncited.join(', ')}`);
  const now = new Date();
  await markTemplateRun(db, template.id, now);
  const previous = await previousDraft(db, template.id, trigger);
  if (previous && previous.title === article.title && previous.markdown === article.markdown) {
    return { outcome: 'unchanged', draft: previous };
  }
  const { ds } = await templateSeries(db, template);
  const draft = await insertDraft(db, {
    templateId: template.id,
    title: article.title,
    markdown: article.markdown,
    citations: { citations: article.citations, derived: article.derived, summary: article.summary },
    importRunId: await latestImportRunId(db, ds.meta.id),
    trigger,
  });
  return { outcome: 'created', draft };
}

/** The editor's title and body (null: back to the robot's). */
export async function editDraft(
  db: Db,
  id: number,
  edit: { title: string | null; markdown: string | null },
): Promise<RobotDraftRow> {
  const draft = await getDraft(db, id);
  if (!draft) throw new ApiError(404, 'not_found', `no robot draft ${id}`);
  if (draft.status !== 'pending')
    throw new ApiError(400, 'bad_request', `draft ${id} is ${draft.status}: only pending drafts are edited`);
  return (await updateDraft(db, id, {
    editedTitle: edit.title === null || edit.title === draft.title ? null : edit.title,
    editedMarkdown: edit.markdown === null || edit.markdown === draft.markdown ? null : edit.markdown,
  }))!;
}

export async function discardDraft(db: Db, id: number): Promise<RobotDraftRow> {
  const draft = await getDraft(db, id);
  if (!draft) throw new ApiError(404, 'not_found', `no robot draft ${id}`);
  if (draft.status !== 'pending')
    throw new ApiError(400, 'bad_request', `draft ${id} is ${draft.status}: only pending drafts are discarded`);
  return (await updateDraft(db, id, { status: 'discarded' }))!;
}

/** The post source of a draft: front matter (title, slug, summary, author, date, tags) and its Markdown. */
export function postSourceOf(
  template: Pick<RobotTemplateRow, 'slug' | 'datasetCode'>,
  text: { title: string; markdown: string },
  summary: string,
  publishedAt: Date,
): string {
  const front = stringify({
    title: text.title,
    slug: template.slug,
    summary: summary.slice(0, 500),
    author: ROBOT_AUTHOR,
    published: publishedAt.toISOString(),
    tags: ['robot', template.datasetCode.replace(/_/g, '-')],
  });
  return `---\n${front}---\n\n${text.markdown.trim()}\n`;
}

/** Publishes a pending draft to /blog/{slug}: creates or replaces the template's post, dated now. */
export async function publishDraft(db: Db, id: number): Promise<{ draft: RobotDraftRow; slug: string }> {
  const draft = await getDraft(db, id);
  if (!draft) throw new ApiError(404, 'not_found', `no robot draft ${id}`);
  if (draft.status !== 'pending')
    throw new ApiError(400, 'bad_request', `draft ${id} is ${draft.status}: only pending drafts are published`);
  const template = await getTemplate(db, draft.templateId);
  if (!template) throw new ApiError(404, 'not_found', `no robot template ${draft.templateId}`);
  const text = draftText(draft);
  if (text.title.trim() === '') throw new ApiError(400, 'bad_request', 'invalid title: a post needs a title');
  // The editor may reword; every number must still be one of the draft's citations.
  const uncited = uncitedDraftNumbers(text.title, text.markdown, draft.citations);
  if (uncited.length > 0) {
    throw new ApiError(
      400,
      'uncited_numbers',
      `Every number in a robot post must be one of its cited values; these are not: ${[...new Set(uncited)].join(', ')}`,
    );
  }
  const now = new Date();
  const source = postSourceOf(template, text, draft.citations.summary ?? '', now);
  let meta;
  try {
    meta = parsePostSource(source).meta;
  } catch (error) {
    throw new ApiError(400, 'bad_request', error instanceof Error ? error.message : String(error));
  }
  await upsertPost(db, {
    slug: meta.slug,
    title: meta.title,
    summary: meta.summary,
    author: meta.author,
    publishedAt: meta.published ?? now,
    tags: meta.tags,
    cover: null,
    source,
  });
  const [post] = await db.select({ id: posts.id }).from(posts).where(eq(posts.slug, template.slug));
  await updateTemplate(db, template.id, { postId: post!.id });
  const published = await updateDraft(db, id, { status: 'published', postId: post!.id, publishedAt: now });
  return { draft: published!, slug: template.slug };
}

/** After an import committed: runs the dataset's after-refresh templates. Never throws: the import has succeeded. */
export async function robotAfterImport(
  db: Db,
  update: { code: string; added: number; changed: number; removed: number },
): Promise<number> {
  if (update.added + update.changed + update.removed === 0) return 0;
  let created = 0;
  try {
    for (const template of await templatesAfterRefresh(db, update.code)) {
      try {
        const result = await runTemplate(db, template, 'after_refresh');
        if (result.outcome === 'created') created++;
      } catch (error) {
        robotSettings(db).log(`template ${template.id} (${template.slug}) after ${update.code}: ${String(error)}`);
      }
    }
  } catch (error) {
    robotSettings(db).log(`after import of ${update.code}: ${String(error)}`);
  }
  return created;
}

/** Runs the daily and weekly templates that are due. */
export async function runDueTemplates(db: Db, now = new Date()): Promise<number> {
  let ran = 0;
  for (const template of await timedTemplates(db)) {
    if (!timedRunDue(template.schedule, template.lastRunAt, now)) continue;
    try {
      await runTemplate(db, template, template.schedule);
      ran++;
    } catch (error) {
      robotSettings(db).log(`template ${template.id} (${template.slug}) on schedule: ${String(error)}`);
    }
  }
  return ran;
}

/** How often due templates are looked for. */
export const ROBOT_CHECK_MS = 60 * 60 * 1000;
const timers = new WeakMap<object, NodeJS.Timeout>();

/** Registers the robot's settings and starts its hourly check of timed templates (once per database handle). */
export function startRobot(db: Db, settings: Omit<RobotSettings, 'log'> & { log?: RobotSettings['log'] }): void {
  configureRobot(db, settings);
  if (timers.has(db)) return;
  const timer = setInterval(() => {
    runDueTemplates(db).catch((error: unknown) => robotSettings(db).log(`scheduled runs failed: ${String(error)}`));
  }, ROBOT_CHECK_MS);
  // Never keeps a process (a test, a CLI) alive on its own.
  timer.unref();
  timers.set(db, timer);
}

/**
 * What the content-writer case study shows: the newest published robot article, else the newest pending draft, else
 * the example template's article written now from the data (nothing stored). Null when the example's dataset is absent.
 */
export async function robotShowcase(db: Db): Promise<RobotShowcase | null> {
  for (const status of ['published', 'pending'] as const) {
    const [row] = await db
      .select()
      .from(robotDrafts)
      .where(eq(robotDrafts.status, status))
      .orderBy(desc(robotDrafts.createdAt), desc(robotDrafts.id))
      .limit(1);
    const template = row && (await getTemplate(db, row.templateId));
    if (!row || !template) continue;
    const text = draftText(row);
    return {
      origin: status,
      templateName: template.name,
      dataset: template.datasetCode,
      geos: template.geos,
      sections: template.sections,
      schedule: template.schedule,
      title: text.title,
      markdown: text.markdown,
      citations: row.citations.citations.length,
      postUrl: status === 'published' ? `/blog/${template.slug}` : null,
    };
  }
  let facts;
  try {
    facts = await readFacts(db, robotSettings(db).publicUrl, EXAMPLE_TEMPLATE);
  } catch (error) {
    if (error instanceof RobotInputError) return null;
    throw error;
  }
  if (facts.places.every((p) => p.values.length === 0)) return null;
  const article = buildRobotArticle(facts);
  return {
    origin: 'example',
    templateName: EXAMPLE_TEMPLATE.name,
    dataset: EXAMPLE_TEMPLATE.datasetCode,
    geos: EXAMPLE_TEMPLATE.geos,
    sections: EXAMPLE_TEMPLATE.sections,
    schedule: EXAMPLE_TEMPLATE.schedule,
    title: article.title,
    markdown: article.markdown,
    citations: article.citations.length,
    postUrl: null,
  };
}
