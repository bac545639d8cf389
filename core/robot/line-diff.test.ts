import { describe, expect, it } from 'vitest';
import { diffStats, lineDiff } from './line-diff';

const kinds = (before: string, after: string) => lineDiff(before, after).map((d) => `${d.kind[0]} ${d.text}`);

describe('lineDiff', () => {
  it('keeps equal texts as unchanged lines', () => {
    expect(kinds('a\nb\n', 'a\nb')).toEqual(['s a', 's b']);
  });

  it('marks every line added against nothing published yet', () => {
    expect(kinds('', 'one\ntwo')).toEqual(['a one', 'a two']);
    expect(kinds('gone', '')).toEqual(['r gone']);
  });

  it('shows an edited line as removed then added, between the kept ones', () => {
    expect(kinds('title\nold sentence\nend', 'title\nnew sentence\nend')).toEqual([
      's title',
      'r old sentence',
      'a new sentence',
      's end',
    ]);
  });

  it('finds the longest common lines when lines move and repeat', () => {
    const diff = lineDiff('a\nb\nc\nd\ne', 'a\nc\nd\nb\ne\nf');
    expect(diff.filter((d) => d.kind === 'same').map((d) => d.text)).toEqual(['a', 'c', 'd', 'e']);
    expect(diffStats(diff)).toEqual({ added: 2, removed: 1 });
    // Replaying the diff gives back both texts.
    expect(diff.filter((d) => d.kind !== 'added').map((d) => d.text)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(diff.filter((d) => d.kind !== 'removed').map((d) => d.text)).toEqual(['a', 'c', 'd', 'b', 'e', 'f']);
  });

  it('treats CRLF and LF line ends alike', () => {
    expect(kinds('x\r\ny', 'x\ny')).toEqual(['s x', 's y']);
  });
});
