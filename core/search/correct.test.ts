import { describe, expect, it } from 'vitest';
import { closestWord, editsAllowed } from './correct';

const word = (w: string, similarity: number, documents: number) => ({ word: w, similarity, documents });

describe('closestWord', () => {
  it('keeps a word the catalogue or the synonyms use', () => {
    expect(closestWord('poverty', [word('poverty', 1, 120), word('povert', 0.6, 1)])).toBe('poverty');
  });

  it('counts a swap of two letters as one edit, which trigrams alone rate low', () => {
    expect(closestWord('povrety', [word('poverty', 0.33, 120), word('prevent', 0.3, 3)])).toBe('poverty');
  });

  it('prefers, among words as close, the one most documents use over a title’s own typo', () => {
    expect(closestWord('houshold', [word('housholds', 0.7, 1), word('household', 0.5, 400)])).toBe('household');
  });

  it('takes the same word with another ending (a singular typed for a plural)', () => {
    expect(closestWord('bilbery', [word('bilberries', 0.46, 1)])).toBe('bilberries');
  });

  it('leaves a word that is only similar: another word, not a typo', () => {
    expect(closestWord('eheschliessungen', [word('ehescheidungen', 0.45, 0)])).toBeUndefined();
    expect(closestWord('pendler', [])).toBeUndefined();
  });

  it('allows one edit in short words, two in longer ones', () => {
    expect(editsAllowed('gini')).toBe(1);
    expect(editsAllowed('asylym')).toBe(2);
    expect(closestWord('gimi', [word('gini', 0.3, 5), word('gimp', 0.3, 50)])).toBe('gimp');
    expect(closestWord('gxmx', [word('gini', 0.1, 5)])).toBeUndefined();
  });
});

describe('closestWord on a misspelling of the catalogue’s own', () => {
  it('takes the commoner spelling of a word one or two titles misspell', () => {
    expect(closestWord('investement', [word('investement', 1, 1), word('investment', 0.6, 300)])).toBe('investment');
  });

  it('keeps a rare word that is the same word with another ending, or another word', () => {
    expect(closestWord('resident', [word('resident', 1, 2), word('residence', 0.6, 200)])).toBe('resident');
    expect(closestWord('emigrants', [word('emigrants', 1, 2), word('migrants', 0.7, 200)])).toBe('emigrants');
    expect(closestWord('investement', [word('investement', 1, 5), word('investment', 0.6, 300)])).toBe('investement');
  });
});
