// A post as written: YAML front matter (title, slug, summary, author, published, tags, cover) and a Markdown body.
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const FRONT_MATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** A date (2025-06-04) or date-time with offset; written posts are dated, drafts are not. */
const publishedSchema = z.union([z.string(), z.date()]).transform((v, ctx) => {
  const date = v instanceof Date ? v : new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00Z` : v);
  if (Number.isNaN(date.getTime())) {
    ctx.addIssue({ code: 'custom', message: `invalid date: "${String(v)}" (write 2025-06-04)` });
    return z.NEVER;
  }
  return date;
});

export const postFrontMatterSchema = z.object({
  title: z.string().trim().min(1).max(200),
  slug: z
    .string()
    .regex(SLUG, 'use lowercase letters, digits and hyphens')
    .max(120)
    .refine((s) => !s.startsWith('inflation-'), 'slugs starting with inflation- are the generated country articles'),
  summary: z.string().trim().max(500).default(''),
  author: z.string().trim().min(1).max(120),
  /** Absent or null: a draft. */
  published: publishedSchema.nullish().transform((d) => d ?? null),
  tags: z
    .array(z.string().trim().min(1).max(40))
    .max(12)
    .default([])
    .transform((tags) => [...new Set(tags.map((t) => t.toLowerCase()))]),
  /** A site path (/images/x.svg) or an https URL. */
  cover: z
    .string()
    .trim()
    .refine((c) => /^\/(?!\/)/.test(c) || /^https:\/\//.test(c), 'cover must be a site path or an https URL')
    .nullish()
    .transform((c) => c ?? null),
});

export type PostFrontMatter = z.infer<typeof postFrontMatterSchema>;

export interface PostSource {
  meta: PostFrontMatter;
  body: string;
}

export class PostSourceError extends Error {
  override name = 'PostSourceError';
}

/** Splits and validates a post; throws PostSourceError naming the field and the bad value. */
export function parsePostSource(source: string): PostSource {
  const match = FRONT_MATTER.exec(source);
  if (!match) throw new PostSourceError('missing front matter: a post starts with --- , YAML fields and ---');
  let raw: unknown;
  try {
    raw = parseYaml(match[1] ?? '');
  } catch (error) {
    throw new PostSourceError(`invalid front matter: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = postFrontMatterSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'front matter'}: ${i.message}`);
    throw new PostSourceError(`invalid front matter: ${issues.join('; ')}`);
  }
  return { meta: parsed.data, body: source.slice(match[0].length).replace(/^\s*\n/, '') };
}
