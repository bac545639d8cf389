import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { bandColorOf } from '../core/color-bands';
import { formatMarkup, svgProblems, textsIn } from '../core/test-fixtures';
import { MapChart } from './map-chart';
import { buildMapState, datasetToMapRows } from './map-state';
import { MapImage, type MapImageProps } from './map-svg';
import { loadHicpAllGeos, loadNutsOutlines, loadRegionalGdp, loadWorldOutlines, pickOutlines } from './test-fixtures';

const hicp = loadHicpAllGeos();
const hicpRows = datasetToMapRows(hicp);
const gdp = loadRegionalGdp(2);
const gdpRows = datasetToMapRows(gdp);

const europe: MapImageProps = {
  rows: hicpRows,
  countries: hicp.dataset.available_countries,
  outlines: loadWorldOutlines(),
  outlineKind: 'world',
  periodIndex: hicpRows.findIndex((r) => r.name === '10/2022'),
  unit: hicp.dataset.unit,
  title: 'HICP - monthly data (annual rate of change)',
  width: 800,
  height: 452,
};
const regions: MapImageProps = {
  rows: gdpRows,
  countries: gdp.dataset.available_countries,
  outlines: loadNutsOutlines(2),
  outlineKind: 'nuts',
  periodIndex: gdpRows.findIndex((r) => r.name === '2021'),
  unit: gdp.dataset.unit,
  title: 'Regional GDP',
  width: 800,
  height: 452,
};
const image = (props: MapImageProps) => renderToStaticMarkup(<MapImage {...props} />);

/** The fill of the outline drawn for a data key (iso:276, nuts:DE11 …). */
function fillOf(svg: string, key: string): string | undefined {
  return new RegExp(`<path class="map-area" d="[^"]+" fill="(#[0-9a-f]{6})"[^>]* data-key="${key}"`).exec(svg)?.[1];
}

// Snapshots draw a few real outlines (Benelux, Germany, Austria, Switzerland, Malta, Liechtenstein; Belgian and Dutch
// NUTS 2 regions) so that each file stays small enough to review; the full maps are checked by the tests below.
const benelux = ['056', '528', '442', '276', '040', '756', '470', '438'];
const lowCountries = ['BE', 'NL'];

describe('map snapshots', () => {
  it.each(['light', 'dark'] as const)('HICP October 2022 in Europe, %s', async (theme) => {
    const outlines = pickOutlines(europe.outlines, benelux);
    const svg = image({ ...europe, outlines, theme, chartSettings: { showValues: true } });
    expect(svgProblems(svg)).toEqual([]);
    await expect(formatMarkup(svg)).toMatchFileSnapshot(`__snapshots__/map-hicp-10-2022-europe-${theme}.svg`);
  });

  it.each(['light', 'dark'] as const)('regional GDP 2021 by NUTS 2, %s', async (theme) => {
    const svg = image({ ...regions, outlines: pickOutlines(regions.outlines, lowCountries), theme });
    expect(svgProblems(svg)).toEqual([]);
    await expect(formatMarkup(svg)).toMatchFileSnapshot(`__snapshots__/map-gdp-2021-nuts2-${theme}.svg`);
  });
});

