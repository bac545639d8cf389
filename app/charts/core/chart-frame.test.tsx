import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { ChartMessage, safeSize } from './chart-frame';
import { svgProblems } from './test-fixtures';

describe('safeSize', () => {
  it('rounds a usable size and replaces a bad one with the fallback', () => {
    expect(safeSize(799.6, 600)).toBe(800);
    expect(safeSize(0, 600)).toBe(600);
    expect(safeSize(-1, 600)).toBe(600);
    expect(safeSize(Number.NaN, 400)).toBe(400);
  });
});

describe('ChartMessage', () => {
  it('renders an accessible SVG with the message centred', () => {
    const svg = renderToStaticMarkup(
      <ChartMessage id="m" width={400} height={300} theme="dark" title="HICP" message="No data available for map" />,
    );
    expect(svg).toContain('role="img"');
    expect(svg).toContain('aria-labelledby="m-title" aria-describedby="m-desc"');
    expect(svg).toContain('<desc id="m-desc">No data available for map</desc>');
    expect(svg).toContain('x="200" y="150" text-anchor="middle"');
    expect(svgProblems(svg)).toEqual([]);
  });
});
