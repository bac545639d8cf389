// The surrogate keys a shared cache files the app's answers under (decision 218): a dataset's own answers by its code,
// everything else as the site's, and every one as shared.
import { describe, expect, it } from 'vitest';
import { surrogateKeysOf } from './policy';

const keys = (address: string) => surrogateKeysOf(new URL(address, 'http://site.example'));

describe('surrogate keys', () => {
  it("file a dataset's page, embed, loader data and sharing card under its code", () => {
    expect(keys('/datasets/une_rt_m')).toBe('shared dataset:une_rt_m');
    expect(keys('/datasets/une_rt_m?embed=true&width=600')).toBe('shared dataset:une_rt_m');
    expect(keys('/datasets/UNE_RT_M/')).toBe('shared dataset:une_rt_m');
    expect(keys('/datasets/une_rt_m.data')).toBe('shared dataset:une_rt_m');
    expect(keys('/api/og-image?path=%2Fdatasets%2Fprc_hicp_manr%3Fchart_type%3Dmap')).toBe(
      'shared dataset:prc_hicp_manr',
    );
  });

  it('file everything else, and addresses that do not name a code as codes are written, as the site’s', () => {
    for (const address of [
      '/',
      '/datasets',
      '/statistics/de',
      '/blog/a-post',
      '/datasets/42',
      '/datasets/une%20rt',
      '/datasets/%E0%A4%A',
      '/api/og-image?path=/statistics/fr',
      '/api/og-image',
    ]) {
      expect(keys(address), address).toBe('shared site');
    }
  });
});
