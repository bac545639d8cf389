import { describe, expect, it } from 'vitest';
import { defaultSliderIndex, isSliderVisible, resolvePeriodIndex, shownRange, sliderModeFor } from './slider';

describe('slider semantics (specification §4)', () => {
  it('picks the start of the range for line and bar, one period for map and horizontal bar', () => {
    expect(sliderModeFor('line')).toBe('range-start');
    expect(sliderModeFor('bar')).toBe('range-start');
    expect(sliderModeFor('map')).toBe('period');
    expect(sliderModeFor('horizontal-bar')).toBe('period');
  });

  it('hides the slider for the table only', () => {
    expect(isSliderVisible('table')).toBe(false);
    expect(isSliderVisible('map')).toBe(true);
  });

  it('starts map and horizontal bar at the latest period', () => {
    expect(defaultSliderIndex('map', 341)).toBe(340);
    expect(defaultSliderIndex('horizontal-bar', 341)).toBe(340);
    expect(defaultSliderIndex('line', 341)).toBe(0);
    expect(defaultSliderIndex('table', 341)).toBe(0);
    expect(defaultSliderIndex('bar', 341)).toBe(329);
    expect(defaultSliderIndex('bar', 5)).toBe(0);
    expect(defaultSliderIndex('map', 0)).toBe(0);
  });

  it('reads -1 as the last period and clamps the rest', () => {
    expect(resolvePeriodIndex(-1, 10)).toBe(9);
    expect(resolvePeriodIndex(25, 10)).toBe(9);
    expect(resolvePeriodIndex(3.7, 10)).toBe(3);
    expect(resolvePeriodIndex(Number.NaN, 10)).toBe(9);
    expect(resolvePeriodIndex(0, 0)).toBe(-1);
  });

  it('shows index…latest for a range start and index…index for a period', () => {
    expect(shownRange('line', 300, 341)).toEqual({ start: 300, end: 340 });
    expect(shownRange('bar', 400, 341)).toEqual({ start: 340, end: 340 });
    expect(shownRange('horizontal-bar', -1, 341)).toEqual({ start: 340, end: 340 });
    expect(shownRange('map', 12, 341)).toEqual({ start: 12, end: 12 });
    expect(shownRange('line', 0, 0)).toBeNull();
  });
});
