// Everything in words (decision 187): the one place an import learns a dataset's title, its dimensions' names and
// its codes' labels when the file does not state them. In order, the first that knows wins:
//   1. what the file states (JSON-stat labels, SDMX-CSV label columns) — applied by the parsers and store.ts;
//   2. editorial overrides: server/import/catalogue.json (names, units of the samples) and core/codelists;
//   3. Eurostat's code lists cached in the database (codelist_codes), 4. fetched from Eurostat's SDMX 2.1 API
//      (…/sdmx/2.1/codelist/ESTAT/{ID}) when the import is given a source (server/import/codelists.ts);
//   5. the data mirror's dictionaries: eurostat-metadata/dic/en/{dimension}.dic, dimension names from dimlst.dic,
//      dataset titles from table_dic.dic;
//   6. the code itself, never an empty string.
// Dictionaries are read only when an import asks for them, one file at a time, and kept per process within a bound.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { aggregates, countries } from '../../core/geo';
import { codeLabel, isCodelistDimension } from '../../core/codelists';
import type { Db } from '../../db/client';
import { geos } from '../../db/schema';
import { loadCodelists, type CodelistSource, type Codelists, type LoadedCodelists } from './codelists';
import type { ParsedFile } from './types';

/** What an import knows beyond the file: code labels per dimension, dimension names, the dataset's title. */
export interface ImportLabels {
  /** The label of a code of a dimension (lower case) from the code lists or dictionaries, or null. */
  value(dimension: string, code: string): string | null;
  /** The name of a dimension (lower case), or null. */
  dimension(dimension: string): string | null;
  /** The dataset's title, or null. */
  title: string | null;
}

export const noLabels: ImportLabels = { value: () => null, dimension: () => null, title: null };

/** Eurostat's dictionaries in the data mirror, read lazily. */
export interface Dictionaries {
  /** Code → label of a dimension's dictionary ({dimension}.dic), or null when the mirror has none. */
  codes(dimension: string): Promise<Map<string, string> | null>;
  /** The dimension's name in dimlst.dic, or null. */
  dimensionName(dimension: string): Promise<string | null>;
  /** The dataset's title in table_dic.dic, or null. */
  title(datasetCode: string): Promise<string | null>;
}

/** Dictionary files kept per process (most imports need four to eight; geo.dic is the largest at 107 kB). */
export const DICTIONARY_FILES_KEPT = 48;
const files = new Map<string, Promise<Map<string, string> | null>>();
let filesRead = 0;

/** How many dictionary files are kept now (DICTIONARY_FILES_KEPT at most; server/caches.ts declares them). */
export function dictionaryFilesKept(): number {
  return files.size;
}

/** How many dictionary files this process has read from disk (tests check that reads are lazy and cached). */
export function dictionaryFilesRead(): number {
  return filesRead;
}

/** A dimension or dataset code as it may name a dictionary file: anything else (a path from an upload) is no file. */
const fileSafe = /^[a-z0-9_]{1,64}$/;

function readDictionary(file: string): Promise<Map<string, string> | null> {
  const held = files.get(file);
  if (held) {
    // Least recently used goes first: re-inserted at the end.
    files.delete(file);
    files.set(file, held);
    return held;
  }
  const reading = readFile(file, 'utf8').then(
    (text) => {
      filesRead += 1;
      const codes = new Map<string, string>();
      for (const line of text.split(/\r?\n/)) {
        const tab = line.indexOf('\t');
        if (tab <= 0) continue;
        const code = line.slice(0, tab).trim();
        const label = line.slice(tab + 1).trim();
        if (code && label && !codes.has(code)) codes.set(code, label);
      }
      return codes;
    },
    () => null,
  );
  files.set(file, reading);
  while (files.size > DICTIONARY_FILES_KEPT) files.delete(files.keys().next().value!);
  return reading;
}

export function mirrorDictionaries(dataMirror: string): Dictionaries {
  const folder = path.join(dataMirror, 'eurostat-metadata/dic/en');
  const dictionary = (name: string) => readDictionary(path.join(folder, `${name}.dic`));
  return {
    codes: (dimension) => {
      const name = dimension.toLowerCase();
      return fileSafe.test(name) ? dictionary(name) : Promise.resolve(null);
    },
    dimensionName: async (dimension) => (await dictionary('dimlst'))?.get(dimension.toUpperCase()) ?? null,
    title: async (code) => (await dictionary('table_dic'))?.get(code.toUpperCase()) ?? null,
  };
}

