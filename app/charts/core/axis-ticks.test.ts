import { describe, expect, it } from 'vitest';
import { formatPeriod, parsePeriod, toOrdinal } from '#core/periods';
import { choosePeriodTicks, LABEL_GAP, niceValueTicks } from './axis-ticks';
import { estimateTextWidth } from './text-width';

function months(fromYear: number, fromMonth: number, count: number): number[] {
  const first = toOrdinal('M', fromYear, fromMonth);
  return Array.from({ length: count }, (_, i) => first + i);
}

/** True when no two labels, centred on their ticks, overlap or come closer than the gap. */
function labelsCollide(ticks: { index: number; label: string }[], pxPerPeriod: number, fontSize: number): boolean {
  return ticks.some((t, i) => {
    const next = ticks[i + 1];
    if (!next) return false;
    const room = (next.index - t.index) * pxPerPeriod;
    const need = (estimateTextWidth(t.label, fontSize) + estimateTextWidth(next.label, fontSize)) / 2 + LABEL_GAP;
    return room < need;
  });
}

describe('niceValueTicks', () => {
  it('rounds the domain outward to nice ticks and labels them', () => {
    const t = niceValueTicks(-0.9, 12.6, 290);
    expect(t.domain).toEqual([-2, 14]);
    expect(t.ticks).toEqual([-2, 0, 2, 4, 6, 8, 10, 12, 14]);
    expect(t.labels[0]).toBe('-2');
  });

  it('includes zero when asked (bars)', () => {
    const t = niceValueTicks(2.1, 4.6, 300, { includeZero: true });
    expect(t.domain[0]).toBe(0);
    expect(t.ticks[0]).toBe(0);
  });

  it('uses fewer ticks on a shorter axis', () => {
    expect(niceValueTicks(0, 100, 80).ticks.length).toBeLessThan(niceValueTicks(0, 100, 400).ticks.length);
  });

  it('copes with a single value, reversed bounds and non-finite input', () => {
    expect(niceValueTicks(5, 5, 300).domain[0]).toBeLessThan(5);
    expect(niceValueTicks(0, 0, 300).domain).toEqual([-1, 1]);
    expect(niceValueTicks(10, 0, 300).domain).toEqual([0, 10]);
    const t = niceValueTicks(Number.NaN, Number.NaN, Number.NaN);
    expect(t.ticks.every(Number.isFinite)).toBe(true);
  });

  it('writes large values compactly', () => {
    expect(niceValueTicks(0, 3601750, 300).labels).toEqual([
      '0',
      '0.5M',
      '1.0M',
      '1.5M',
      '2.0M',
      '2.5M',
      '3.0M',
      '3.5M',
      '4.0M',
    ]);
    expect(niceValueTicks(0, 3601750, 120).labels).toEqual(['0', '1M', '2M', '3M', '4M']);
  });
});

