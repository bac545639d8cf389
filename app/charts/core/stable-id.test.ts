import { describe, expect, it } from 'vitest';
import { chartDomId, hashParts } from './stable-id';

describe('chartDomId', () => {
  it('is the same for the same props and differs for different props', () => {
    expect(chartDomId('line-chart', [1, ['DE'], 800])).toBe(chartDomId('line-chart', [1, ['DE'], 800]));
    expect(chartDomId('line-chart', [1, ['DE'], 800])).not.toBe(chartDomId('line-chart', [1, ['FR'], 800]));
    expect(chartDomId('bar-chart', [])).toMatch(/^bar-chart-[0-9a-z]+$/);
  });

  it('hashes to a short base-36 string', () => {
    expect(hashParts(['x'])).toMatch(/^[0-9a-z]{1,7}$/);
  });
});
