// Imports blog posts from a folder of Markdown files with front matter (content/posts on first start).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parsePostSource, PostSourceError } from '../../core/blog/post-source';
import type { Db } from '../../db/client';
import { upsertPost } from '../../db/queries/blog';

export interface PostImportResult {
  file: string;
  slug?: string;
  outcome: 'added' | 'updated' | 'unchanged' | 'checked' | 'invalid';
  error?: string;
}

/** Reads every .md file of a folder, validates it, and stores it unless `dryRun`; invalid files are reported, not stored. */
export async function importPostFolder(db: Db | null, folder: string): Promise<PostImportResult[]> {
  const files = (await readdir(folder)).filter((f) => f.endsWith('.md')).sort();
  const results: PostImportResult[] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    const source = await readFile(path.join(folder, file), 'utf8');
    try {
      const { meta } = parsePostSource(source);
      const clash = seen.get(meta.slug);
      if (clash) throw new PostSourceError(`slug "${meta.slug}" is also used by ${clash}`);
      seen.set(meta.slug, file);
      const outcome = db
        ? await upsertPost(db, {
            slug: meta.slug,
            title: meta.title,
            summary: meta.summary,
            author: meta.author,
            publishedAt: meta.published,
            tags: meta.tags,
            cover: meta.cover,
            source,
          })
        : 'checked';
      results.push({ file, slug: meta.slug, outcome });
    } catch (error) {
      if (!(error instanceof PostSourceError)) throw error;
      results.push({ file, outcome: 'invalid', error: error.message });
    }
  }
  return results;
}
