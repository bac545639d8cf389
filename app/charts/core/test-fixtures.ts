// Test-only: real Eurostat HICP data (prc_hicp_manr) from the shared data mirror, shaped as the API's DatasetData.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { formatPeriod, parsePeriod } from '#core/periods';
import type { DatasetData, Row, Series } from '#core/schemas/dataset';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const mirror = process.env.DATA_MIRROR ?? path.resolve(repoRoot, '../shared/data');
export const HICP_TSV = path.join(mirror, 'eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv');

/** A handful of geos with the English names the API keys values by. */
export const FIXTURE_GEOS: Record<string, string> = {
  DE: 'Germany',
  FR: 'France',
  EA20: 'Euro area (20)',
  EU27_2020: 'European Union (27)',
  EE: 'Estonia',
  ES: 'Spain',
  IT: 'Italy',
  PL: 'Poland',
  NL: 'Netherlands',
  AT: 'Austria',
  TR: 'Türkiye',
};

const COICOP: Record<string, string> = {
  CP00: 'All-items HICP',
  CP01: 'Food and non-alcoholic beverages',
};

let cachedLines: string[] | null = null;
function tsvLines(): string[] {
  cachedLines ??= readFileSync(HICP_TSV, 'utf8').split(/\r?\n/).filter(Boolean);
  return cachedLines;
}

/**
 * HICP annual rates (CP00, optionally CP01) for the given geo codes (default: all of FIXTURE_GEOS),
 * one API series per COICOP code, periods written M/YYYY, flags as the API gives them, missing and confidential
 * cells absent.
 */
export function loadHicp(
  geos: readonly string[] = Object.keys(FIXTURE_GEOS),
  coicops: readonly string[] = ['CP00'],
  names: Readonly<Record<string, string>> = FIXTURE_GEOS,
): DatasetData {
  const [header = '', ...lines] = tsvLines();
  const periods = header
    .split('\t')
    .slice(1)
    .map((p) => {
      const parsed = parsePeriod(p);
      if (!parsed) throw new Error(`invalid period in ${HICP_TSV}: ${p}`);
      return formatPeriod(parsed.freq, parsed.ordinal);
    });
  const data: Series[] = coicops.map((coicop, i) => {
    const rows: Row[] = periods.map((period) => ({ period, values: {} }));
    for (const line of lines) {
      const [key = '', ...cells] = line.split('\t');
      const [, , c, geo = ''] = key.split(',');
      const name = names[geo];
      if (c !== coicop || !name || !geos.includes(geo)) continue;
      cells.forEach((cell, j) => {
        const value = Number.parseFloat(cell);
        const row = rows[j];
        if (row && !cell.trim().startsWith(':') && Number.isFinite(value)) {
          row.values[name] = value;
          // '2.1 e': the value's flags, as the API's rows carry them.
          const flags = cell.trim().split(/\s+/)[1];
          if (flags) (row.flags ??= {})[name] = flags;
        }
      });
    }
    return {
      id: i + 1,
      series_key: { dim1_value: coicop },
      rows: rows.filter((r) => Object.keys(r.values).length > 0),
    };
  });
  return {
    dataset: {
      id: 1,
      dataset_code: 'prc_hicp_manr',
      dataset_name: 'HICP - monthly data (annual rate of change)',
      description: 'Harmonised index of consumer prices, annual rate of change',
      source_name: 'Eurostat',
      source_url: 'https://ec.europa.eu/eurostat/databrowser/view/prc_hicp_manr/default/table',
      unit: 'Annual rate of change (%)',
      frequency: 'M',
      categories: [],
      last_update: '2025-06-03',
      last_update_from: 'source',
      oldest_period: periods[0] ?? null,
      latest_period: periods[periods.length - 1] ?? null,
      dimensions: [
        {
          key: 'dim1',
          code: 'coicop',
          label: 'Classification of individual consumption by purpose (ECOICOP)',
          values: coicops.map((code) => ({ code, label: COICOP[code] ?? code })),
          default: 'CP00',
        },
      ],
      available_countries: geos.map((code) => ({ code, name: names[code] ?? code })),
    },
    data,
  };
}

/**
 * What a deterministic, rasterisable chart must not contain: NaN or undefined, coordinates with
 * more than two decimals, non-hex colours (resvg draws fractional hsl() as black), random ids.
 */
export function svgProblems(svg: string): string[] {
  const problems: string[] = [];
  if (/NaN/.test(svg)) problems.push('contains NaN');
  if (/undefined|null|\[object/.test(svg)) problems.push('contains undefined, null or [object …]');
  const long = svg.match(/-?\d+\.\d{3,}/g);
  if (long) problems.push(`numbers with more than 2 decimals: ${long.slice(0, 5).join(' ')}`);
  if (/(?:hsla?|rgba?)\(/.test(svg)) problems.push('non-hex colour');
  const colours = [...svg.matchAll(/(?:fill|stroke)="([^"]+)"/g)].map((m) => m[1] ?? '');
  const bad = colours.filter((c) => c !== 'none' && !/^#[0-9a-fA-F]{6}$/.test(c));
  if (bad.length > 0) problems.push(`colours that are not #rrggbb: ${[...new Set(bad)].join(' ')}`);
  if (/id="[^"]*:r[0-9a-z]+:/.test(svg) || /«r/.test(svg)) problems.push('React useId ids');
  return problems;
}

/** One tag per line, so a snapshot diff shows which element changed. */
export function formatMarkup(markup: string): string {
  return markup.replace(/></g, '>\n<');
}

/** The text content of every <text> inside the first element with the given class. */
export function textsIn(markup: string, className: string): string[] {
  const start = markup.indexOf(`class="${className}"`);
  if (start < 0) return [];
  const tag = markup.lastIndexOf('<', start);
  const name = /^<(\w+)/.exec(markup.slice(tag))?.[1] ?? 'g';
  // Find the matching close tag by counting nested elements of the same name.
  let depth = 0;
  let end = tag;
  const re = new RegExp(`<(/?)${name}\\b[^>]*?(/?)>`, 'g');
  re.lastIndex = tag;
  for (let m = re.exec(markup); m; m = re.exec(markup)) {
    if (m[2] === '/') continue;
    depth += m[1] === '/' ? -1 : 1;
    if (depth === 0) {
      end = m.index;
      break;
    }
  }
  return [...markup.slice(tag, end).matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1] ?? '');
}
