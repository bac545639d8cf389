// URL slugs: lowercase ASCII, hyphenated names (Baden-Württemberg → baden-wurttemberg), unique among siblings.

/** Letters that Unicode decomposition does not reduce to ASCII. */
const SPECIAL: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  Ð: 'd',
  þ: 'th',
  Þ: 'th',
  ı: 'i',
  ħ: 'h',
  Ħ: 'h',
};

/** `Bad Tölz-Wolfratshausen` → `bad-tolz-wolfratshausen`; `Kosovo*` → `kosovo`; `Türkiye` → `turkiye`. */
export function slugify(text: string): string {
  return text
    .replace(/[ßẞæÆœŒøØłŁđĐðÐþÞıħĦ]/g, (c) => SPECIAL[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export interface Named {
  code: string;
  name: string;
}

/**
 * The slug of each sibling, keyed by code. Names that give the same slug (or none) among siblings get
 * their code appended, so every slug stays unique under its parent and does not depend on row order.
 */
export function siblingSlugs(siblings: readonly Named[]): Map<string, string> {
  const base = new Map(siblings.map((s) => [s.code, slugify(s.name)]));
  const counts = new Map<string, number>();
  for (const slug of base.values()) counts.set(slug, (counts.get(slug) ?? 0) + 1);
  const out = new Map<string, string>();
  for (const [code, slug] of base) {
    const clash = slug === '' || (counts.get(slug) ?? 0) > 1;
    out.set(code, clash ? [slug, code.toLowerCase()].filter(Boolean).join('-') : slug);
  }
  return out;
}
