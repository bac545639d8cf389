// Writes a later release of a Eurostat TSV (such as bench/generate-large.mts's), for the re-import figures of
// bench/README.md: about 1 % of the values revised by 0.1, 0.2 % removed (`: `), 5 % of the empty cells filled.
//   npx tsx bench/later-release.mts <in.tsv> <out.tsv>
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';

const [source, target] = process.argv.slice(2);
if (!source || !target) {
  console.error('usage: npx tsx bench/later-release.mts <in.tsv> <out.tsv>');
  process.exit(2);
}
const out = createWriteStream(target);
let line = 0;
for await (const text of createInterface({ input: createReadStream(source) })) {
  if (line++ === 0) {
    out.write(`${text}\n`);
    continue;
  }
  const cells = text.split('\t');
  for (let c = 1; c < cells.length; c++) {
    const k = (line * 31 + c * 7) % 1000;
    const [value = '', flags = ''] = cells[c]!.trim().split(' ');
    if (value === ':') {
      if (k < 50) cells[c] = '4.2 ';
    } else if (k < 10) cells[c] = `${(Number(value) + 0.1).toFixed(1)} ${flags}`;
    else if (k < 12) cells[c] = ': ';
  }
  if (!out.write(`${cells.join('\t')}\n`)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
}
out.end();
