// A followed chart's settings ↔ the widget: what each report saves, and what the widget is given back.
import { describe, expect, it } from 'vitest';
import { mapSettingsChange, settingsOfView, sliderChange, transformChange, widgetPropsOfSettings } from './follow-view';
import { viewOfSettings } from '#db/queries/follows';

const periods = ['1/2025', '2/2025', '3/2025', '4/2025'];

describe('what a widget report saves', () => {
  it('saves the map and horizontal bar slider as a period index, -1 on the latest so new data moves it along', () => {
    expect(sliderChange('map', 1, periods)).toEqual({ period_index: 1 });
    expect(sliderChange('horizontal-bar', 3, periods)).toEqual({ period_index: -1 });
  });

  it('saves the line, bar and table slider as the range start', () => {
    expect(sliderChange('line', 2, periods)).toEqual({ time_start: '3/2025' });
    expect(sliderChange('bar', 0, periods)).toEqual({ time_start: '1/2025' });
    expect(sliderChange('table', 9, periods)).toEqual({});
  });

  it('saves the transform with the size it was made at, and values and colour', () => {
    expect(transformChange({ x: -12.34567, y: 8, scale: 1.2 }, { width: 800.4, height: 452 })).toEqual({
      map_transform: { x: -12.346, y: 8, scale: 1.2, reference_width: 800, reference_height: 452 },
    });
    expect(mapSettingsChange({ showValues: true, showBorders: false, seriesColor: '#2563eb' })).toEqual({
      show_values: true,
      series_color: '#2563eb',
    });
  });

  it('saves the user’s own colours, and gives them back to the widget', () => {
    const change = mapSettingsChange({ seriesColor: '#aa3355', customSeriesColors: ['#aa3355', '#123456'] });
    expect(change).toEqual({ series_color: '#aa3355', custom_series_colors: ['#aa3355', '#123456'] });
    expect(widgetPropsOfSettings(change)).toMatchObject({
      chartSettings: { seriesColor: '#aa3355' },
      customSeriesColors: ['#aa3355', '#123456'],
    });
  });
});

describe('what the widget is given back', () => {
  it('restores the view, the map settings and the user’s words', () => {
    const settings = {
      chart_type: 'map' as const,
      countries: ['DE'],
      period_index: 2,
      map_transform: { x: 1, y: 2, scale: 1.44, reference_width: 800, reference_height: 452 },
      show_values: true,
      series_color: '#dc2626',
      title: 'Mine',
    };
    const fallback = { chartType: 'bar' as const, dimensions: { dim1: ['CP00'] }, countries: [], timeEnd: '4/2025' };
    expect(viewOfSettings(settings, fallback)).toEqual({
      chartType: 'map',
      dimensions: { dim1: ['CP00'] },
      countries: ['DE'],
      timeStart: undefined,
      timeEnd: '4/2025',
    });
    expect(widgetPropsOfSettings(settings)).toMatchObject({
      title: 'Mine',
      subtitle: undefined,
      periodIndex: 2,
      chartSettings: { showValues: true, seriesColor: '#dc2626' },
      savedMapTransform: { x: 1, y: 2, scale: 1.44 },
      savedMapReferenceWidth: 800,
      savedMapReferenceHeight: 452,
    });
    expect(settingsOfView({ chartType: 'line', dimensions: {}, countries: ['FR'], timeStart: '2019' })).toEqual({
      chart_type: 'line',
      dimensions: {},
      countries: ['FR'],
      time_start: '2019',
    });
  });
});
