// Imported first by workbench.test.ts (before auth-peers reads DATA_MIRROR): a data mirror of links to the three sample
// files the workbench test compares and the NUTS list, so the test server seeds those alone and starts in time on a
// busy machine (the regional GDP file alone takes a minute to import). `restoreMirror` removes the mirror; the setting is
// put back when the file ends (keep-globals.ts).
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const shared = process.env.DATA_MIRROR ?? path.resolve(import.meta.dirname, '../../../shared/data');
const dir = mkdtempSync(path.join(tmpdir(), 'workbench-mirror-'));
for (const file of [
  'eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv',
  'eurostat/une_rt_m/une_rt_m.tsv',
  'eurostat/tec00115/estat_tec00115_filtered_en.csv',
  'classifications/NUTS_AT_2021.csv',
]) {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  symlinkSync(path.join(shared, file), path.join(dir, file));
}
process.env.DATA_MIRROR = dir;

export function restoreMirror(): void {
  rmSync(dir, { recursive: true, force: true });
}
