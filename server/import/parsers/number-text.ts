// Strict reading of published numbers: validates and counts decimals in one pass instead of a regex per cell.

/**
 * Decimal places of a plain decimal number as published ("13.0" → 1, "11" → 0, "-0.25" → 2),
 * or -1 when the text is not one: Number() alone would accept "", "0x1F", "1e3" and "Infinity".
 */
export function decimalsOf(text: string): number {
  const n = text.length;
  let i = text.charCodeAt(0) === 45 /* - */ ? 1 : 0;
  let digits = 0;
  let dot = -1;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
    else if (c === 46 /* . */ && dot < 0) dot = i;
    else return -1;
  }
  if (digits === 0 || dot === n - 1) return -1;
  return dot < 0 ? 0 : n - dot - 1;
}
