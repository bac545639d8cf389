// Stable SVG element ids derived from props: no Math.random or useId, so SSR, hydration and export agree.

/** A short base-36 FNV-1a hash of the given parts. */
export function hashParts(parts: readonly unknown[]): string {
  const text = JSON.stringify(parts);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/** An id such as `line-chart-1x2k3` from a view name and the props that define the chart. */
export function chartDomId(view: string, parts: readonly unknown[]): string {
  return `${view}-${hashParts(parts)}`;
}
