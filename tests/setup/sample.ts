// Crawls over every page run under `npm run test:exhaustive` (TEST_EXHAUSTIVE=1); `npm test` checks a stratified
// sample that proves the same rules: every group is represented, with its first and last members.

export const exhaustive = process.env.TEST_EXHAUSTIVE === '1';

/**
 * All items when exhaustive; otherwise, per group, the first, the last and evenly spaced members up to `perGroup`,
 * in their original order. Deterministic, so a failure reproduces.
 */
export function stratifiedSample<T>(items: readonly T[], groupOf: (item: T) => string, perGroup: number): T[] {
  if (exhaustive) return [...items];
  const groups = new Map<string, number[]>();
  items.forEach((item, i) => {
    const key = groupOf(item);
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  const picked = new Set<number>();
  for (const indexes of groups.values()) {
    const n = Math.min(perGroup, indexes.length);
    for (let k = 0; k < n; k++) picked.add(indexes[n === 1 ? 0 : Math.round((k * (indexes.length - 1)) / (n - 1))]!);
  }
  return items.filter((_, i) => picked.has(i));
}
