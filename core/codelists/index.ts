// Eurostat code lists (code → English label), used to map the label-only SDMX-CSV back to codes.
import { z } from 'zod';
import age from './age.json' with { type: 'json' };
import coicop from './coicop.json' with { type: 'json' };
import freq from './freq.json' with { type: 'json' };
import geo from './geo.json' with { type: 'json' };
import naItem from './na_item.json' with { type: 'json' };
import sAdj from './s_adj.json' with { type: 'json' };
import sex from './sex.json' with { type: 'json' };
import unit from './unit.json' with { type: 'json' };

const codelistSchema = z.record(z.string(), z.string());

const sources = { age, coicop, freq, geo, na_item: naItem, s_adj: sAdj, sex, unit };

export type CodelistDimension = keyof typeof sources;

interface Codelist {
  labels: Map<string, string>;
  codes: Map<string, string>;
}

/**
 * Eurostat spells one label differently across datasets and releases ("Euro area - 19 countries  (2015-2022)"
 * with a hyphen and two spaces, "Euro area – 20 countries" with an en dash), so lookups compare a folded form.
 */
function foldLabel(label: string): string {
  return label
    .normalize('NFC')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

const codelists = new Map<string, Codelist>(
  Object.entries(sources).map(([dimension, json]) => {
    const labels = new Map(Object.entries(codelistSchema.parse(json)));
    const codes = new Map<string, string>();
    for (const [code, label] of labels) {
      const key = foldLabel(label);
      const other = codes.get(key);
      if (other !== undefined)
        throw new Error(`code list ${dimension}: "${label}" is the label of ${other} and ${code}`);
      codes.set(key, code);
    }
    return [dimension, { labels, codes }];
  }),
);

export function isCodelistDimension(dimension: string): dimension is CodelistDimension {
  return codelists.has(dimension);
}

/** The code whose English label this is, or null when the code list does not know the label. */
export function labelToCode(dimension: CodelistDimension, label: string): string | null {
  return codelists.get(dimension)?.codes.get(foldLabel(label)) ?? null;
}

/** The English label of a code, or null when the code list does not know the code. */
export function codeLabel(dimension: CodelistDimension, code: string): string | null {
  return codelists.get(dimension)?.labels.get(code) ?? null;
}
