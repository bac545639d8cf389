import { describe, expect, it } from 'vitest';
import { buildGazetteer } from '../assistant/places';
import { parseQuestion } from '../assistant/parse';
import { planResearch, PLAN_NOT_UNDERSTOOD } from './plan';

const gazetteer = buildGazetteer();
const today = new Date('2026-11-24T12:00:00Z');
const plan = (q: string) => planResearch(q, { gazetteer, today });

describe('planResearch', () => {
  it("plans the issue's Baltic question: EE, LV, LT against EU27_2020, food (CP01) of prc_hicp_manr from 1/2020", () => {
    const p = plan('How did food inflation evolve in the Baltic states since 2020 compared with the EU?');
    expect(p.declined).toBeNull();
    expect(p.steps[0]).toMatchObject({
      id: 's1',
      dataset_code: 'prc_hicp_manr',
      places: ['EE', 'LV', 'LT'],
      reference: 'EU27_2020',
      period_from: '1/2020',
      period_to: null,
      dims: { coicop: 'CP01' },
    });
    expect(p.steps[0]!.reason).toContain('EE, LV, LT against EU27_2020');
    // All-items inflation of the same places and periods, for context.
    expect(p.steps[1]).toMatchObject({
      dataset_code: 'prc_hicp_manr',
      dims: { coicop: 'CP00' },
      period_from: '1/2020',
    });
    expect(p.notes).toContain('“Baltic states” read as EE, LV, LT.');
    // Deterministic.
    expect(plan('How did food inflation evolve in the Baltic states since 2020 compared with the EU?')).toEqual(p);
  });

  it('reads groups, annual tables for years, the euro area as reference and food only', () => {
    const g = plan('Real GDP growth in Benelux from 2015 to 2024 compared with the euro area');
    expect(g.steps).toHaveLength(1);
    expect(g.steps[0]).toMatchObject({
      dataset_code: 'tec00115',
      places: ['BE', 'NL', 'LU'],
      reference: 'EA20',
      period_from: '2015',
      period_to: '2024',
    });
    const n = plan('Unemployment in the Nordic countries since 2019');
    expect(n.steps[0]).toMatchObject({
      dataset_code: 'une_rt_m',
      places: ['DK', 'FI', 'IS', 'NO', 'SE'],
      reference: 'EU27_2020',
    });
    expect(plan('Food only inflation in Estonia since 2021').steps[0]!.dims).toEqual({ coicop: 'CP011' });
    const eu = plan('EU inflation');
    expect(eu.steps[0]).toMatchObject({
      places: ['EU27_2020'],
      reference: null,
      period_from: '1/2021',
      period_to: null,
    });
  });

  it('declines plainly when it cannot tell the statistic or the place', () => {
    expect(plan('What is the meaning of life?')).toMatchObject({ steps: [], declined: PLAN_NOT_UNDERSTOOD });
    expect(plan('Inflation in Narnia since 2020').declined).toContain('“Narnia”');
  });

  it("leaves the chat's reading alone: groups are read only when asked for", () => {
    const q = 'inflation in the Baltic states in 2022';
    expect(parseQuestion(q, { gazetteer, today }).places).toEqual([]);
    expect(parseQuestion(q, { gazetteer, today, groups: true }).places.map((p) => p.code)).toEqual(['EE', 'LV', 'LT']);
  });
});
