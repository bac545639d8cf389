// Eurostat's table of contents (…/catalogue/toc/txt?lang=en): which datasets it publishes and the "last update of
// data" of each, the cheap way to learn what changed without downloading any data.

export interface TocEntry {
  code: string;
  title: string;
  /** "last update of data" exactly as published (DD.MM.YYYY, sometimes with a time): compared as text. */
  lastUpdate: string;
  /** The same as a time (UTC midnight of the day when no time is given), or null when it cannot be read. */
  updatedAt: Date | null;
}

export function tocUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/catalogue/toc/txt?lang=en`;
}

/** A dataset or table of the table of contents with everything it says about it (decision 188). */
export interface TocItem extends TocEntry {
  kind: 'dataset' | 'table';
  /** "last table structure change" as a time, or null. */
  structureChanged: Date | null;
  /** "data start" and "data end" as published (1997M01, 2019W01, 2020-01-01 …), or null when blank. */
  dataStart: string | null;
  dataEnd: string | null;
  /** The folder codes it is listed under, in the file's order (a dataset may sit under several themes). */
  folders: string[];
  /** The first placement's folder codes from the top of the tree down: its breadcrumbs. */
  themePath: string[];
}

export interface TocFolder {
  code: string;
  title: string;
  /** The folder above at its first placement; null at the top ("Database by themes", "Tables by themes" …). */
  parent: string | null;
}

export interface TocTree {
  /** By lower-case code, in the file's order; each code once, with all its placements. */
  items: Map<string, TocItem>;
  /** By lower-case code, in the file's order; a folder listed in several places keeps its first parent. */
  folders: Map<string, TocFolder>;
}

const cells = (line: string) => line.split('\t').map((c) => c.replace(/^"(.*)"$/s, '$1'));

/**
 * The whole table of contents: every dataset and table with its placements, and the tree of folders, read from the
 * titles' indentation (four spaces per level).
 */
export function parseTocTree(text: string): TocTree {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = cells(lines[0] ?? '').map((h) => h.trim().toLowerCase());
  const at = (name: string) => header.indexOf(name);
  const [title, code, type, updated] = [at('title'), at('code'), at('type'), at('last update of data')];
  const [structure, start, end] = [at('last table structure change'), at('data start'), at('data end')];
  if (code < 0 || updated < 0) {
    throw new Error('the table of contents has no "code" and "last update of data" columns');
  }
  const items = new Map<string, TocItem>();
  const folders = new Map<string, TocFolder>();
  /** The folder codes open at each depth. */
  const open: string[] = [];
  const cell = (row: string[], i: number) => (i >= 0 ? (row[i] ?? '').trim() : '');
  for (const line of lines.slice(1)) {
    if (!line.trim()) continue;
    const row = cells(line);
    const rawTitle = title >= 0 ? (row[title] ?? '') : '';
    const depth = Math.floor((rawTitle.length - rawTitle.trimStart().length) / 4);
    const id = cell(row, code).toLowerCase();
    if (!id || !/^[a-z0-9_]+$/.test(id)) continue;
    const kind = type >= 0 ? cell(row, type) : 'dataset';
    open.length = Math.min(open.length, depth);
    const parent = open.length ? open[open.length - 1]! : null;
    if (kind === 'folder') {
      if (!folders.has(id)) folders.set(id, { code: id, title: rawTitle.trim() || id, parent });
      open.push(id);
      continue;
    }
    if (kind !== 'dataset' && kind !== 'table') continue;
    const known = items.get(id);
    if (known) {
      if (parent && !known.folders.includes(parent)) known.folders.push(parent);
      continue;
    }
    const lastUpdate = cell(row, updated);
    items.set(id, {
      code: id,
      title: rawTitle.trim() || id,
      kind,
      lastUpdate,
      updatedAt: tocTime(lastUpdate),
      structureChanged: tocTime(cell(row, structure)),
      dataStart: cell(row, start) || null,
      dataEnd: cell(row, end) || null,
      folders: parent ? [parent] : [],
      themePath: [...open],
    });
  }
  return { items, folders };
}

/** Datasets (and tables) that state a "last update of data", by lower-case code: what a refresh compares. */
export function parseToc(text: string): Map<string, TocEntry> {
  return datedEntries(parseTocTree(text));
}

/** The items of a tree that state a "last update of data". */
export function datedEntries(tree: TocTree): Map<string, TocEntry> {
  const entries = new Map<string, TocEntry>();
  for (const [id, item] of tree.items) {
    if (item.lastUpdate) entries.set(id, item);
  }
  return entries;
}

/** "22.09.2026" or "22.09.2026 11:00:00" (taken as UTC) → a time; anything else → null. */
export function tocTime(text: string): Date | null {
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return null;
  const [, d, mo, y, h = '0', mi = '0', s = '0'] = m;
  const time = new Date(Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +s));
  return Number.isNaN(time.getTime()) || time.getUTCDate() !== +d! ? null : time;
}

export async function fetchToc(baseUrl: string, signal?: AbortSignal): Promise<TocTree> {
  const url = tocUrl(baseUrl);
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: { 'user-agent': 'statistics-publisher' } });
  } catch (error) {
    throw new Error(`could not reach Eurostat's table of contents (${describe(error)})`, { cause: error });
  }
  if (response.status !== 200) {
    await response.arrayBuffer().catch(() => undefined);
    throw new Error(`Eurostat's table of contents answered ${response.status}`);
  }
  return parseTocTree(await response.text());
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause : null;
  const code = cause && 'code' in cause && typeof cause.code === 'string' ? cause.code : null;
  return code ? `${error.message}: ${code}` : cause ? `${error.message}: ${cause.message}` : error.message;
}
