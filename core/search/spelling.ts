// Whether a word is spelt right in British English, the language of Eurostat's titles (decision 247): Hunspell's en-GB
// dictionary (dictionary-en-gb) read by nspell. A word spelt right is not a typo, even when the catalogue lacks it:
// "elections" is not "sections", "coffee" not the German "offene". Loaded once, on the first search that asks (the
// dictionary is read from its package's files: server side only).

/** Tells whether a word (lower case) is an English word spelt the British way. */
export type SpeltRight = (word: string) => boolean;

let speller: Promise<SpeltRight> | undefined;

export function britishSpelling(): Promise<SpeltRight> {
  speller ??= Promise.all([import('nspell'), import('dictionary-en-gb')]).then(
    ([{ default: nspell }, { default: dictionary }]) => {
      const text = new TextDecoder();
      const checker = nspell({ aff: text.decode(dictionary.aff), dic: text.decode(dictionary.dic) });
      return (word) => checker.correct(word);
    },
  );
  return speller;
}

/** British and American ways of writing one word, each reduced to one form: fertiliser and fertilizer alike. */
const otherSpellings: readonly [RegExp, string][] = [
  [/is(?=(e|ed|es|er|ers|ing|ation|ations)$)/, 'iz'],
  [/ys(?=(e|ed|es|ing)$)/, 'yz'],
  [/our(?=(s|ed|ing|al|able)?$)/, 'or'],
  [/tre(?=s?$)/, 'ter'],
  [/ence(?=s?$)/, 'ense'],
  [/ogue(?=s?$)/, 'og'],
  [/mme(?=s?$)/, 'm'],
  [/ll(?=(ed|er|ers|ing)$)/, 'l'],
  [/ae/g, 'e'],
  [/oe/g, 'e'],
];

/** The word in one spelling, singular: a title may say "fertilizers" for the "fertiliser" typed. */
function oneSpelling(word: string): string {
  return otherSpellings.reduce((w, [pattern, by]) => w.replace(pattern, by), word.replace(/s$/, ''));
}

/**
 * Whether two words are one word written the British and the American way (fertiliser, fertilizers; centre, center;
 * defence, defense; programme, program; paediatric, pediatric), in either number. A word spelt right may be read as the catalogue's
 * other spelling of it, and as nothing else.
 */
export function sameWordSpeltOtherwise(a: string, b: string): boolean {
  return a !== b && oneSpelling(a) === oneSpelling(b);
}

/** Letters two words share at their start to be one root (retirees, retirement; returnees, returned). */
const rootLength = 6;

/**
 * Whether two words share a root: their first six letters. A word spelt right that the catalogue lacks may be read as
 * another word of its root ("retirees" as retirement, "fishermen" as fisheries), and only so: "turnout" is not
 * "turnover", nor "storms" "stores".
 */
export function sameRoot(a: string, b: string): boolean {
  return a.length >= rootLength && b.length >= rootLength && a.slice(0, rootLength) === b.slice(0, rootLength);
}
