// A robot template as an editor writes it (decision 140): which dataset and series, which places, which sections,
// the title pattern, the post's slug and the schedule. Checked here; the dataset's own codes are checked against its
// metadata by the server (server/robot/service.ts).
import { z } from 'zod';

export const ROBOT_SECTIONS = ['latest', 'change', 'rank', 'peak', 'revisions'] as const;
export type RobotSection = (typeof ROBOT_SECTIONS)[number];
export const ROBOT_SCHEDULES = ['after_refresh', 'daily', 'weekly', 'manual'] as const;
export type RobotSchedule = (typeof ROBOT_SCHEDULES)[number];

export const sectionLabels: Record<RobotSection, string> = {
  latest: 'Latest figure',
  change: 'Change',
  rank: 'Rank among EU countries',
  peak: 'Peak and trough',
  revisions: 'Revisions since the last release',
};

export const scheduleLabels: Record<RobotSchedule, string> = {
  after_refresh: 'After every refresh of its dataset',
  daily: 'Daily',
  weekly: 'Weekly',
  manual: 'Manual (Run now only)',
};

/** Placeholders a title pattern may use. */
export const TITLE_FIELDS = ['{place}', '{value}', '{period}', '{dataset}', '{series}'] as const;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const GEO = /^[A-Z]{2}[A-Z0-9_]{0,14}$/;

export const robotTemplateInputSchema = z
  .object({
    name: z.string().trim().min(1, 'a name').max(120),
    slug: z
      .string()
      .trim()
      .regex(SLUG, 'use lowercase letters, digits and hyphens')
      .max(120)
      .refine((s) => !s.startsWith('inflation-'), 'slugs starting with inflation- are the generated country articles'),
    dataset: z
      .string()
      .trim()
      .regex(/^[a-z0-9_]{1,64}$/i, 'a dataset code such as prc_hicp_manr')
      .transform((s) => s.toLowerCase()),
    /** dimN → code; left out: the dataset's main series. */
    dimensions: z.record(z.string().regex(/^dim[1-9]\d?$/), z.string().min(1).max(64)).default({}),
    geos: z
      .array(
        z
          .string()
          .trim()
          .transform((g) => g.toUpperCase())
          .pipe(z.string().regex(GEO, 'a geo code such as DE, EA20 or DE21')),
      )
      .min(1, 'at least one place')
      .max(6, 'at most six places')
      .transform((g) => [...new Set(g)]),
    sections: z
      .array(z.enum(ROBOT_SECTIONS))
      .min(1, 'at least one section')
      .transform((list) => ROBOT_SECTIONS.filter((s) => list.includes(s))),
    change_lag: z.coerce.number().int().min(1).max(120).default(12),
    title_pattern: z.string().trim().min(1).max(200).default('{place}: {value} in {period}'),
    schedule: z.enum(ROBOT_SCHEDULES).default('after_refresh'),
  })
  .strict();

export type RobotTemplateInput = z.infer<typeof robotTemplateInputSchema>;

/** When a template's timed run is due: daily and weekly after that long since its last run; others never. */
export function timedRunDue(schedule: RobotSchedule, lastRunAt: Date | null, now: Date): boolean {
  const every = schedule === 'daily' ? 24 : schedule === 'weekly' ? 7 * 24 : null;
  if (every === null) return false;
  if (!lastRunAt) return true;
  // A little slack, so an hourly check does not slide the time a run happens by an hour a day.
  return now.getTime() - lastRunAt.getTime() >= (every - 0.5) * 3600_000;
}

/** A robot article the content-writer case study shows (decision 144): the newest published or pending one, else
 * one written on request from the example template; what made it; its text. */
export interface RobotShowcase {
  origin: 'published' | 'pending' | 'example';
  templateName: string;
  dataset: string;
  geos: string[];
  sections: RobotSection[];
  schedule: RobotSchedule;
  title: string;
  markdown: string;
  citations: number;
  /** /blog/{slug} when published. */
  postUrl: string | null;
}

/** What pages may ask of the robot (the server puts it in the load context). */
export interface RobotPages {
  showcase(): Promise<RobotShowcase | null>;
}

/** The example the case study writes when no template has written anything yet. */
export const EXAMPLE_TEMPLATE = {
  name: 'Inflation in Germany',
  datasetCode: 'prc_hicp_manr',
  dimensions: {} as Record<string, string>,
  geos: ['DE'],
  sections: [...ROBOT_SECTIONS] as RobotSection[],
  changeLag: 12,
  titlePattern: 'Inflation in {place}: {value} in {period}',
  schedule: 'after_refresh' as RobotSchedule,
};
