// The built-in assistant answers from any dataset the catalogue holds (issue 39, decision 210): a dataset imported
// after the first question is found by its title and code labels at the next one, its sentence is written from its
// own labels and unit, contraction is ranked ascending, and a place or period not in the data gets no number.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uncitedNumbers } from '../../core/assistant/compose';
import type { ParsedQuestion } from '../../core/assistant/parse';
import type { Database } from '../../db/client';
import { builtinAnswer } from '../../server/assistant/builtin';
import { importFile } from '../../server/import/runner';
import { freshDatabase, mirror } from '../setup/database';

let database: Database;
const origin = 'http://localhost:3000';
const today = new Date('2026-11-24T12:00:00Z');

beforeAll(async () => {
  database = await freshDatabase('eurostat/tec00115/estat_tec00115_filtered_en.csv');
});
afterAll(() => database.close());

const ask = (question: string, previous: ParsedQuestion | null = null) =>
  builtinAnswer(question, { db: database.db, origin, today, previous });

/** Asylum applicants in Eurostat's TSV layout, with Eurostat's codes (their labels come from the code lists). */
const asylumTsv = [
  'freq,unit,citizen,sex,age,applicant,geo\\TIME_PERIOD\t2014 \t2015 ',
  'A,PER,TOTAL,T,TOTAL,TOTAL,AT\t28035 \t88160 ',
  'A,PER,TOTAL,T,TOTAL,TOTAL,DE\t202645 \t476510 ',
  'A,PER,SY,T,TOTAL,FRST,AT\t7660 \t24720 ',
  'A,PER,SY,T,TOTAL,FRST,DE\t39330 \t158655 ',
  'A,PER,SY,T,TOTAL,TOTAL,AT\t7730 \t25000 ',
  'A,PER,SY,T,TOTAL,TOTAL,DE\t41100 \t162510 ',
  'A,PER,TOTAL,T,TOTAL,FRST,AT\t25675 \t85505 ',
  'A,PER,TOTAL,T,TOTAL,FRST,DE\t172945 \t441800 ',
].join('\n');

describe('the assistant over the catalogue', () => {
  it('finds a dataset imported after it started, by its title and code labels', async () => {
    const before = await ask('How many first-time asylum applicants from Syria were there in Austria in 2015?');
    expect(before.declined).toBe(true);
    expect(before.citations).toEqual([]);

    await importFile(database.db, {
      fileName: 'migr_asyappctza.tsv',
      bytes: Buffer.from(asylumTsv),
      code: 'migr_asyappctza',
      dataMirror: mirror,
    });

    const after = await ask('How many first-time asylum applicants from Syria were there in Austria in 2015?');
    expect(after.declined).toBe(false);
    expect(after.citations).toHaveLength(1);
    expect(after.citations[0]).toMatchObject({ dataset_code: 'migr_asyappctza', geo: 'AT', period: '2015' });
    expect(after.citations[0]!.value).toBe(24720);
    expect(after.answer).toContain('24,720 persons [1]');
    expect(uncitedNumbers(after.answer, after.citations, after.derived)).toEqual([]);

    // A follow-up keeps the dataset and its series.
    const germany = await ask('And Germany?', after.context);
    expect(germany.citations[0]).toMatchObject({ dataset_code: 'migr_asyappctza', geo: 'DE', value: 158655 });
    const total = await ask('How many asylum applicants were there in Germany in 2014?');
    expect(total.citations[0]).toMatchObject({ geo: 'DE', period: '2014', value: 202645 });
  });

  it('ranks contraction ascending: the economy that shrank the most', async () => {
    const shrank = await ask('Which EU economy shrank the most in 2020?');
    const grew = await ask('Which EU economy grew the most in 2020?');
    expect(shrank.citations[0]).toMatchObject({ dataset_code: 'tec00115', period: '2020' });
    expect(shrank.citations[0]!.value).toBeLessThan(0);
    expect(shrank.answer).toContain('lowest');
    expect(grew.citations[0]!.value).toBeGreaterThan(shrank.citations[0]!.value);
  });

  it('declines a place or a period that is not in the data, with no number', async () => {
    const mars = await ask('What was real GDP growth on Mars in 2020?');
    expect(mars).toMatchObject({ declined: true, citations: [] });
    expect(mars.answer).toContain('Mars');
    const future = await ask('What was real GDP growth in Austria in 2031?');
    expect(future).toMatchObject({ declined: true, citations: [] });
    expect(future.answer).toMatch(/runs to \d{4}; there is no value for 2031/);
    const unicorns = await ask('How many unicorns lived in Germany in 2020?');
    expect(unicorns).toMatchObject({ declined: true, citations: [] });
  });
});