describe('choosePeriodTicks', () => {
  it('labels 28 years of months (1/1997 – 5/2025) across 720px every 2 years at January, without collisions', () => {
    const ordinals = months(1997, 1, 341);
    const px = 720 / 340;
    const ticks = choosePeriodTicks('M', ordinals, px, 11);
    expect(ticks.map((t) => t.label)).toEqual([
      '1998',
      '2000',
      '2002',
      '2004',
      '2006',
      '2008',
      '2010',
      '2012',
      '2014',
      '2016',
      '2018',
      '2020',
      '2022',
      '2024',
    ]);
    expect(ordinals[ticks[0]!.index]).toBe(toOrdinal('M', 1998, 1));
    expect(labelsCollide(ticks, px, 11)).toBe(false);
  });

  it('keeps labels apart at every width from a phone to a wide screen', () => {
    const ordinals = months(1997, 1, 341);
    for (let width = 120; width <= 2000; width += 40) {
      const px = width / 340;
      const ticks = choosePeriodTicks('M', ordinals, px, 11);
      expect(ticks.length).toBeGreaterThan(0);
      expect(labelsCollide(ticks, px, 11)).toBe(false);
    }
  });

  it('steps through 5, 10 and 20 years as space shrinks', () => {
    const ordinals = months(1997, 1, 341);
    const labels = (width: number) => choosePeriodTicks('M', ordinals, width / 340, 11).map((t) => t.label);
    expect(labels(300)).toEqual(['2000', '2005', '2010', '2015', '2020', '2025']);
    expect(labels(1800)).toHaveLength(29);
  });

  it('labels months on a short range', () => {
    const ordinals = months(2024, 6, 12);
    expect(choosePeriodTicks('M', ordinals, 70, 11)).toHaveLength(12);
    const ticks = choosePeriodTicks('M', ordinals, 40, 11);
    expect(ticks.map((t) => t.label)).toEqual(['Jul 2024', 'Sep 2024', 'Nov 2024', 'Jan 2025', 'Mar 2025', 'May 2025']);
  });

  it('labels quarters and years', () => {
    const q = Array.from({ length: 8 }, (_, i) => toOrdinal('Q', 2023, 1) + i);
    expect(choosePeriodTicks('Q', q, 80, 11).map((t) => t.label)).toEqual([
      'Q1 2023',
      'Q2 2023',
      'Q3 2023',
      'Q4 2023',
      'Q1 2024',
      'Q2 2024',
      'Q3 2024',
      'Q4 2024',
    ]);
    const a = Array.from({ length: 12 }, (_, i) => 2013 + i);
    expect(choosePeriodTicks('A', a, 60, 11)).toHaveLength(12);
    expect(choosePeriodTicks('A', a, 20, 11).map((t) => t.label)).toEqual([
      '2014',
      '2016',
      '2018',
      '2020',
      '2022',
      '2024',
    ]);
  });

  it('labels weeks by week number and years at week 1, across a year with a week 53', () => {
    const first = parsePeriod('2020-W40')!.ordinal;
    const weeks = Array.from({ length: 20 }, (_, i) => first + i);
    expect(choosePeriodTicks('W', weeks, 120, 11).map((t) => t.label)).toContain('Week 53 2020');
    const fourWeekly = choosePeriodTicks('W', weeks, 25, 11).map((t) => t.label);
    expect(fourWeekly).toEqual(['Week 41 2020', 'Week 45 2020', 'Week 49 2020', 'Week 1 2021', 'Week 5 2021']);
    // Five years of weeks (2019–2023) across 600px: a label a year, at its week 1.
    const five = Array.from({ length: 261 }, (_, i) => parsePeriod('2019-W01')!.ordinal + i);
    const ticks = choosePeriodTicks('W', five, 600 / 261, 11);
    expect(ticks.map((t) => t.label)).toEqual(['2019', '2020', '2021', '2022', '2023']);
    expect(labelsCollide(ticks, 600 / 261, 11)).toBe(false);
  });

  it('labels days, weeks, months or years of an axis that holds only working days', () => {
    const start = parsePeriod('2020-01-02')!.ordinal;
    // Mondays to Fridays of 2020: 262 days; weekends are not on the axis.
    const workdays: number[] = [];
    for (let o = start; o <= parsePeriod('2020-12-31')!.ordinal; o++) if ((o + 3) % 7 < 5) workdays.push(o);
    const labels = (px: number) => choosePeriodTicks('D', workdays, px, 11).map((t) => t.label);
    expect(labels(100).slice(0, 3)).toEqual(['2 Jan 2020', '3 Jan 2020', '6 Jan 2020']);
    // A tick on the first working day of each week (a Monday) or month.
    expect(labels(20).slice(0, 3)).toEqual(['6 Jan 2020', '13 Jan 2020', '20 Jan 2020']);
    // 1 February 2020 was a Saturday: the month's tick goes on Monday the 3rd. The axis starts on 2 January, after
    // the month's first day, so January has no tick.
    expect(labels(4)).toEqual([
      'Feb 2020',
      'Mar 2020',
      'Apr 2020',
      'May 2020',
      'Jun 2020',
      'Jul 2020',
      'Aug 2020',
      'Sep 2020',
      'Oct 2020',
      'Nov 2020',
      'Dec 2020',
    ]);
    const february = choosePeriodTicks('D', workdays, 4, 11)[0]!;
    expect(formatPeriod('D', workdays[february.index]!)).toBe('2020-02-03');
    expect(labels(1)).toEqual(['Apr 2020', 'Jul 2020', 'Oct 2020']);
    for (let width = 120; width <= 2000; width += 40) {
      const px = width / workdays.length;
      expect(labelsCollide(choosePeriodTicks('D', workdays, px, 11), px, 11)).toBe(false);
    }
  });

  it('labels a single period, and nothing for no periods', () => {
    expect(choosePeriodTicks('M', [toOrdinal('M', 2022, 10)], 100, 11)).toEqual([{ index: 0, label: 'Oct 2022' }]);
    expect(choosePeriodTicks('M', [], 100, 11)).toEqual([]);
  });

  it('falls back to the ends, or the last period, when nothing fits', () => {
    const ordinals = months(2024, 2, 5);
    // 18px a month: no step of 1–6 months fits and the range holds no January.
    expect(choosePeriodTicks('M', ordinals, 18, 11).map((t) => t.label)).toEqual(['Feb 2024', 'Jun 2024']);
    // 2px a month: not even the two ends fit; a single label remains.
    expect(choosePeriodTicks('M', ordinals, 2, 11)).toHaveLength(1);
  });
});
