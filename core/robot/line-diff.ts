// A line diff (longest common subsequence) of two texts, for the robot's review of a draft against the version last
// published (decision 143). Drafts are a few hundred lines at most, so the quadratic table is small.

export type DiffLine = { kind: 'same' | 'added' | 'removed'; text: string };

/** Most cells the LCS table may have; beyond it the texts are compared as all removed then all added. */
const MAX_CELLS = 4_000_000;

function linesOf(text: string): string[] {
  if (text === '') return [];
  return text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
}

/** The lines of `before` and `after` in order: kept, removed (only in before) and added (only in after). */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = linesOf(before);
  const b = linesOf(after);
  // Common head and tail first: edits are usually a few lines in the middle.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const out: DiffLine[] = a.slice(0, head).map((text) => ({ kind: 'same', text }));
  if ((midA.length + 1) * (midB.length + 1) > MAX_CELLS) {
    out.push(...midA.map((text): DiffLine => ({ kind: 'removed', text })));
    out.push(...midB.map((text): DiffLine => ({ kind: 'added', text })));
  } else {
    const n = midA.length;
    const m = midB.length;
    // lcs[i][j]: the LCS length of midA[i..] and midB[j..].
    const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lcs[i]![j] = midA[i] === midB[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (midA[i] === midB[j]) {
        out.push({ kind: 'same', text: midA[i]! });
        i++;
        j++;
      } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) {
        out.push({ kind: 'removed', text: midA[i++]! });
      } else {
        out.push({ kind: 'added', text: midB[j++]! });
      }
    }
    while (i < n) out.push({ kind: 'removed', text: midA[i++]! });
    while (j < m) out.push({ kind: 'added', text: midB[j++]! });
  }
  out.push(...a.slice(a.length - tail).map((text): DiffLine => ({ kind: 'same', text })));
  return out;
}

/** How many lines were added and removed. */
export function diffStats(diff: readonly DiffLine[]): { added: number; removed: number } {
  return {
    added: diff.filter((d) => d.kind === 'added').length,
    removed: diff.filter((d) => d.kind === 'removed').length,
  };
}
