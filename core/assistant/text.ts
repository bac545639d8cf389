// Text helpers of the assistant's question parser: accent-insensitive normalising and word-bounded phrase search.

/** Lower case, accents and punctuation removed, single spaces: "Île-de-France" → "ile de france". */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Index of a normalised phrase in normalised text at word boundaries, or -1. */
export function findPhrase(haystack: string, phrase: string, from = 0): number {
  if (!phrase) return -1;
  let at = haystack.indexOf(phrase, from);
  while (at !== -1) {
    const before = at === 0 || haystack[at - 1] === ' ';
    const end = at + phrase.length;
    const after = end === haystack.length || haystack[end] === ' ';
    if (before && after) return at;
    at = haystack.indexOf(phrase, at + 1);
  }
  return -1;
}

export function hasAny(haystack: string, phrases: readonly string[]): boolean {
  return phrases.some((p) => findPhrase(haystack, p) !== -1);
}
