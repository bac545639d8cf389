import { describe, expect, it } from 'vitest';
import { isChanged } from '../refresh/refresh';
import { parseToc, tocTime } from './toc';

// The shape of Eurostat's …/catalogue/toc/txt?lang=en: quoted cells, tabs, folders indented by four spaces.
const toc = [
  '"title"\t"code"\t"type"\t"last update of data"\t"last table structure change"\t"data start"\t"data end"\t"values"',
  '"Database by themes"\t"data"\t"folder"\t" "\t" "\t" "\t" "\t" "',
  '"    Unemployment by sex and age – monthly data"\t"une_rt_m"\t"dataset"\t"22.09.2026"\t"22.09.2026"\t"1983-01"\t"2026-08"\t"521345"',
  '"    HICP - inflation rate"\t"TEC00118"\t"table"\t"17.01.2025 23:00:00"\t"17.01.2025"\t"2013"\t"2024"\t"476"',
  '"    Again, in another folder"\t"une_rt_m"\t"dataset"\t"01.01.2000"\t" "\t" "\t" "\t" "',
  '"    No date yet"\t"new_set"\t"dataset"\t" "\t" "\t" "\t" "\t" "',
].join('\r\n');

describe("Eurostat's table of contents", () => {
  it('lists datasets and tables by lower-case code with their last update of data, once each', () => {
    const entries = parseToc(toc);
    expect([...entries.keys()]).toEqual(['une_rt_m', 'tec00118']);
    expect(entries.get('une_rt_m')).toMatchObject({
      title: 'Unemployment by sex and age – monthly data',
      lastUpdate: '22.09.2026',
      updatedAt: new Date('2026-09-22T00:00:00Z'),
    });
    expect(entries.get('tec00118')!.updatedAt).toEqual(new Date('2025-01-17T23:00:00Z'));
  });

  it('refuses a file without the columns it needs, and dates that do not exist', () => {
    expect(() => parseToc('"title"\t"code"\n')).toThrow(/no "code" and "last update of data" columns/);
    expect(tocTime('31.02.2026')).toBeNull();
    expect(tocTime('2026-02-01')).toBeNull();
  });

  it('calls a dataset changed when the date differs from the one held, or is a later day than its release', () => {
    const entry = parseToc(toc).get('une_rt_m')!;
    expect(isChanged(entry, '22.09.2026', null)).toBe(false);
    expect(isChanged(entry, '21.09.2026', new Date('2026-09-22T09:00:00Z'))).toBe(true);
    // Never refreshed yet: compared with the release time of what was imported.
    expect(isChanged(entry, null, new Date('2026-09-22T09:00:00Z'))).toBe(false);
    expect(isChanged(entry, null, new Date('2026-09-21T23:00:00Z'))).toBe(true);
    expect(isChanged(entry, null, null)).toBe(true);
  });
});
