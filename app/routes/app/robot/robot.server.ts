// /app/robot on the server: editors only (ADMIN_EMAILS, decision 140; other accounts get the "editors only" page with
// 403), the review queue and templates, a template's form with the catalogue's datasets, places and series, and a
// draft with its diff and its charts resolved like the blog's. Writes go through /api/robot/* (server/robot/api.ts).
import { data, type AppLoadContext } from 'react-router';
import { renderPostMarkdown } from '#core/blog/markdown';
import { ROBOT_SECTIONS, type RobotSchedule, type RobotSection } from '#core/robot/template';
import type { DatasetMeta } from '#core/schemas/dataset';
import { catalogueState } from '#db/catalogue-memo';
import { getDatasetMeta } from '#db/queries/datasets';
import { draftDetail, getDraft, getTemplate, listDrafts, listTemplates, type QueueItem } from '#db/queries/robot';
import type { PostBlock } from '#app/components/blog/post-data';
import { resolveShortcode } from '../../public/blog/post-charts.server';
import { requireSession } from '../guard.server';

export type Guarded<T> = { editor: false } | ({ editor: true } & T);

/** Whether the visitor is an editor; null while the guard lets a sign-in return through without a session. */
function isEditor(request: Request, context: AppLoadContext): boolean | null {
  const session = requireSession(request, context);
  if (!session) return null;
  return context.imports?.isAdmin(session.user.email, session.user.emailVerified) ?? false;
}

/** Runs `load` for editors; everyone else signed in gets the editors-only page with status 403. */
export async function forEditors<T extends object>(request: Request, context: AppLoadContext, load: () => Promise<T>) {
  const editor = isEditor(request, context);
  if (editor === null) return data<Guarded<T>>({ editor: false });
  if (!editor) return data<Guarded<T>>({ editor: false }, { status: 403 });
  return data<Guarded<T>>({ editor: true, ...(await load()) });
}

export interface TemplateSummary {
  id: number;
  name: string;
  slug: string;
  dataset: string;
  geos: string[];
  sections: RobotSection[];
  schedule: RobotSchedule;
  lastRunAt: string | null;
  published: boolean;
}

const queueJson = (q: QueueItem) => ({ ...q, createdAt: q.createdAt.toISOString() });
export type QueueRow = ReturnType<typeof queueJson>;

export async function robotIndex(context: AppLoadContext) {
  const db = context.db;
  const [templates, pending, recent] = await Promise.all([
    listTemplates(db),
    listDrafts(db, { status: 'pending', limit: 100 }),
    listDrafts(db, { limit: 15 }),
  ]);
  return {
    templates: templates.map((t): TemplateSummary => ({
      id: t.id,
      name: t.name,
      slug: t.slug,
      dataset: t.datasetCode,
      geos: t.geos,
      sections: t.sections,
      schedule: t.schedule,
      lastRunAt: t.lastRunAt?.toISOString() ?? null,
      published: t.postId !== null,
    })),
    queue: pending.map(queueJson),
    recent: recent.filter((d) => d.status !== 'pending').map(queueJson),
  };
}

export interface DatasetChoice {
  code: string;
  name: string;
  frequency: string;
  dimensions: DatasetMeta['dimensions'];
  places: DatasetMeta['available_countries'];
}

export interface TemplateValues {
  name: string;
  slug: string;
  dataset: string;
  dimensions: Record<string, string>;
  geos: string[];
  sections: RobotSection[];
  change_lag: number;
  title_pattern: string;
  schedule: RobotSchedule;
}

/** The form of a new template (id "new") or an existing one, with the chosen dataset's series and places. */
export async function templateForm(context: AppLoadContext, idParam: string, url: URL) {
  const db = context.db;
  const id = idParam === 'new' ? null : /^[1-9]\d{0,9}$/.test(idParam) ? Number(idParam) : NaN;
  const row = id === null || Number.isNaN(id) ? undefined : await getTemplate(db, id);
  if (id !== null && !row) throw data('Not found', { status: 404 });
  const state = await catalogueState(db);
  const datasets = state.datasets
    .map((d) => ({ code: d.code, name: d.name }))
    .sort((a, b) => a.code.localeCompare(b.code));
  const values: TemplateValues = row
    ? {
        name: row.name,
        slug: row.slug,
        dataset: row.datasetCode,
        dimensions: row.dimensions,
        geos: row.geos,
        sections: row.sections,
        change_lag: row.changeLag,
        title_pattern: row.titlePattern,
        schedule: row.schedule,
      }
    : {
        name: '',
        slug: '',
        dataset: state.byCode.has('prc_hicp_manr') ? 'prc_hicp_manr' : (datasets[0]?.code ?? ''),
        dimensions: {},
        geos: [],
        sections: [...ROBOT_SECTIONS],
        change_lag: 12,
        title_pattern: '{place}: {value} in {period}',
        schedule: 'after_refresh',
      };
  // ?dataset= switches the form's dataset (its series and places come from its metadata).
  const wanted = url.searchParams.get('dataset');
  const code = wanted && state.byCode.has(wanted) ? wanted : values.dataset;
  const datasetRow = state.byCode.get(code);
  let dataset: DatasetChoice | null = null;
  if (datasetRow) {
    const meta = await getDatasetMeta(db, datasetRow);
    dataset = {
      code: meta.dataset_code,
      name: meta.dataset_name,
      frequency: meta.frequency,
      dimensions: meta.dimensions,
      places: meta.available_countries,
    };
  }
  if (code !== values.dataset) Object.assign(values, { dataset: code, dimensions: {}, geos: [] });
  return { id: row?.id ?? null, values, datasets, dataset };
}

/** A draft with its diff, and the charts of its text resolved as the blog resolves them (for the preview). */
export async function draftPage(context: AppLoadContext, idParam: string) {
  const db = context.db;
  if (!/^[1-9]\d{0,9}$/.test(idParam)) throw data('Not found', { status: 404 });
  const row = await getDraft(db, Number(idParam));
  if (!row) throw data('Not found', { status: 404 });
  const draft = await draftDetail(db, row);
  const charts: { key: string; block: PostBlock }[] = [];
  for (const segment of renderPostMarkdown(draft.markdown)) {
    if (segment.kind !== 'chart') continue;
    const resolved = await resolveShortcode(db, segment.chart);
    charts.push({
      key: JSON.stringify(segment.chart),
      block: resolved.ok
        ? { kind: 'chart', chart: resolved.chart }
        : { kind: 'chart-error', message: resolved.message },
    });
  }
  return { draft, charts };
}
