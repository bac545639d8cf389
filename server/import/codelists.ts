// Eurostat code lists for label-only files: fetched once from Eurostat's SDMX API
// (…/sdmx/2.1/codelist/ESTAT/{ID}) and cached in the database (codelist_codes, codelist_fetches).
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { codelistCodes, codelistFetches } from '../../db/schema';
import { eurostatApiBase } from './fetch-eurostat';

/** Where to fetch code lists the database does not hold yet; without one, only cached lists are used. */
export interface CodelistSource {
  /** Eurostat's dissemination API (the default); tests point it at a local server. */
  baseUrl?: string;
  fetchImpl?: typeof fetch;
}

/** Code → English label, per dimension (lower case). */
export type Codelists = Map<string, Map<string, string>>;

export interface LoadedCodelists {
  lists: Codelists;
  /** Lists that could not be fetched, with why (unreachable, not a Eurostat list). */
  missing: { dimension: string; reason: string }[];
}

export function eurostatCodelistUrl(dimension: string, baseUrl = eurostatApiBase): string {
  return `${baseUrl.replace(/\/+$/, '')}/sdmx/2.1/codelist/ESTAT/${encodeURIComponent(dimension.toUpperCase())}`;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)))
      : (entities[e.toLowerCase()] ?? _),
  );

/** The codes and English names of the code list in an SDMX-ML structure message (SDMX 2.1 or 3.0). */
export function parseCodelistXml(xml: string): Map<string, string> {
  const codes = new Map<string, string>();
  // <str:Code id="…"> (2.1) or <s:Code id="…"> (3.0); "Codelist" does not match Code\b.
  for (const m of xml.matchAll(/<(?:[\w-]+:)?Code\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:[\w-]+:)?Code>)/g)) {
    const id = /\bid="([^"]*)"/.exec(m[1] ?? '')?.[1];
    const names = [...(m[2] ?? '').matchAll(/<(?:[\w-]+:)?Name\b([^>]*)>([\s\S]*?)<\/(?:[\w-]+:)?Name>/g)];
    const name = names.find((n) => /xml:lang="en"/.test(n[1] ?? '')) ?? names[0];
    if (id && name) codes.set(decode(id), decode(name[2] ?? '').trim());
  }
  return codes;
}

type Fetched =
  { dimension: string; url: string; codes: Map<string, string> } | { dimension: string; url: string; problem: string };

/**
 * The code lists of these dimensions: from the database, and with a source, fetched once from Eurostat for
 * those it does not hold (a list that cannot be fetched is reported, and the file's labels fall back).
 */
export async function loadCodelists(db: Db, dimensions: string[], source?: CodelistSource): Promise<LoadedCodelists> {
  const wanted = [...new Set(dimensions.map((d) => d.toLowerCase()))];
  const missing: LoadedCodelists['missing'] = [];
  if (wanted.length === 0) return { lists: new Map(), missing };
  const cached = await db
    .select({ codelist: codelistFetches.codelist })
    .from(codelistFetches)
    .where(inArray(codelistFetches.codelist, wanted));
  const held = new Set(cached.map((r) => r.codelist));
  // Fetched side by side: an unreachable Eurostat costs one timeout, not one per list.
  const fetched = await Promise.all(
    (source ? wanted.filter((d) => !held.has(d)) : []).map(async (dimension): Promise<Fetched> => {
      const url = eurostatCodelistUrl(dimension, source?.baseUrl);
      try {
        const response = await (source?.fetchImpl ?? fetch)(url, { signal: AbortSignal.timeout(15_000) });
        if (!response.ok) return { dimension, url, problem: `${url} answered ${response.status}` };
        const codes = parseCodelistXml(await response.text());
        return codes.size > 0 ? { dimension, url, codes } : { dimension, url, problem: `${url} holds no codes` };
      } catch (error) {
        return { dimension, url, problem: `${url}: ${error instanceof Error ? error.message : String(error)}` };
      }
    }),
  );
  for (const result of fetched) {
    if ('problem' in result) {
      missing.push({ dimension: result.dimension, reason: result.problem });
      continue;
    }
    const { dimension, url, codes } = result;
    const rows = [...codes].map(([code, label]) => ({ codelist: dimension, code, label }));
    await db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += 1000) {
        await tx
          .insert(codelistCodes)
          .values(rows.slice(i, i + 1000))
          .onConflictDoNothing();
      }
      await tx
        .insert(codelistFetches)
        .values({ codelist: dimension, source: url, codes: codes.size })
        .onConflictDoNothing();
    });
    held.add(dimension);
  }
  const lists: Codelists = new Map();
  if (held.size > 0) {
    const rows = await db
      .select()
      .from(codelistCodes)
      .where(inArray(codelistCodes.codelist, [...held]));
    for (const r of rows) {
      let list = lists.get(r.codelist);
      if (!list) lists.set(r.codelist, (list = new Map()));
      list.set(r.code, r.label);
    }
  }
  return { lists, missing };
}
