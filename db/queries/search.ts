// Catalogue search (decisions 055, 191): every code of the catalogue, imported here or listed by Eurostat, has a
// search document (search_documents, refreshed by imports and by every write to the catalogue). Places in the query
// narrow imported datasets to those with data there, typos are corrected to the documents' words (search_vocabulary,
// trigram similarity), and results are ranked by full-text match of the terms and their synonyms.
import { sql, type SQL } from 'drizzle-orm';
import { placeKind } from '../../core/geo/places';
import {
  alternativesOf,
  britishSpelling,
  closestWord,
  frequencyAsked,
  literalQuery,
  parseQuery,
  placeEntries,
  placeIndex,
  placeNameQuery,
  sameRoot,
  sameWordSpeltOtherwise,
  synonyms,
  synonymWords,
  termQuery,
} from '../../core/search';
import type { ParsedQuery, PlaceIndex, WordCandidate } from '../../core/search';
import { joinQuery } from '../../core/view';
import { catalogueState, memoAt } from '../catalogue-memo';
import type { ReadDb } from '../client';
import { pgArray, queryRows } from '../sql';
import { catalogueItems, categorySubtree } from './catalogue-items';
import { rankDocuments } from './search-ranking';
import type { DatasetListFilters, DatasetListItem, DatasetSearchResult } from './dataset-list';

/** The most trigram-similar words weighed as a typo's correction. */
const candidatesPerTerm = 32;
/** A word the catalogue uses this rarely may be its own misspelling (closestWord): its neighbours are read too. */
const rareWord = 2;
const knownWords: ReadonlySet<string> = new Set(synonymWords);

/** The places a query can name, read once per catalogue version (imports add regions). */
async function places(db: ReadDb): Promise<PlaceIndex> {
  const state = await catalogueState(db);
  return memoAt(db, state.version, 'search-places', async () => {
    const rows = await queryRows<{ code: string; name: string; level: number }>(
      db,
      sql`SELECT code, name, level FROM geos`,
    );
    return placeIndex(placeEntries(rows));
  });
}

/**
 * Each term as the catalogue knows it: itself when a document or the synonyms use the word, otherwise the closest such
 * word (closestWord: fewest edits, then the most used: inflaton → inflation, povrety → poverty), otherwise itself. An
 * English word spelt right is only read as its other spelling (fertiliser → fertilizers) or a word of its root (retirees
 * → retirement), never as another word (elections is not sections).
 * Phrases, short words (gdp, eu) and words with digits or `_` (codes) are kept as they are. The vocabulary is kept on
 * write (search_vocabulary), so a correction reads one trigram index, not every document.
 */
async function correctTerms(db: ReadDb, terms: readonly string[]): Promise<string[]> {
  // A word of the synonyms is known as typed.
  const single = terms.filter((t) => /^\p{L}{4,}$/u.test(t) && !synonyms[t] && !knownWords.has(t));
  if (single.length === 0) return [...terms];
  const speltRight = await britishSpelling();
  // The word itself when a title uses it; the trigram-similar words (`%`: pg_trgm's threshold, 0.3, through the index)
  // only for a word unknown or used by a title or two (closestWord). A word no document spells so but whose stem documents
  // have is another form of a catalogue word (nurses: nursing), not a typo: it counts as used by them (up to a few: a
  // rare one may still be the catalogue's own misspelling, housholds).
  const rows = await queryRows<{ term: string; stemmed: number } & WordCandidate>(
    db,
    sql`SELECT t.term, t.stemmed, c.word, c.similarity, c.documents
      FROM (SELECT u.term, (SELECT count(*) FROM (SELECT 1 FROM search_documents s
          WHERE s.document @@ plainto_tsquery('english', u.term) LIMIT ${rareWord + 1}) x)::integer AS stemmed
        FROM unnest(${pgArray(single)}::text[]) AS u(term)) t
      LEFT JOIN search_vocabulary self ON self.word = t.term
      LEFT JOIN LATERAL (
        SELECT self.word, 1::real AS similarity, self.documents WHERE self.word IS NOT NULL
        UNION ALL (SELECT v.word, similarity(v.word, t.term), v.documents FROM search_vocabulary v
          WHERE v.word % t.term AND greatest(self.documents, t.stemmed) <= ${rareWord}
          ORDER BY 2 DESC, 3 DESC LIMIT ${candidatesPerTerm})) c ON true`,
  );
  return terms.map((t) => {
    if (!single.includes(t)) return t;
    const mine = rows.filter((r) => r.term === t);
    const found: WordCandidate[] = mine.filter((r) => r.word !== null);
    const stemmed = mine[0]?.stemmed ?? 0;
    if (stemmed > 0 && !found.some((c) => c.word === t)) found.push({ word: t, similarity: 1, documents: stemmed });
    // An English word spelt right is not a typo (decision 247): "elections" the catalogue lacks is not "sections". It
    // is read as the catalogue's other spelling of it (fertiliser: fertilizers), or a word of its root (retirees:
    // retirement), or as typed.
    if (speltRight(t)) {
      const ofIt = found.filter((c) => c.word === t || sameWordSpeltOtherwise(t, c.word) || sameRoot(t, c.word));
      return closestWord(t, ofIt) ?? t;
    }
    // The synonyms' words as candidates too (no documents): a typo of a German or French word.
    const theirs = synonymWords.map((word) => ({ word, similarity: 0, documents: 0 }));
    return closestWord(t, [...found, ...theirs]) ?? t;
  });
}

