// npx tsx scripts/import-posts.ts [folder]: imports blog posts from Markdown files with front matter (default content/posts).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { importPostFolder } from '../server/import/posts';
import { loadConfig } from '../server/config';

const usage = 'usage: npx tsx scripts/import-posts.ts [folder of .md files] [--dry-run]';

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { 'dry-run': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || positionals.length > 1) {
    console.log(usage);
    return values.help ? 0 : 2;
  }
  const folder = path.resolve(positionals[0] ?? 'content/posts');
  const config = loadConfig();
  const database = values['dry-run'] ? null : await openDatabase(config.DATABASE_URL, path.join(config.dataDir, 'db'));
  try {
    const results = await importPostFolder(database?.db ?? null, folder);
    for (const r of results) {
      console.log(
        r.outcome === 'invalid' ? `${r.file}: invalid, ${r.error}` : `${r.file}: ${r.outcome} (/blog/${r.slug})`,
      );
    }
    const invalid = results.filter((r) => r.outcome === 'invalid').length;
    console.log(`${results.length} file(s) in ${folder}, ${invalid} invalid`);
    return invalid > 0 ? 1 : 0;
  } finally {
    await database?.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
