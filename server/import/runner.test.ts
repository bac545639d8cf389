import { describe, expect, it } from 'vitest';
import { codeFromFileName } from './runner';

describe('codeFromFileName', () => {
  it('finds catalogue codes and Eurostat-shaped names, and refuses guesses', () => {
    expect(codeFromFileName('estat_prc_hicp_manr_filtered.tsv')).toBe('prc_hicp_manr');
    expect(codeFromFileName('/x/nama_10r_3gdp_linear.csv.gz')).toBe('nama_10r_3gdp');
    expect(codeFromFileName('une_rt_m_DE_SA_2024-01_2026-08.json')).toBe('une_rt_m');
    expect(codeFromFileName('estat_demo_pjan.tsv')).toBe('demo_pjan');
    expect(codeFromFileName('teina230.tsv')).toBe('teina230');
    expect(codeFromFileName('data.tsv')).toBeNull();
    expect(codeFromFileName('My Export (1).csv')).toBeNull();
  });
});
