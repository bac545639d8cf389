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
