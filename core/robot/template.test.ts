import { describe, expect, it } from 'vitest';
import { robotTemplateInputSchema, timedRunDue } from './template';

const base = {
  name: 'Prices',
  slug: 'prices',
  dataset: 'PRC_HICP_MANR',
  geos: ['de', 'DE', 'fr'],
  sections: ['peak', 'latest'],
};

describe('robotTemplateInputSchema', () => {
  it('normalises codes, drops repeated places and orders the sections', () => {
    const parsed = robotTemplateInputSchema.parse(base);
    expect(parsed).toMatchObject({
      dataset: 'prc_hicp_manr',
      geos: ['DE', 'FR'],
      sections: ['latest', 'peak'],
      change_lag: 12,
      schedule: 'after_refresh',
      title_pattern: '{place}: {value} in {period}',
      dimensions: {},
    });
  });

  it('refuses what a template cannot hold', () => {
    for (const bad of [
      { geos: [] },
      { geos: ['DE', 'FR', 'IT', 'ES', 'PL', 'NL', 'BE'] },
      { geos: ['d e'] },
      { sections: [] },
      { sections: ['weather'] },
      { slug: 'inflation-germany' },
      { slug: 'Prices!' },
      { change_lag: 0 },
      { schedule: 'hourly' },
      { dimensions: { unit: 'PC' } },
      { extra: true },
    ]) {
      expect(robotTemplateInputSchema.safeParse({ ...base, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('timedRunDue', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000);

  it('runs daily templates once a day and weekly ones once a week, with half an hour of slack', () => {
    expect(timedRunDue('daily', null, now)).toBe(true);
    expect(timedRunDue('daily', hoursAgo(23.6), now)).toBe(true);
    expect(timedRunDue('daily', hoursAgo(23), now)).toBe(false);
    expect(timedRunDue('weekly', hoursAgo(24 * 6), now)).toBe(false);
    expect(timedRunDue('weekly', hoursAgo(24 * 7), now)).toBe(true);
  });

  it('never runs after-refresh or manual templates on a timer', () => {
    expect(timedRunDue('after_refresh', null, now)).toBe(false);
    expect(timedRunDue('manual', null, now)).toBe(false);
  });
});