describe('HICP map (world outlines)', () => {
  const svg = image(europe);
  const state = buildMapState(europe);
  if (state.status !== 'ok') throw new Error('no state');

  it("fills Germany with the band colour of 11.6 and regions without data with '#f1f5f9'", () => {
    expect(fillOf(svg, 'iso:276')).toBe(bandColorOf(state.bands, 11.6));
    expect(fillOf(svg, 'iso:276')).not.toBe('#f1f5f9');
    expect(fillOf(svg, 'iso:826')).toBe('#f1f5f9'); // United Kingdom: no value in 10/2022
    expect(fillOf(svg, 'iso:643')).toBe('#f1f5f9'); // Russia: not in the data
  });

  it('matches Kosovo by name and Greece by its ISO id, and draws Malta', () => {
    expect(svg).toContain('data-key="name:kosovo" data-name="Kosovo*" data-has-data="true"');
    expect(svg).toContain('data-key="iso:470" data-name="Malta" data-has-data="true"');
    expect(fillOf(svg, 'iso:470')).toBe(bandColorOf(state.bands, 7.4));
    // A few pixels across at this size: a dot in its band's colour shows it and answers the pointer.
    const dots = [...svg.matchAll(/<circle class="map-area-marker"[^>]*fill="(#[0-9a-f]{6})" data-key="([^"]+)"/g)];
    expect(dots.map((d) => [d[2], d[1]])).toEqual([['iso:470', bandColorOf(state.bands, 7.4)]]);
    expect(fillOf(svg, 'name:kosovo')).toBe(bandColorOf(state.bands, 12.7));
    expect(svg).toContain('data-key="iso:300" data-name="Greece" data-has-data="true"');
  });

  it('frames Europe: Germany near the middle, the Americas out of the frame', () => {
    expect(svg).not.toContain('data-key="iso:032"'); // Argentina is culled
    expect(svg).not.toContain('Antarctica');
  });

  it('draws the legend with the unit, the five band labels and No data', () => {
    expect(textsIn(svg, 'map-legend')).toEqual([
      'Annual rate of change (%)',
      'Low (Q0-Q20)',
      '2.9 \u2013 8.4',
      'Medium (Q20-Q40)',
      '8.4 \u2013 10.4',
      'High (Q40-Q60)',
      '10.4 \u2013 12.9',
      'Very High (Q60-Q80)',
      '12.9 \u2013 16.2',
      'Extremely High (Q80-Q100)',
      '16.2 \u2013 85.4',
      'No data',
    ]);
    expect(svg).toContain('>10/2022</text>');
    expect(svg).toContain('>Boundaries: Natural Earth</text>');
  });

  it('is an accessible image with a title and a description of the extremes', () => {
    expect(svg).toMatch(/^<svg [^>]*role="img"/);
    expect(svg).toContain('<title id="map-chart-');
    expect(svg).toContain('the highest is Türkiye at 85.4 % and the lowest Switzerland at 2.9 %');
  });

  it('draws value labels only when asked, and only where they fit', () => {
    expect(svg).not.toContain('class="map-labels"');
    const labelled = image({ ...europe, chartSettings: { showValues: true } });
    const labels = textsIn(labelled, 'map-labels');
    expect(labels).toEqual(expect.arrayContaining(['85.4', '11.6', '16.4']));
    expect(labels.length).toBeLessThan(36);
    expect(labels.every((l) => l.length <= 12)).toBe(true);
  });

  it('draws no borders when they are turned off', () => {
    expect(svg).toContain('<g class="map-areas" stroke="#94a3b8"');
    expect(image({ ...europe, chartSettings: { showBorders: false } })).toContain('<g class="map-areas" stroke="none"');
  });

  it('is deterministic', () => {
    expect(image(europe)).toBe(svg);
  });

  it('applies a saved transform, rescaled to the current size', () => {
    const zoomed = image({
      ...europe,
      width: 400,
      height: 226,
      savedMapTransform: { x: -80, y: -45.2, scale: 1.2 },
      savedMapReferenceWidth: 800,
      savedMapReferenceHeight: 452,
    });
    expect(zoomed).toContain('<g class="map-zoom" transform="translate(-40,-22.6) scale(1.2)">');
  });
});

describe('NUTS 2 regional GDP map', () => {
  const svg = image(regions);
  const state = buildMapState(regions);
  if (state.status !== 'ok') throw new Error('no state');

  it('fills NUTS regions by their code and credits the boundaries', () => {
    const stuttgart = state.areas.find((a) => a.key === 'nuts:DE11')!;
    expect(stuttgart.value).toBeGreaterThan(100_000);
    expect(fillOf(svg, 'nuts:DE11')).toBe(bandColorOf(state.bands, stuttgart.value));
    expect(svg).toContain('Boundaries: \u00a9 EuroGeographics, Eurostat GISCO (NUTS 2021)');
    expect(state.unmatched.map((u) => u.name)).toContain('Canarias'); // no outline in Nuts2json
    expect(state.region).toEqual({ kind: 'continent', continent: 'Europe' });
    // City regions (Praha, Wien, Berlin) are a few pixels too, but a regional map gets no dots: they would pile up.
    expect(svg).not.toContain('map-area-marker');
  });

  it('writes the boundaries of a unit that names its scale in full: "Million euro" never beside "20K" (issue 41)', () => {
    expect(textsIn(svg, 'map-legend')).toContain('Million euro');
    expect(textsIn(svg, 'map-legend').some((t) => /^\d{1,3}(,\d{3})+ \u2013 \d{1,3}(,\d{3})+$/.test(t))).toBe(true);
    expect(textsIn(svg, 'map-legend').some((t) => /\d[KMB]\b/.test(t))).toBe(false);
  });
});

describe('MapChart', () => {
  it('renders the controls as buttons, and none when read-only', () => {
    const html = renderToStaticMarkup(<MapChart {...europe} />);
    for (const label of ['Zoom in', 'Zoom out', 'Reset view', 'Toggle values', 'Toggle borders', 'Map colour']) {
      expect(html).toContain(`<button type="button" aria-label="${label}"`);
    }
    const readonly = renderToStaticMarkup(<MapChart {...europe} readonly />);
    expect(readonly).not.toContain('<button');
    expect(readonly).not.toContain('map-controls');
    expect(readonly).toContain('class="map-areas"');
  });

  it("shows 'No data available for map' without rows", () => {
    const html = renderToStaticMarkup(<MapChart {...europe} rows={[]} />);
    expect(html).toContain('>No data available for map</text>');
    expect(html).not.toContain('<button');
    expect(svgProblems(html)).toEqual([]);
  });

  it('fits a small map without NaN, with the legend under the map', () => {
    const svg = image({ ...europe, width: 360, height: 350 });
    expect(svgProblems(svg)).toEqual([]);
    // On a phone the bands keep their value ranges, with short names (issue 11, item 8).
    expect(textsIn(svg, 'map-legend').some((t) => / \u2013 /.test(t))).toBe(true);
    expect(textsIn(svg, 'map-legend')).toContain('Extremely High');
    expect(textsIn(svg, 'map-legend')).not.toContain('Extremely High (Q80-Q100)');
  });
});
