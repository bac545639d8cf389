// Text width estimates for layout without a DOM: Helvetica advance widths, padded for wider system fonts.

// Advance widths in 1/1000 em of the printable ASCII characters 32 (space) … 126 (~).
const ASCII_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
  556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
  260, 334, 584,
];
const OTHER_WIDTH = 600;
/** DejaVu Sans (the fallback on Linux and in PNG export) runs about 12% wider than Helvetica. */
const SAFETY = 1.12;

/** Estimated rendered width in pixels of `text` at `fontSize` in the chart font stack. */
export function estimateTextWidth(text: string, fontSize: number): number {
  let units = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    units += code >= 32 && code <= 126 ? (ASCII_WIDTHS[code - 32] ?? OTHER_WIDTH) : OTHER_WIDTH;
  }
  return (units / 1000) * fontSize * SAFETY;
}

/** The widest of several labels. */
export function maxTextWidth(texts: readonly string[], fontSize: number): number {
  return texts.reduce((m, t) => Math.max(m, estimateTextWidth(t, fontSize)), 0);
}

/** Shortens `text` with an ellipsis so it fits `maxWidth`; returns it unchanged when it fits. */
export function truncateText(text: string, maxWidth: number, fontSize: number): string {
  if (estimateTextWidth(text, fontSize) <= maxWidth) return text;
  const chars = [...text];
  while (chars.length > 0 && estimateTextWidth(`${chars.join('').trimEnd()}\u2026`, fontSize) > maxWidth) {
    chars.pop();
  }
  return chars.length > 0 ? `${chars.join('').trimEnd()}\u2026` : '';
}

/** The full label where it fits, else the short one (a place's short name, 'EU27'), shortened further if need be. */
export function fitLabel(full: string, short: string | undefined, maxWidth: number, fontSize: number): string {
  if (estimateTextWidth(full, fontSize) <= maxWidth || !short) return truncateText(full, maxWidth, fontSize);
  return truncateText(short, maxWidth, fontSize);
}