export interface LabelSources {
  /** Eurostat's SDMX API; without it only code lists cached in the database are used. */
  codelists?: CodelistSource;
  /** The data mirror, whose dictionaries stand in for Eurostat offline. */
  dataMirror?: string | null;
}

/**
 * The code lists of these dimensions: cached in the database, else fetched from Eurostat (and cached), each
 * completed by the mirror's dictionary, which alone stands in for a list Eurostat did not give. `missing` keeps
 * only the lists found nowhere.
 */
export async function loadLabelLists(db: Db, dimensions: string[], sources: LabelSources): Promise<LoadedCodelists> {
  const loaded = await loadCodelists(db, dimensions, sources.codelists);
  if (!sources.dataMirror) return loaded;
  const dictionaries = mirrorDictionaries(sources.dataMirror);
  const lists: Codelists = new Map(loaded.lists);
  for (const dimension of new Set(dimensions.map((d) => d.toLowerCase()))) {
    const dictionary = await dictionaries.codes(dimension);
    if (!dictionary) continue;
    const fetched = lists.get(dimension);
    // Eurostat's own list wins; the dictionary fills codes it lacks.
    lists.set(dimension, fetched ? new Map([...dictionary, ...fetched]) : dictionary);
  }
  return { lists, missing: loaded.missing.filter((m) => !lists.has(m.dimension)) };
}

/**
 * What an import of this parsed file needs beyond it: the lists of the dimensions with codes that neither the file
 * nor a built-in list labels (and of geo, for places the database and core/geo do not know), the dimension names and
 * the dataset's title. `title` (the table of contents' entry, when the caller has it) wins over the dictionary's.
 * Only for Eurostat's files (TSV, SDMX-CSV of agency ESTAT, JSON-stat whose source is ESTAT).
 */
export async function importLabels(
  db: Db,
  parsed: ParsedFile,
  datasetCode: string,
  sources: LabelSources & { title?: string | null },
): Promise<{ labels: ImportLabels; missing: LoadedCodelists['missing'] }> {
  // Eurostat's code lists name Eurostat's codes only: another publisher's file keeps its own labels, else its codes.
  if (parsed.meta && parsed.meta.source !== 'Eurostat') return { labels: noLabels, missing: [] };
  const needed = parsed.dimensions
    .filter((d) => d.values.some((v) => !v.label && !(isCodelistDimension(d.code) && codeLabel(d.code, v.code))))
    .map((d) => d.code);
  if (await hasUnknownGeos(db, parsed)) needed.push('geo');
  const { lists, missing } = await loadLabelLists(db, needed, sources);
  const dictionaries = sources.dataMirror ? mirrorDictionaries(sources.dataMirror) : null;
  const names = new Map<string, string>();
  for (const d of parsed.dimensions) {
    const name = d.label ? null : await dictionaries?.dimensionName(d.code);
    if (name) names.set(d.code, name);
  }
  const title = sources.title || ((await dictionaries?.title(datasetCode)) ?? null);
  return {
    labels: {
      value: (dimension, code) => lists.get(dimension.toLowerCase())?.get(code) || null,
      dimension: (dimension) => names.get(dimension) ?? null,
      title,
    },
    missing,
  };
}

const builtInGeos = new Set([...countries, ...aggregates].map((g) => g.code));

/** Whether the file has places it does not name that neither core/geo nor the database knows. */
async function hasUnknownGeos(db: Db, parsed: ParsedFile): Promise<boolean> {
  const unknown = [...parsed.observations.summary.geos].filter((g) => !parsed.geoLabels.has(g) && !builtInGeos.has(g));
  if (unknown.length === 0) return false;
  const known = new Set<string>();
  for (let i = 0; i < unknown.length; i += 1000) {
    const rows = await db
      .select({ code: geos.code })
      .from(geos)
      .where(inArray(geos.code, unknown.slice(i, i + 1000)));
    for (const r of rows) known.add(r.code);
  }
  return unknown.some((g) => !known.has(g));
}
