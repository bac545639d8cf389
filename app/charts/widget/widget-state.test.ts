import { describe, expect, it } from 'vitest';
import { loadHicp } from '../core/test-fixtures';
import {
  chooseOutlines,
  currentView,
  dataError,
  geoCodesOf,
  initialSliderIndex,
  missingIdError,
  outlinesPath,
  periodIndexOf,
  sliderIndexOnSwitch,
  sliderValueText,
  widgetTimeline,
} from './widget-state';

const hicp = loadHicp(['DE', 'FR', 'EA20']);
const { periods, seriesCount } = widgetTimeline(hicp);
const last = periods.length - 1;

describe('timeline and slider', () => {
  it('runs over every month from 1/1997 to 5/2025', () => {
    expect(periods[0]).toBe('1/1997');
    expect(periods[last]).toBe('5/2025');
    expect(periods).toHaveLength(341);
    expect(seriesCount).toBe(3);
    expect(widgetTimeline(hicp, ['DE']).seriesCount).toBe(1);
  });

  it('starts where the URL says, else at the view default', () => {
    expect(initialSliderIndex('line', periods, 3, '1/2020')).toBe(periodIndexOf(periods, '1/2020'));
    expect(initialSliderIndex('line', periods, 3, '1/1900')).toBe(0);
    expect(initialSliderIndex('map', periods, 3)).toBe(last);
    expect(initialSliderIndex('horizontal-bar', periods, 3)).toBe(last);
    expect(initialSliderIndex('table', periods, 3)).toBe(0);
    expect(initialSliderIndex('bar', periods, 3)).toBe(last - 11);
    // Forty countries open as sorted bars of the latest period.
    expect(initialSliderIndex('bar', periods, 40)).toBe(last);
    expect(initialSliderIndex('bar', [], 40)).toBe(0);
  });

  it("opens a map or horizontal bar given a range on the range's end, as a switch does (issue 11, item 2)", () => {
    const end = periodIndexOf(periods, '1/2023')!;
    expect(initialSliderIndex('map', periods, 3, '1/2020', '1/2023')).toBe(end);
    expect(initialSliderIndex('horizontal-bar', periods, 3, '1/2020', '1/2023')).toBe(end);
    // One period (the page's `time`, or the widget's image link time_start = time_end) is that period.
    expect(initialSliderIndex('map', periods, 3, '1/2020')).toBe(periodIndexOf(periods, '1/2020'));
    expect(initialSliderIndex('map', periods, 3, '1/2020', '1/2020')).toBe(periodIndexOf(periods, '1/2020'));
    // An end outside the data: the latest period loaded.
    expect(initialSliderIndex('map', periods, 3, '1/2020', '1/2990')).toBe(last);
    // Line and bar keep the range's start.
    expect(initialSliderIndex('line', periods, 3, '1/2020', '1/2023')).toBe(periodIndexOf(periods, '1/2020'));
  });

  it('keeps the slider on a type switch unless a line would show one period', () => {
    // Line, bar or table to map or horizontal bar: the end of the shown range, not its start (issue 11, item 2).
    expect(sliderIndexOnSwitch('line', 'map', 100, 341)).toBe(340);
    expect(sliderIndexOnSwitch('bar', 'horizontal-bar', 0, 341)).toBe(340);
    expect(sliderIndexOnSwitch('table', 'map', 0, 341)).toBe(340);
    // Between map and horizontal bar the chosen period stays.
    expect(sliderIndexOnSwitch('map', 'horizontal-bar', 100, 341)).toBe(100);
    expect(sliderIndexOnSwitch('bar', 'line', 100, 341)).toBe(100);
    expect(sliderIndexOnSwitch('map', 'line', 340, 341)).toBe(0);
    expect(sliderIndexOnSwitch('map', 'line', -1, 341)).toBe(0);
    expect(sliderIndexOnSwitch('map', 'bar', 340, 341)).toBe(340);
    expect(sliderIndexOnSwitch('map', 'line', 0, 1)).toBe(0);
    // Back from the map still on the latest period: the range shown before it; a period chosen on the map wins.
    expect(sliderIndexOnSwitch('map', 'line', 340, 341, 276)).toBe(276);
    expect(sliderIndexOnSwitch('horizontal-bar', 'table', 340, 341, 276)).toBe(276);
    expect(sliderIndexOnSwitch('map', 'line', 300, 341, 276)).toBe(300);
  });

  it('writes the slider value as a range start or as one period', () => {
    expect(sliderValueText('line', 336, periods)).toBe('1/2025 \u2013 5/2025');
    expect(sliderValueText('bar', last, periods)).toBe('5/2025');
    expect(sliderValueText('map', 336, periods)).toBe('1/2025');
    expect(sliderValueText('map', 9999, periods)).toBe('5/2025');
  });
});