export interface SearchPlan {
  parsed: ParsedQuery;
  /** The terms after typo correction, as searched. */
  terms: string[];
}

export async function planSearch(db: ReadDb, q: string): Promise<SearchPlan> {
  const parsed = parseQuery(q, await places(db));
  return { parsed, terms: await correctTerms(db, parsed.terms) };
}

/**
 * Datasets for a search, best first (or in the order asked). With `catalogue`, every entry of Eurostat's catalogue
 * that is listed, and every imported dataset; without, imported datasets only. At least one term must match. Each place
 * named must have data in an imported dataset; an entry not imported yet is kept (its places are not known here), after
 * the imported ones with data there and, when the place is a region, after regional entries. Imported items say which
 * places they open on (the dataset page's `country[]`). Ranking: db/queries/search-ranking.ts.
 */
export async function searchDatasets(db: ReadDb, f: DatasetListFilters & { q: string }): Promise<DatasetSearchResult> {
  const plan = await planSearch(db, f.q);
  const terms = plan.terms
    .map((t) => ({ query: termQuery(t), literal: literalQuery(t) || termQuery(t) }))
    .filter((t) => t.query !== '');
  const named = plan.parsed.places;
  // Nothing searchable (only stop words): nothing matches.
  if (terms.length === 0 && named.length === 0) return { items: [], total: 0, places: [] };
  // A document's places are known (not null) once its dataset is imported; `listed`: in the catalogue, not withdrawn.
  const where: SQL[] = [
    !f.catalogue || f.imported === true
      ? sql`s.geos IS NOT NULL`
      : f.imported === false
        ? sql`(s.geos IS NULL AND s.listed)`
        : sql`(s.geos IS NOT NULL OR s.listed)`,
  ];
  // A query of places only lists what is known to have data there: imported datasets.
  if (terms.length === 0) where.push(sql`s.geos IS NOT NULL`);
  if (f.frequency) where.push(sql`s.frequency = ${f.frequency}`);
  if (f.category) {
    const sub = categorySubtree(f.category);
    where.push(sql`(s.code IN (SELECT ec.code FROM catalogue_entry_categories ec WHERE ec.category_id IN ${sub})
      OR s.code IN (SELECT d.code FROM datasets d JOIN dataset_categories dc ON dc.dataset_id = d.id
        WHERE dc.category_id IN ${sub}))`);
  }
  if (f.geo) where.push(sql`${f.geo} = ANY(s.geos)`);
  const region = named.some((p) => placeKind(p.codes[0]!) === 'region');
  const rows = await rankDocuments(db, {
    terms,
    asked: plan.terms.flatMap(alternativesOf).join(' '),
    words: plan.parsed.all,
    placeSets: named.map((p) => p.codes),
    placeNames: named.map(placeNameQuery).filter((q) => q !== undefined),
    region,
    frequency: frequencyAsked(plan.terms) ?? null,
    regional: region || plan.terms.some((t) => /^(nuts|regions?|regional)$/.test(t)),
    where,
    sort: f.sort ?? 'relevance',
    limit: f.limit,
    offset: f.offset,
  });
  const found = await catalogueItems(
    db,
    rows.map((r) => r.code),
  );
  const items: DatasetListItem[] = [];
  for (const r of rows) {
    const item = found.get(r.code);
    if (!item) continue;
    // Each place named opens on its first code the dataset has data for (euro area: EA20, else EA19 …), and on the
    // values its labels matched.
    const geos = new Set(r.geos ?? []);
    const codes = r.geos ? named.map((p) => p.codes.find((c) => geos.has(c))).filter((c) => c !== undefined) : [];
    const view = [
      ...codes.map((c): [string, string] => ['country[]', c]),
      ...(r.values ?? []).map((v): [string, string] => ['dimension[]', v]),
    ];
    const labels = r.value_labels?.length ? { view_labels: r.value_labels } : {};
    items.push(view.length ? { ...item, view_query: joinQuery(view), ...labels } : item);
  }
  const total = rows[0]?.total ?? (f.offset > 0 ? await countOnly(db, f) : 0);
  return { items, total, places: named.map((p) => ({ text: p.text, name: p.name, codes: p.codes })) };
}

/** A page past the last result still reports how many there are. */
async function countOnly(db: ReadDb, f: DatasetListFilters & { q: string }): Promise<number> {
  const all = await searchDatasets(db, { ...f, offset: 0, limit: 1 });
  return all.total;
}
