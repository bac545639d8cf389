import { describe, expect, it } from 'vitest';
import { formatMapValue, mapValueLabel, maxLabelChars, tooltipContent } from './map-labels';

describe('formatMapValue', () => {
  it('writes K from 1,000 and M from 1,000,000', () => {
    expect(formatMapValue(11.6, 1)).toBe('11.6');
    expect(formatMapValue(999, 0)).toBe('999');
    expect(formatMapValue(1000, 0)).toBe('1K');
    expect(formatMapValue(1234, 0)).toBe('1.2K');
    expect(formatMapValue(250_000, 0)).toBe('250K');
    expect(formatMapValue(999_960, 0)).toBe('1M');
    expect(formatMapValue(1_000_000, 0)).toBe('1M');
    expect(formatMapValue(3_601_750, 0)).toBe('3.6M');
    expect(formatMapValue(-2_500, 0)).toBe('-2.5K');
    expect(formatMapValue(2_500_000_000, 0)).toBe('2,500M');
  });
});

describe('mapValueLabel', () => {
  it('shows labels of at most 12 characters, 15 when zoomed in beyond 1.2', () => {
    expect(maxLabelChars(1)).toBe(12);
    expect(maxLabelChars(1.2)).toBe(12);
    expect(maxLabelChars(1.21)).toBe(15);
    expect(mapValueLabel(1_234_567_890_123, 0, 1)).toBe('1,234,567.9M'); // 12 characters
    expect(mapValueLabel(12_345_678_901_234, 0, 1)).toBeNull(); // 13
    expect(mapValueLabel(12_345_678_901_234, 0, 1.2)).toBeNull();
    expect(mapValueLabel(12_345_678_901_234, 0, 1.3)).toBe('12,345,678.9M');
    expect(mapValueLabel(-123_456_789_112_345, 0, 1.3)).toBe('-123,456,789.1M'); // 15
    expect(mapValueLabel(-1_234_567_890_123_456, 0, 3)).toBeNull(); // 17
    expect(mapValueLabel(11.6, 1, 1)).toBe('11.6');
  });

  it('hides missing values and Antarctica', () => {
    expect(mapValueLabel(null, 1, 1)).toBeNull();
    expect(mapValueLabel(Number.NaN, 1, 1)).toBeNull();
    expect(mapValueLabel(5, 1, 1, 'Antarctica')).toBeNull();
  });
});

describe('tooltipContent', () => {
  it('shows the name and the value with its unit, or No data', () => {
    expect(tooltipContent('Germany', 11.6, 1, 'Annual rate of change (%)')).toEqual({
      name: 'Germany',
      value: '11.6 Annual rate of change (%)',
      hasData: true,
    });
    expect(tooltipContent('Germany', 3_601_750, 0, '')).toEqual({ name: 'Germany', value: '3,601,750', hasData: true });
    expect(tooltipContent('United Kingdom', null, 1, '%')).toEqual({
      name: 'United Kingdom',
      value: 'No data',
      hasData: false,
    });
  });
});
