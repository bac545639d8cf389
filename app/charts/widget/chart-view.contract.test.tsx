// The contract every registered chart view keeps (decision 036): for the same props the same picture, an SVG image
// named by its title and described, rasterisable, in both themes, and a message instead of a picture without data.
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DatasetData } from '#core/schemas/dataset';
import type { ChartType } from '../core/slider';
import { loadHicp, svgProblems } from '../core/test-fixtures';
import { loadWorldOutlines } from '../map/test-fixtures';
import { ChartView } from './chart-view';
import { widgetTimeline } from './widget-state';

const TYPES: ChartType[] = ['line', 'bar', 'horizontal-bar', 'map', 'table'];
const hicp = loadHicp(['DE', 'FR', 'IT', 'EA20']);
const outlines = { kind: 'world' as const, outlines: loadWorldOutlines(), path: '/api/geo/world' };

function render(type: ChartType, data: DatasetData, theme: 'light' | 'dark' = 'light'): string {
  const { periods } = widgetTimeline(data);
  // Line and bar start the range 12 periods back; map, horizontal bar and table show the latest.
  const sliderIndex = type === 'line' || type === 'bar' ? Math.max(0, periods.length - 12) : periods.length - 1;
  return renderToString(
    <ChartView
      data={data}
      type={type}
      periods={periods}
      sliderIndex={Math.max(0, sliderIndex)}
      width={900}
      height={428}
      theme={theme}
      mode="image"
      outlines={outlines}
      idPrefix={`contract-${type}`}
    />,
  );
}

/** The outermost SVG of a rendered view. */
function svgOf(markup: string): string {
  const start = markup.indexOf('<svg');
  return start < 0 ? '' : markup.slice(start, markup.lastIndexOf('</svg>') + 6);
}

describe.each(TYPES)('the %s view', (type) => {
  it('is an SVG image with a title and a description, and nothing a rasteriser would choke on', () => {
    const svg = svgOf(render(type, hicp));
    expect(svg).toMatch(/^<svg [^>]*role="img"/);
    expect(svg).toMatch(/<title[^>]*>[^<]+<\/title>/);
    expect(svg).toMatch(/<desc[^>]*>[^<]+<\/desc>/);
    expect(svgProblems(svg)).toEqual([]);
  });

  it('draws the same picture for the same props, and another in the dark theme', () => {
    expect(render(type, hicp)).toBe(render(type, hicp));
    expect(render(type, hicp, 'dark')).not.toBe(render(type, hicp));
  });

  it('says so instead of drawing when there is nothing to show', () => {
    const empty: DatasetData = { ...hicp, data: [] };
    const svg = svgOf(render(type, empty));
    expect(svg).toMatch(/^<svg [^>]*role="img"/);
    expect(svgProblems(svg)).toEqual([]);
    // The specification's messages.
    expect(svg.replace(/<[^>]+>/g, ' ')).toMatch(
      /No data found for this dataset|No data available for horizontal bar chart|No data available for map/,
    );
  });
});
