// The researcher plans with the chat's catalogue choice (issue 39, decision 211): a dataset imported after start, that
// is no sample, is found by its title and code labels and run into a cited report named from its own title; the
// samples are chosen by their words and frequencies as before, and a measure no dataset has is declined.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uncitedNumbers } from '../../core/assistant/compose';
import type { Database } from '../../db/client';
import { importFile } from '../../server/import/runner';
import { planQuestion, runPlan } from '../../server/researcher/run';
import { freshDatabase, mirror } from '../setup/database';

let database: Database;
const origin = 'http://localhost:3000';
const today = new Date('2026-11-24T12:00:00Z');

beforeAll(async () => {
  database = await freshDatabase(
    'eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv',
    'eurostat/tec00115/estat_tec00115_filtered_en.csv',
  );
});
afterAll(() => database.close());

const plan = (question: string) => planQuestion(database.db, question, today);

/** Asylum applicants in Eurostat's TSV layout, with Eurostat's codes (their labels come from the code lists). */
const asylumTsv = [
  'freq,unit,citizen,sex,age,applicant,geo\\TIME_PERIOD\t2014 \t2015 \t2016 ',
  'A,PER,TOTAL,T,TOTAL,TOTAL,AT\t28035 \t88160 \t42255 ',
  'A,PER,TOTAL,T,TOTAL,TOTAL,DE\t202645 \t476510 \t745155 ',
  'A,PER,TOTAL,T,TOTAL,TOTAL,EU27_2020\t594165 \t1282690 \t1221185 ',
  'A,PER,SY,T,TOTAL,FRST,AT\t7660 \t24720 \t8730 ',
  'A,PER,SY,T,TOTAL,FRST,DE\t39330 \t158655 \t266250 ',
  'A,PER,SY,T,TOTAL,FRST,EU27_2020\t116440 \t362730 \t334820 ',
  'A,PER,SY,T,TOTAL,TOTAL,AT\t7730 \t25000 \t8845 ',
  'A,PER,SY,T,TOTAL,TOTAL,DE\t41100 \t162510 \t268795 ',
  'A,PER,SY,T,TOTAL,TOTAL,EU27_2020\t122065 \t368400 \t338225 ',
  'A,PER,TOTAL,T,TOTAL,FRST,AT\t25675 \t85505 \t39860 ',
  'A,PER,TOTAL,T,TOTAL,FRST,DE\t172945 \t441800 \t722265 ',
  'A,PER,TOTAL,T,TOTAL,FRST,EU27_2020\t562680 \t1216860 \t1166815 ',
].join('\n');

describe('the researcher over the catalogue', () => {
  it('plans and runs a question about a dataset imported after start, named from its own title and labels', async () => {
    const question =
      'How did first-time asylum applications from Syria evolve in Austria and Germany from 2014 to 2016?';
    const before = await plan(question);
    expect(before.steps).toEqual([]);
    expect(before.declined).toMatch(/^No dataset imported here measures “.+”, so I made no plan\./);

    await importFile(database.db, {
      fileName: 'migr_asyappctza.tsv',
      bytes: Buffer.from(asylumTsv),
      code: 'migr_asyappctza',
      dataMirror: mirror,
    });

    const after = await plan(question);
    expect(after.declined).toBeNull();
    expect(after.steps[0]).toMatchObject({
      id: 's1',
      dataset_code: 'migr_asyappctza',
      places: ['AT', 'DE'],
      reference: 'EU27_2020',
      period_from: '2014',
      period_to: '2016',
      dims: { citizen: 'SY', applicant: 'FRST' },
    });
    // Titles from the dataset's own title and code labels, no dataset's name written in the code.
    expect(after.steps[0]!.title).toMatch(/^Asylum applicants.*, Syria \(SY\), First time applicant \(FRST\)$/);
    // The main series beside the part asked about, for context.
    expect(after.steps[1]).toMatchObject({
      dataset_code: 'migr_asyappctza',
      dims: { citizen: 'TOTAL', applicant: 'TOTAL' },
    });

    const report = await runPlan(database.db, origin, { ...after, steps: [after.steps[0]!] });
    const step = report.steps[0]!;
    expect(step.no_data).toBe(false);
    const findings = step.findings.join(' ');
    expect(findings).toMatch(/\*\*Austria\*\*: 7,660 .*\[\d+\] in 2014 and 8,730 .*\[\d+\] in 2016/);
    expect(findings).toContain('24,720');
    expect(uncitedNumbers(findings, report.citations, report.derived)).toEqual([]);
    expect(report.citations.map((c) => c.dataset_code)).toEqual(report.citations.map(() => 'migr_asyappctza'));
    const austria2015 = report.citations.find((c) => c.geo === 'AT' && c.period === '2015');
    expect(austria2015?.value).toBe(24720);
  });

  it('chooses the samples by their words and frequency: the monthly HICP for a history, the annual table for years', async () => {
    const baltic = await plan('How did food inflation evolve in the Baltic states since 2020 compared with the EU?');
    expect(baltic.steps[0]).toMatchObject({
      dataset_code: 'prc_hicp_manr',
      places: ['EE', 'LV', 'LT'],
      reference: 'EU27_2020',
      period_from: '1/2020',
      period_to: null,
      dims: { coicop: 'CP01' },
    });
    expect(baltic.steps[1]).toMatchObject({ dataset_code: 'prc_hicp_manr', dims: { coicop: 'CP00' } });
    expect(baltic.notes).toContain('“Baltic states” read as EE, LV, LT.');
    expect((await plan('Food only inflation in Estonia since 2021')).steps[0]!.dims).toEqual({ coicop: 'CP011' });
    const growth = await plan('Real GDP growth in Benelux from 2015 to 2024 compared with the euro area');
    expect(growth.steps).toHaveLength(1);
    expect(growth.steps[0]).toMatchObject({
      dataset_code: 'tec00115',
      places: ['BE', 'NL', 'LU'],
      reference: 'EA20',
      period_from: '2015',
      period_to: '2024',
    });
  });

  it('declines a measure no imported dataset has, naming its words', async () => {
    const unicorns = await plan('How did the number of unicorns evolve in the Nordic countries since 2019?');
    expect(unicorns.steps).toEqual([]);
    expect(unicorns.declined).toContain('unicorn');
  });
});
