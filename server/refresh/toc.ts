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

/** Datasets (and tables) of the table of contents by lower-case code; folders are skipped. */
export function parseToc(text: string): Map<string, TocEntry> {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const cells = (line: string) => line.split('\t').map((c) => c.trim().replace(/^"(.*)"$/s, '$1'));
  const header = cells(lines[0] ?? '').map((h) => h.trim().toLowerCase());
  const at = (name: string) => header.indexOf(name);
  const [title, code, type, updated] = [at('title'), at('code'), at('type'), at('last update of data')];
  if (code < 0 || updated < 0) {
    throw new Error('the table of contents has no "code" and "last update of data" columns');
  }
  const entries = new Map<string, TocEntry>();
  for (const line of lines.slice(1)) {
    if (!line.trim()) continue;
    const row = cells(line);
    const kind = type >= 0 ? row[type] : 'dataset';
    if (kind !== 'dataset' && kind !== 'table') continue;
    const id = row[code]?.trim().toLowerCase();
    const lastUpdate = row[updated]?.trim() ?? '';
    if (!id || !/^[a-z0-9_]+$/.test(id) || !lastUpdate || entries.has(id)) continue;
    entries.set(id, { code: id, title: (row[title] ?? id).trim(), lastUpdate, updatedAt: tocTime(lastUpdate) });
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

export async function fetchToc(baseUrl: string, signal?: AbortSignal): Promise<Map<string, TocEntry>> {
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
  return parseToc(await response.text());
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause : null;
  const code = cause && 'code' in cause && typeof cause.code === 'string' ? cause.code : null;
  return code ? `${error.message}: ${code}` : cause ? `${error.message}: ${cause.message}` : error.message;
}
