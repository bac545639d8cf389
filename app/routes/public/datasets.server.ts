// Server helpers for dataset pages: latest values of the main series per geo.
import type { DatasetMeta } from '../../../core/schemas/dataset';
import { formatPeriod } from '../../../core/periods';
import type { ReadDb } from '../../../db/client';
import { selectObservations } from '../../../db/queries/observations';

export interface LatestValue {
  code: string;
  name: string;
  period: string;
  value: string;
  flags: string | null;
}

/** Each geo's most recent published value of the dataset's main series. */
export async function latestValues(db: ReadDb, meta: DatasetMeta): Promise<LatestValue[]> {
  const rows = await selectObservations(db, meta, { dims: {} });
  const latest = new Map<string, (typeof rows)[number]>();
  for (const r of rows) {
    if (r.value === null) continue;
    const seen = latest.get(r.geo);
    if (!seen || seen.period < r.period) latest.set(r.geo, r);
  }
  const order = new Map(meta.available_countries.map((c, i) => [c.code, i]));
  return [...latest.values()]
    .sort((a, b) => (order.get(a.geo) ?? 0) - (order.get(b.geo) ?? 0))
    .map((r) => ({
      code: r.geo,
      name: r.geoName,
      period: formatPeriod(meta.frequency, r.period),
      value: r.decimals === null ? String(r.value) : r.value!.toFixed(r.decimals),
      flags: r.flags,
    }));
}
