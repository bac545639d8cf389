// Typo correction (decision 191): which word of the catalogue a word nobody uses was meant to be. Pure: the candidates
// are the search vocabulary's words trigram-similar to the word typed (from the database) and the synonyms' words.
import { editDistance } from './query';

export interface WordCandidate {
  word: string;
  /** Trigram similarity to the word typed (0 to 1). */
  similarity: number;
  /** How many search documents use the word (0 for a word of the synonyms only). */
  documents: number;
}

/** A typo is a letter or two: one in a word of five letters or fewer, two in a longer word. */
export function editsAllowed(word: string): number {
  return word.length <= 5 ? 1 : 2;
}

/** Whether `word` is `term` with another ending (bilbery → bilberries): they share all but the term's last two letters. */
function otherEnding(term: string, word: string): boolean {
  let shared = 0;
  while (shared < term.length && term[shared] === word[shared]) shared++;
  return shared >= Math.max(5, term.length - 2) && word.length <= term.length + 4;
}

/** A word this rare beside a spelling this much commoner is a typo in Eurostat's own titles ("expediture"). */
const rareTypo = { documents: 2, commoner: 30 };

/**
 * The commoner spelling of a word the catalogue itself misspells a time or two (investement → investment, housholds →
 * households), a letter or two away, starting alike, and not the same word with another ending ("resident" stays).
 */
function commonerSpelling(term: string, documents: number, candidates: readonly WordCandidate[]): string | undefined {
  if (documents > rareTypo.documents) return undefined;
  const allowed = editsAllowed(term);
  return candidates
    .filter(
      (c) =>
        c.documents >= rareTypo.commoner * documents &&
        c.word.slice(0, 2) === term.slice(0, 2) &&
        !otherEnding(term, c.word) &&
        !otherEnding(c.word, term) &&
        editDistance(term, c.word) <= allowed,
    )
    .sort((a, b) => b.documents - a.documents)[0]?.word;
}

/**
 * The word meant: the term itself when a candidate is the term (unless a rare misspelling of the catalogue's, see
 * commonerSpelling), otherwise the candidate fewest edits away (a swap of
 * two letters is one: povrety → poverty, which trigrams alone rate 0.33), then the one most documents use (houshold →
 * household, not a title's own typo "housholds"), then the most similar. The same word with another ending counts as
 * the edits allowed (a singular typed for a plural). A word further away is another word, not a typo (Eheschliessungen
 * is not Ehescheidungen): undefined, and the term is searched as typed.
 */
export function closestWord(term: string, candidates: readonly WordCandidate[]): string | undefined {
  const allowed = editsAllowed(term);
  const itself = candidates.filter((c) => c.word === term);
  // A word of the synonyms (no documents) is known as typed.
  if (itself.some((c) => c.documents === 0)) return term;
  if (itself.length) return commonerSpelling(term, itself[0]!.documents, candidates) ?? term;
  const fits = candidates
    .map((c) => ({
      ...c,
      edits: Math.min(editDistance(term, c.word), otherEnding(term, c.word) ? allowed : allowed + 1),
    }))
    .filter((c) => c.edits <= allowed);
  fits.sort(
    (a, b) =>
      a.edits - b.edits ||
      b.documents - a.documents ||
      b.similarity - a.similarity ||
      (a.word < b.word ? -1 : a.word > b.word ? 1 : 0),
  );
  return fits[0]?.word;
}
