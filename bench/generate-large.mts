// Writes a Eurostat TSV of the shape of a large real file, for the import's memory and speed figures
// (bench/README.md): une_rt_m's dimensions (freq, s_adj, age, unit, sex, geo) with the real codes of its code
// lists, over every NUTS 2021 region of the shared classification, monthly from 2015-01. About 8.15 million values
// by default (the size of the largest real file tried in issue 15); flags p, e, b and `: ` cells as Eurostat writes them.
//   npx tsx bench/generate-large.mts [out.tsv] [values]
import { createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';

const out = process.argv[2] ?? 'tmp/large_une_rt_m.tsv';
const target = Number(process.argv[3] ?? 8_150_000);
const mirror = process.env.DATA_MIRROR ?? path.resolve(import.meta.dirname, '../../shared/data');
const nuts = readFileSync(path.join(mirror, 'classifications/NUTS_AT_2021.csv'), 'utf8')
  .split(/\r?\n/)
  .slice(1)
  .map((line) => line.split(',')[1])
  .filter((code): code is string => Boolean(code));
const sAdj = ['NSA', 'SA', 'TC'];
const age = ['TOTAL', 'Y15-74', 'Y25-74', 'Y_LT25'];
const unit = ['PC_ACT', 'THS_PER'];
const sex = ['F', 'M', 'T'];
const keys = sAdj.length * age.length * unit.length * sex.length;
const months = Math.ceil(target / (keys * nuts.length));
const periods = Array.from(
  { length: months },
  (_, i) => `${2015 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`,
);

const stream = createWriteStream(out);
const write = (text: string) =>
  stream.write(text) ? Promise.resolve() : new Promise<void>((resolve) => stream.once('drain', () => resolve()));
await write(`freq,s_adj,age,unit,sex,geo\\TIME_PERIOD\t${periods.map((p) => `${p} `).join('\t')}\n`);
let values = 0;
let seed = 1;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
for (const s of sAdj)
  for (const a of age)
    for (const u of unit)
      for (const x of sex)
        for (const geo of nuts) {
          const cells = periods.map(() => {
            const r = random();
            if (r < 0.02) return ': ';
            values += 1;
            const v = (random() * 30).toFixed(1);
            return r < 0.05 ? `${v} p` : r < 0.06 ? `${v} e` : r < 0.065 ? `${v} b` : `${v} `;
          });
          await write(`M,${s},${a},${u},${x},${geo}\t${cells.join('\t')}\n`);
        }
stream.end();
await new Promise<void>((resolve) => stream.on('finish', () => resolve()));
console.log(`${out}: ${values.toLocaleString('en')} values, ${keys * nuts.length} series, ${periods.length} months`);
