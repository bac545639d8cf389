// The keys that walk a chart's points, a map's regions and a table's cells (decision 214), one path for the page and the embed: the
// page's tooltip layer, map and table call these functions, and the embed's script (no React, no imports) carries their
// source. So each uses nothing outside its own body: no imports, no module constants, no helpers.

/**
 * The point a key moves a chart's walk to, from `at` (null: none shown) among `count` points spread along `axis`:
 * back (Left, or Up on a horizontal bar chart) and forward, stopping at the ends, Home and End to the ends, Escape
 * to none (null); undefined for a key the walk does not use.
 */
export function pointStep(key: string, at: number | null, count: number, axis: string): number | null | undefined {
  const last = count - 1;
  if (last < 0) return undefined;
  if (key === (axis === 'y' ? 'ArrowUp' : 'ArrowLeft')) return Math.max(0, (at ?? last + 1) - 1);
  if (key === (axis === 'y' ? 'ArrowDown' : 'ArrowRight')) return Math.min(last, (at ?? -1) + 1);
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  if (key === 'Escape') return null;
  return undefined;
}

/**
 * The region a key moves a map's walk to, by its index in `names` (the walk's order, A to Z) from `at` (-1: none):
 * `steps` says which keys go to the next, previous, first or last region (the ends stop the walk); a letter jumps to
 * the next region whose name begins with it, round to the start, as in a list box, and stays where none does.
 * Undefined for a key the walk does not use.
 */
export function regionStep(
  names: readonly string[],
  at: number,
  key: string,
  steps: Readonly<Record<string, string>>,
): number | undefined {
  const last = names.length - 1;
  const step = steps[key];
  if (step === 'first') return 0;
  if (step === 'last') return last;
  if (step === 'next') return Math.min(last, at + 1);
  if (step === 'previous') return Math.max(0, at - 1);
  if (!/^\p{L}$/u.test(key)) return undefined;
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  for (let k = 1; k <= names.length; k++) {
    const i = (at + k) % names.length;
    if (collator.compare((names[i] ?? '').slice(0, 1), key) === 0) return i;
  }
  return at;
}

/**
 * The data cell a key moves a table's walk to, as [row, column] from `row` and `column` among `rows` × `columns` cells:
 * Left and Right along the row, Up and Down along the column, stopping at the edges; Home and End to the row's first
 * and last cell, with Ctrl (`ctrl`; Cmd on a Mac) to the table's first and last. Undefined for a key the walk does not use.
 */
export function cellStep(
  key: string,
  ctrl: boolean,
  row: number,
  column: number,
  rows: number,
  columns: number,
): [number, number] | undefined {
  const r = rows - 1;
  const c = columns - 1;
  if (r < 0 || c < 0) return undefined;
  if (key === 'Home') return ctrl ? [0, 0] : [row, 0];
  if (key === 'End') return ctrl ? [r, c] : [row, c];
  if (key === 'ArrowUp') return [Math.max(0, row - 1), column];
  if (key === 'ArrowDown') return [Math.min(r, row + 1), column];
  if (key === 'ArrowLeft') return [row, Math.max(0, column - 1)];
  if (key === 'ArrowRight') return [row, Math.min(c, column + 1)];
  return undefined;
}
