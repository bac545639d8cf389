// Test-only: real map inputs from the shared mirror: HICP by country, regional GDP by NUTS 2, world and NUTS outlines.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import path from 'node:path';
import { geoName } from '#core/geo';
import type { DatasetData, Row } from '#core/schemas/dataset';
import { HICP_TSV, loadHicp } from '../core/test-fixtures';
import type { Outlines } from './map-match';
import { worldOutlines, type CountriesTopology } from './world-outlines';

const mirror = path.resolve(path.dirname(HICP_TSV), '../..');
export const GDP_TSV_GZ = path.join(mirror, 'eurostat/nama_10r_3gdp/nama_10r_3gdp.tsv.gz');
const NUTS_CSV = path.join(mirror, 'classifications/NUTS_AT_2021.csv');

/** Every geo of the HICP file (CP00), named as the API names them (Germany, Greece, Kosovo*, …). */
export function loadHicpAllGeos(): DatasetData {
  const codes = new Set<string>();
  for (const line of readFileSync(HICP_TSV, 'utf8').split(/\r?\n/).slice(1)) {
    const [, , coicop, geo] = (line.split('\t')[0] ?? '').split(',');
    if (coicop === 'CP00' && geo) codes.add(geo);
  }
  const names = Object.fromEntries([...codes].map((c) => [c, geoName(c) ?? c]));
  return loadHicp([...codes], ['CP00'], names);
}

function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) [cells[cells.length], cell] = [cell, ''];
    else cell += ch;
  }
  cells.push(cell);
  return cells;
}

/** NUTS 2021 names (Latin script) by code, from the GISCO attribute table. */
export function nutsNames(): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of readFileSync(NUTS_CSV, 'utf8').split(/\r?\n/).slice(1)) {
    const [, id, name] = splitCsvLine(line);
    if (id && name) out.set(id, name);
  }
  return out;
}

/**
 * Regional GDP (nama_10r_3gdp) at one NUTS level in one unit, as the API's DatasetData: one series,
 * a row per year (oldest first), values keyed by the region's name; extra-regio codes (…Z) left out.
 */
export function loadRegionalGdp(level = 2, unit = 'MIO_EUR'): DatasetData {
  const [header = '', ...lines] = gunzipSync(readFileSync(GDP_TSV_GZ)).toString('utf8').split(/\r?\n/);
  const years = header
    .split('\t')
    .slice(1)
    .map((y) => y.trim());
  const names = nutsNames();
  const rows: Row[] = years.map((period) => ({ period, values: {} }));
  const countries: { code: string; name: string }[] = [];
  for (const line of lines) {
    const [key = '', ...cells] = line.split('\t');
    const [u, geo = ''] = key.split(',');
    if (u !== unit || geo.length !== level + 2 || geo.endsWith('Z')) continue;
    const name = names.get(geo) ?? geo;
    countries.push({ code: geo, name });
    cells.forEach((cell, i) => {
      const value = Number.parseFloat(cell);
      if (!cell.trim().startsWith(':') && Number.isFinite(value)) rows[i]!.values[name] = value;
    });
  }
  return {
    dataset: {
      id: 2,
      dataset_code: 'nama_10r_3gdp',
      dataset_name: 'Gross domestic product (GDP) at current market prices by NUTS 3 regions',
      description: 'Regional GDP at current market prices',
      source_name: 'Eurostat',
      source_url: 'https://ec.europa.eu/eurostat/databrowser/view/nama_10r_3gdp/default/table',
      unit: 'Million euro',
      frequency: 'A',
      categories: [],
      last_update: '2023-02-21',
      last_update_from: 'source',
      oldest_period: years[years.length - 1] ?? null,
      latest_period: years[0] ?? null,
      dimensions: [
        {
          key: 'dim1',
          code: 'unit',
          label: 'Unit of measure',
          values: [{ code: unit, label: 'Million euro' }],
          default: unit,
        },
      ],
      available_countries: countries,
    },
    data: [{ id: 1, series_key: { dim1_value: unit }, rows: [...rows].reverse() }],
  };
}

/** world-atlas countries as GET /api/geo/world serves them: 110m with Malta and Liechtenstein from 50m, no Antarctica. */
export function loadWorldOutlines(): Outlines {
  const require = createRequire(import.meta.url);
  return worldOutlines(
    require('world-atlas/countries-110m.json') as CountriesTopology,
    require('world-atlas/countries-50m.json') as CountriesTopology,
  );
}

/** NUTS 2021 outlines of a level from the mirror: what GET /api/geo/nuts/{level} serves. */
export function loadNutsOutlines(level: 0 | 1 | 2 | 3): Outlines {
  return JSON.parse(readFileSync(path.join(mirror, `geo/nuts2021/nutsrg_${level}.json`), 'utf8')) as Outlines;
}

/**
 * A few outlines of a collection, for snapshots small enough to review (under 50 KB): world features by ISO
 * numeric id, NUTS features by the code their id starts with.
 */
export function pickOutlines(outlines: Outlines, keys: readonly string[]): Outlines {
  const keep = (id: unknown) => typeof id === 'string' && keys.some((k) => id === k || id.startsWith(k));
  return {
    ...outlines,
    features: outlines.features.filter((f) => keep(f.id) || keep(f.properties?.['id'])),
  };
}
