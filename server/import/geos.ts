// Seeds the geos table: countries and aggregates from core/geo, NUTS 2021 regions from the GISCO code list.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { aggregates, countries } from '../../core/geo';
import type { Db } from '../../db/client';
import { geos } from '../../db/schema';
import { readCsv } from './parsers/csv-reader';

export interface GeoRow {
  code: string;
  name: string;
  label: string;
  level: number;
  parent: string | null;
  kind: 'country' | 'aggregate' | 'region';
  isoNumeric: string | null;
}

/** Builds every geo row; NUTS regions only when the mirror holds the code list. */
export async function buildGeoRows(dataMirror: string | null): Promise<GeoRow[]> {
  const rows: Omit<GeoRow, 'label'>[] = [
    ...countries.map((c) => ({ ...c, level: 0, parent: null, kind: 'country' as const })),
    ...aggregates.map((a) => ({ ...a, level: 0, parent: null, kind: 'aggregate' as const, isoNumeric: null })),
  ];
  const file = dataMirror && path.join(dataMirror, 'classifications/NUTS_AT_2021.csv');
  if (file) {
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text !== null) {
      const [header, ...records] = [...readCsv(file, text)].map((r) => r.fields);
      const col = (name: string) => header!.indexOf(name);
      const [idCol, nameCol] = [col('NUTS_ID'), col('NAME_LATN')];
      for (const r of records) {
        const code = r[idCol]!;
        if (code.length <= 2) continue; // countries come from core/geo with English names
        rows.push({
          code,
          name: r[nameCol]!,
          level: code.length - 2,
          parent: code.slice(0, -1),
          kind: 'region',
          isoNumeric: null,
        });
      }
    }
  }
  // Countries and aggregates come first and keep their names; a region whose name is taken
  // (Berlin is DE3, DE30 and DE300; Malta is also MT0) gets its code appended.
  rows.sort(
    (a, b) =>
      Number(a.kind === 'region') - Number(b.kind === 'region') || a.level - b.level || a.code.localeCompare(b.code),
  );
  const taken = new Set<string>();
  return rows.map((r) => {
    const label = taken.has(r.name) ? `${r.name} (${r.code})` : r.name;
    taken.add(label);
    return { ...r, label };
  });
}

/** Inserts or refreshes every geo; safe to run on every start. */
export async function seedGeos(db: Db, dataMirror: string | null): Promise<number> {
  const rows = await buildGeoRows(dataMirror);
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(geos)
      .values(rows.slice(i, i + 1000))
      .onConflictDoUpdate({
        target: geos.code,
        set: {
          name: sql`excluded.name`,
          label: sql`excluded.label`,
          level: sql`excluded.level`,
          parent: sql`excluded.parent`,
          kind: sql`excluded.kind`,
          isoNumeric: sql`excluded.iso_numeric`,
        },
      });
  }
  return rows.length;
}
