// The draw behind bench/search-catalogue-extra2.json (decision 227): Eurostat's main tables (the `tps`, `tec`, `tin`,
// `teina`, `tgs`, `sdg_` families, the headline view of a subject), ordered by the SHA-1 of their code after a fixed
// seed, one per title. For each the draw prints the folders above it and the datasets whose titles share most of its
// words (the dataset behind the table, its other frequencies): a query for the subject wants the table and the dataset.
// The queries were written for the first entries drawn, before the search was changed, without looking at the golden
// set's report half. `npx tsx bench/search-catalogue-extra2-draw.mts [count]` prints the draw.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { mainTable as mainTablePattern } from '../db/queries/search-ranking';
import { mirrorTocFile } from '../server/catalogue/seed';
import { parseTocTree } from '../server/catalogue/toc';

const seed = 'search-extra2-227';
const count = Number(process.argv[2] ?? 60);
const mirror = process.env.DATA_MIRROR ?? path.resolve(import.meta.dirname, '../../shared/data');
const tree = parseTocTree(readFileSync(path.join(mirror, mirrorTocFile), 'utf8'));
const mainTable = new RegExp(mainTablePattern);
const hash = (code: string) => createHash('sha1').update(`${seed}:${code}`).digest('hex');
const words = (title: string) =>
  new Set(
    title
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(
        (w) => w.length > 2 && !['and', 'the', 'for', 'data', 'annual', 'monthly', 'quarterly', 'with'].includes(w),
      ),
  );
const path_ = (folder: string | undefined): string[] =>
  folder ? [...path_(tree.folders.get(folder)?.parent ?? undefined), tree.folders.get(folder)?.title ?? folder] : [];

const items = [...tree.items.values()];
const seen = new Set<string>();
let n = 0;
for (const drawn of items
  .filter((i) => mainTable.test(i.code))
  .sort((a, b) => hash(a.code).localeCompare(hash(b.code)))) {
  const key = drawn.title.toLowerCase();
  if (seen.has(key)) continue;
  seen.add(key);
  if (n++ >= count) break;
  const mine = words(drawn.title);
  const near = items
    .filter((i) => i.code !== drawn.code)
    .map((i) => {
      const theirs = words(i.title);
      const shared = [...mine].filter((w) => theirs.has(w)).length;
      return { i, score: shared / Math.max(1, mine.size) - 0.02 * Math.max(0, theirs.size - shared) };
    })
    .filter((x) => x.score >= 0.5)
    .sort((a, b) => b.score - a.score)
    .slice(0, 8);
  console.log(
    `${drawn.code}\t${drawn.title}\t${drawn.dataStart}-${drawn.dataEnd}\t${path_(drawn.folders[0]).slice(1).join(' > ')}`,
  );
  for (const { i } of near) console.log(`    ${i.code}\t${i.kind}\t${i.title}\t${i.dataStart}-${i.dataEnd}`);
}