describe('currentView', () => {
  const base = { chartType: 'bar' as const, dimensions: { dim1: ['CP00'] }, countries: ['DE'] };
  it('names a range from the slider for line, bar and table', () => {
    expect(currentView(base, 'line', 336, periods)).toEqual({ ...base, chartType: 'line', timeStart: '1/2025' });
    expect(currentView(base, 'table', 0, periods)).toEqual({ ...base, chartType: 'table' });
    expect(currentView({ ...base, timeEnd: '4/2025' }, 'bar', 336, periods)).toEqual({
      ...base,
      chartType: 'bar',
      timeStart: '1/2025',
      timeEnd: '4/2025',
    });
  });

  it('names one period for map and horizontal bar', () => {
    expect(currentView(base, 'map', 336, periods)).toEqual({
      ...base,
      chartType: 'map',
      timeStart: '1/2025',
      timeEnd: '1/2025',
    });
    expect(currentView(base, 'horizontal-bar', -1, periods).timeStart).toBe('5/2025');
    expect(currentView(base, 'map', 0, [])).toEqual({ ...base, chartType: 'map' });
  });
});

describe('errors', () => {
  it('asks for a dataset id', () => {
    expect(missingIdError(undefined, undefined)).toBe(
      'datasetId is required but not provided (either directly or via data-id)',
    );
    expect(missingIdError('', Number.NaN)).not.toBeNull();
    expect(missingIdError(12, undefined)).toBeNull();
    expect(missingIdError(undefined, 'abc')).toBeNull();
  });

  it('uses the specification messages for empty answers', () => {
    const none = { ...hicp, data: [] };
    expect(dataError(none, 'bar', 0, [], true)).toBe('No matching data series found for the specified dimensions');
    expect(dataError(none, 'bar', 0, [], false)).toBe('No data found for this dataset');
    const empty = { ...hicp, data: [{ ...hicp.data[0]!, rows: [] }] };
    expect(dataError(empty, 'line', 0, [], false)).toBe('No data found for this dataset');
    expect(dataError(hicp, 'line', 0, periods, false)).toBeNull();
  });

  it('reports a map or horizontal bar period without values', () => {
    const gap = {
      ...hicp,
      data: [{ ...hicp.data[0]!, rows: hicp.data[0]!.rows.filter((r) => r.period !== '6/2010') }],
    };
    const gapPeriods = widgetTimeline(gap).periods;
    const i = gapPeriods.indexOf('6/2010');
    expect(dataError(gap, 'map', i, gapPeriods, false)).toBe('No data available for map');
    expect(dataError(gap, 'horizontal-bar', i, gapPeriods, false)).toBe('No data available for horizontal bar chart');
    expect(dataError(gap, 'line', i, gapPeriods, false)).toBeNull();
    expect(dataError(gap, 'map', i + 1, gapPeriods, false)).toBeNull();
  });
});

describe('chooseOutlines', () => {
  it('takes world outlines for countries and aggregates', () => {
    expect(chooseOutlines(['DE', 'FR', 'EU27_2020', 'EA20', 'XK'])).toEqual({ kind: 'world' });
    expect(chooseOutlines([])).toEqual({ kind: 'world' });
    expect(outlinesPath({ kind: 'world' })).toBe('/api/geo/world');
  });

  it('takes NUTS outlines at the most common level of regional data', () => {
    expect(chooseOutlines(['DE', 'DE1', 'DE11', 'DE12', 'DE111', 'FR1', 'FR10'])).toEqual({ kind: 'nuts', level: 2 });
    expect(chooseOutlines(['DE', 'DE111', 'DE112', 'DE113', 'DE11'])).toEqual({ kind: 'nuts', level: 3 });
    expect(chooseOutlines(['DE', 'FR', 'IT', 'DE1'])).toEqual({ kind: 'world' });
    expect(outlinesPath({ kind: 'nuts', level: 3 })).toBe('/api/geo/nuts/3');
  });

  it('maps value names back to geo codes', () => {
    expect(geoCodesOf(hicp).sort()).toEqual(['DE', 'EA20', 'FR']);
  });
});
