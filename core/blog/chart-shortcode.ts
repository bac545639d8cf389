// The chart shortcode of posts: {{< chart dataset="prc_hicp_manr" countries="DE,FR,EA" type="line" from="1/2019" >}}.
import { z } from 'zod';

/** The chart widget's views, in the specification's words. */
export const shortcodeChartTypes = ['line', 'bar', 'horizontal-bar', 'map', 'table'] as const;
export type ShortcodeChartType = (typeof shortcodeChartTypes)[number];

/** A whole line holding one shortcode (leading and trailing spaces allowed). */
export const SHORTCODE_LINE = /^\s*\{\{<\s*chart\b([^\n]*?)>\}\}\s*$/;
const ATTRIBUTE = /([a-zA-Z][\w-]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g;
const RESERVED = new Set(['dataset', 'type', 'countries', 'from', 'to', 'title', 'height']);

const list = (raw: string) =>
  raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export const chartShortcodeSchema = z.object({
  dataset: z.string().regex(/^[a-z0-9_]+$/i, 'a dataset code such as prc_hicp_manr'),
  /** The specification's default chart type is bar. */
  type: z.enum(shortcodeChartTypes).default('bar'),
  countries: z
    .string()
    .optional()
    .transform((v) => (v === undefined ? [] : list(v).map((c) => c.toUpperCase()))),
  /** Periods in the display format (2022, Q3/2022, 10/2022) or the source one (2022-10). */
  from: z.string().trim().min(4).optional(),
  to: z.string().trim().min(4).optional(),
  title: z.string().trim().max(200).optional(),
  height: z.coerce.number().int().min(200).max(900).optional(),
  /** Dimension (dim1 … or its code, e.g. coicop) → value codes. */
  dimensions: z.record(z.string(), z.array(z.string()).min(1)),
});

export type ChartShortcode = z.infer<typeof chartShortcodeSchema>;

export type ShortcodeResult = { ok: true; chart: ChartShortcode } | { ok: false; message: string };

/** Reads the attributes of a shortcode (the text between `chart` and `>}}`). */
export function parseChartShortcode(attributes: string): ShortcodeResult {
  const fields: Record<string, string> = {};
  const dimensions: Record<string, string[]> = {};
  for (const m of attributes.matchAll(ATTRIBUTE)) {
    const key = m[1]!;
    const value = m[2] ?? m[3] ?? m[4] ?? '';
    if (RESERVED.has(key)) fields[key] = value;
    else dimensions[key] = list(value);
  }
  const parsed = chartShortcodeSchema.safeParse({ ...fields, dimensions });
  if (parsed.success) return { ok: true, chart: parsed.data };
  const issue = parsed.error.issues[0];
  const name = issue?.path.join('.') || 'chart';
  const raw = fields[name];
  return {
    ok: false,
    message:
      raw === undefined
        ? `invalid chart shortcode: ${name}: ${issue?.message ?? 'invalid'}`
        : `invalid chart shortcode: ${name}: "${raw}" (${issue?.message ?? 'invalid'})`,
  };
}
