import { describe, expect, it } from 'vitest';
import { buildGazetteer } from '../assistant/places';
import { parseQuestion } from '../assistant/parse';
import {
  planNotFound,
  planSteps,
  readResearch,
  PLAN_NOT_UNDERSTOOD,
  type PlanDataset,
  type ResearchReading,
} from './plan';

const gazetteer = buildGazetteer();
const today = new Date('2026-11-24T12:00:00Z');

function read(question: string): ResearchReading {
  const r = readResearch(question, { gazetteer, today });
  if (!('q' in r)) throw new Error(r.declined);
  return r;
}

/** A monthly dataset with a hierarchical code list, as the catalogue gives it (titles and code labels). */
const monthly: PlanDataset = {
  code: 'prices_m',
  title: 'HICP - monthly data (annual rate of change)',
  freq: 'M',
  measure: 'HICP',
  dims: {},
  dimensions: [
    {
      key: 'dim1',
      code: 'unit',
      label: 'Unit of measure',
      default: 'RCH_A',
      values: [{ code: 'RCH_A', label: 'Annual rate of change' }],
    },
    {
      key: 'dim2',
      code: 'coicop',
      label: 'Classification of individual consumption by purpose (COICOP)',
      default: 'CP00',
      values: [
        { code: 'CP00', label: 'All-items HICP' },
        { code: 'CP01', label: 'Food and non-alcoholic beverages' },
        { code: 'CP011', label: 'Food' },
      ],
    },
  ],
};
const annual: PlanDataset = {
  code: 'growth_a',
  title: 'Real GDP growth rate - volume',
  freq: 'A',
  measure: 'real GDP growth rate',
  dims: {},
  dimensions: [],
};

describe('readResearch', () => {
  it('reads groups as their members, the EU as reference, and leaves the groups out of the words', () => {
    const r = read('How did food inflation evolve in the Baltic states since 2020 compared with the EU?');
    expect(r).toMatchObject({ places: ['EE', 'LV', 'LT'], reference: 'EU27_2020' });
    expect(r.notes).toContain('“Baltic states” read as EE, LV, LT.');
    expect(r.topicText).toContain('food inflation');
    expect(r.topicText).not.toContain('baltic');
    expect(read('Real GDP growth in Benelux compared with the euro area')).toMatchObject({
      places: ['BE', 'NL', 'LU'],
      reference: 'EA20',
    });
    const eu = read('EU inflation');
    expect(eu).toMatchObject({ places: ['EU27_2020'], reference: null });
    expect(read('inflation')).toMatchObject({ places: ['EU27_2020'], reference: null });
  });

  it('declines plainly a place it does not know', () => {
    expect(readResearch('Inflation in Narnia since 2020', { gazetteer, today })).toMatchObject({
      declined: expect.stringContaining('“Narnia”'),
    });
  });

  it("leaves the chat's reading alone: groups are read only when asked for", () => {
    const q = 'inflation in the Baltic states in 2022';
    expect(parseQuestion(q, { gazetteer, today }).places).toEqual([]);
    expect(parseQuestion(q, { gazetteer, today, groups: true }).places.map((p) => p.code)).toEqual(['EE', 'LV', 'LT']);
  });
});

describe('planSteps', () => {
  it('plans the chosen series from its labels, the broader value for a one-word label, the main series beside it', () => {
    const question = 'How did food inflation evolve in the Baltic states since 2020 compared with the EU?';
    const p = planSteps(read(question), { ...monthly, dims: { coicop: 'CP011' } }, today);
    expect(p.declined).toBeNull();
    expect(p.steps[0]).toEqual({
      id: 's1',
      dataset_code: 'prices_m',
      places: ['EE', 'LV', 'LT'],
      reference: 'EU27_2020',
      period_from: '1/2020',
      period_to: null,
      dims: { coicop: 'CP01' },
      title: 'HICP, Food and non-alcoholic beverages (CP01)',
      reason:
        'prices_m holds HICP for Food and non-alcoholic beverages (CP01); EE, LV, LT against EU27_2020; from 1/2020, as asked, to the latest stored.',
    });
    expect(p.steps[1]).toMatchObject({
      id: 's2',
      dataset_code: 'prices_m',
      dims: { coicop: 'CP00' },
      period_from: '1/2020',
      title: 'HICP, All-items HICP (CP00)',
    });
    expect(p.steps[1]!.reason).toContain('to tell whether Food and non-alcoholic beverages (CP01) moved with it');
    expect(p.notes).toEqual([
      '“Baltic states” read as EE, LV, LT.',
      '“Food” read as Food and non-alcoholic beverages (CP01); say “food only” for Food (CP011).',
    ]);
    // Deterministic.
    expect(planSteps(read(question), { ...monthly, dims: { coicop: 'CP011' } }, today)).toEqual(p);
    const only = planSteps(
      read('Food only inflation in Estonia since 2021'),
      { ...monthly, dims: { coicop: 'CP011' } },
      today,
    );
    expect(only.steps[0]!.dims).toEqual({ coicop: 'CP011' });
  });

  it("takes the periods in the dataset's frequency: years as asked, the last five years when none is named", () => {
    const g = planSteps(
      read('Real GDP growth in Benelux from 2015 to 2024 compared with the euro area'),
      annual,
      today,
    );
    expect(g.steps).toHaveLength(1);
    expect(g.steps[0]).toMatchObject({
      dataset_code: 'growth_a',
      places: ['BE', 'NL', 'LU'],
      reference: 'EA20',
      period_from: '2015',
      period_to: '2024',
      dims: {},
      title: 'Real GDP growth rate',
    });
    expect(planSteps(read('EU inflation'), monthly, today).steps).toEqual([
      expect.objectContaining({ places: ['EU27_2020'], reference: null, period_from: '1/2021', period_to: null }),
    ]);
    expect(planSteps(read('Inflation in Estonia in 2022'), monthly, today).steps[0]).toMatchObject({
      period_from: '1/2021',
      period_to: '12/2022',
    });
  });

  it('says which words no dataset has, or that it could not tell', () => {
    expect(planNotFound([])).toBe(PLAN_NOT_UNDERSTOOD);
    expect(planNotFound(['unicorn'])).toContain('No dataset imported here measures “unicorn”, so I made no plan.');
  });
});
