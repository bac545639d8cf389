import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatMarkup, loadHicp, svgProblems } from '../core/test-fixtures';
import { loadWorldOutlines } from '../map/test-fixtures';
import { ChartWidget } from './chart-widget';

const hicp = loadHicp(['DE', 'FR', 'EA20', 'EE', 'IT', 'ES']);
const render = (props: Partial<Parameters<typeof ChartWidget>[0]> = {}) =>
  renderToString(<ChartWidget datasetId={1} initialData={{ data: hicp }} {...props} />);

describe('ChartWidget on the server', () => {
  it('draws the chart before any script runs: title, menus, SVG, slider and source line', () => {
    const html = render({ chartType: 'line', timeStart: '1/2020', serverWidth: 900 });
    expect(html).toContain('<h2');
    expect(html).toContain('HICP - monthly data (annual rate of change)</h2>');
    expect(html).toContain('aria-label="Chart type: Line"');
    expect(html).toContain('aria-label="Export"');
    expect(html).toContain('aria-label="Follow"');
    expect(html).toMatch(/<svg [^>]*width="900" height="428"[^>]*role="img"/);
    expect(html).toContain('data-state="rendered"');
    expect(html).toMatch(/<input type="range" min="0" max="340" step="1" [^>]*value="276"/);
    expect(html).toContain('aria-valuetext="1/2020 – 5/2025"');
    expect(html).toContain('Eurostat (prc_hicp_manr)</a>');
    const svg = html.slice(html.indexOf('<svg xmlns'), html.indexOf('</svg>', html.indexOf('<svg xmlns')) + 6);
    expect(svgProblems(svg)).toEqual([]);
  });

  it('opens as sorted bars of the latest period by default', () => {
    const html = render();
    expect(html).toContain('data-chart-type="bar"');
    expect(html).toContain('HICP - monthly data (annual rate of change) in May 2025: the highest is');
  });

  it('uses a half layout below 500px and map heights for the map', () => {
    const html = render({
      chartType: 'map',
      serverWidth: 420,
      initialOutlines: { kind: 'world', outlines: loadWorldOutlines(), path: '/api/geo/world' },
    });
    expect(html).toContain('data-layout="half"');
    expect(html).toMatch(/<svg [^>]*width="420" height="452"/);
    expect(html).toContain('HICP - monthly data (annual rate of change) in May 2025 across');
  });

  it('shows the table (the text alternative) without a slider', () => {
    const html = render({ chartType: 'table' });
    expect(html).toContain('<table');
    expect(html).not.toContain('type="range"');
  });

  it('shows the error panel with the specification messages', () => {
    expect(renderToString(<ChartWidget />)).toContain(
      'datasetId is required but not provided (either directly or via data-id)',
    );
    const html = render({ initialError: 'No matching data series found for the specified dimensions' });
    expect(html).toContain('role="alert"');
    expect(html).toContain('Error loading chart');
    expect(html).toContain('data-state="error"');
    expect(render({ initialData: { data: { ...hicp, data: [] } }, dimensions: { dim1: ['CP00'] } })).toContain(
      'No matching data series found for the specified dimensions',
    );
  });

  it('is loading until data arrives when the page gave none', () => {
    const html = renderToString(<ChartWidget datasetId={1} />);
    expect(html).toContain('data-state="loading"');
    expect(html).toContain('Loading chart');
  });

  it('turns every control into a link in the embed, with map values for the tooltip script', () => {
    const outlines = { kind: 'world' as const, outlines: loadWorldOutlines(), path: '/api/geo/world' };
    const html = render({ chartType: 'map', embed: true, readonly: true, initialOutlines: outlines });
    expect(html).toContain('href="/datasets/1?embed=true&amp;chart_type=line"');
    expect(html).toContain(
      'href="/api/charts/download-png?datasetId=1&amp;chart_type=map&amp;time_start=5/2025&amp;time_end=5/2025',
    );
    expect(html).toContain('href="/app/chart?id=1"');
    expect(html).not.toContain('aria-haspopup="menu"');
    expect(html).toContain('<script type="application/json" data-map-values="true">{');
    expect(html).toContain('"Germany":"2.1 Annual rate of change (%)"');
    expect(html).not.toContain('class="map-controls"');
  });

  it('offers only the types the dataset allows and draws its default for one it does not (decision 190)', () => {
    // The euro area alone: no place a map has an outline for, and few places over time, so a line.
    const aggregates = loadHicp(['EA20']);
    const asked = { chartType: 'map' as const, embed: true, readonly: true, initialData: { data: aggregates } };
    const html = render(asked);
    expect(html).toContain('data-chart-type="line"');
    expect(html).toContain('href="/datasets/1?embed=true&amp;chart_type=horizontal-bar"');
    expect(html).not.toContain('chart_type=map');
    // With countries the map is offered again.
    expect(render({ chartType: 'bar', embed: true, readonly: true })).toContain('chart_type=map');
  });

  it.each(['light', 'dark'] as const)('renders the embed deterministically in %s mode (snapshot)', async (theme) => {
    const html = render({ chartType: 'bar', embed: true, readonly: true, serverWidth: 600, height: 320, theme });
    expect(render({ chartType: 'bar', embed: true, readonly: true, serverWidth: 600, height: 320, theme })).toBe(html);
    await expect(formatMarkup(html)).toMatchFileSnapshot(`__snapshots__/widget-embed-bar-${theme}.html`);
  });
});
