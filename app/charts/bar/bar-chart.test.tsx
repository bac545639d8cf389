// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { cleanup, fireEvent, render as mount, screen } from '@testing-library/react';
import { formatMarkup, loadHicp, svgProblems, textsIn } from '../core/test-fixtures';
import { markerBounds, markerPath, type MarkerShape } from '../core/series-markers';
import type { DatasetData } from '#core/schemas/dataset';
import { BarChart } from './bar-chart';

const hicp = loadHicp(['DE', 'FR', 'EA20', 'EU27_2020', 'EE', 'ES', 'IT', 'PL']);
const MUTED = '#9ca3af';
const render = (props: Partial<Parameters<typeof BarChart>[0]> = {}) =>
  renderToStaticMarkup(<BarChart data={hicp} width={800} height={400} {...props} />);

/** Bar heights in document order, with their data-series labels. */
function bars(svg: string): { label: string; y: number; height: number }[] {
  return [...svg.matchAll(/data-series="([^"]+)"><rect x="[^"]+" y="([^"]+)" width="[^"]+" height="([^"]+)"/g)].map(
    (m) => ({
      label: m[1] ?? '',
      y: Number(m[2]),
      height: Number(m[3]),
    }),
  );
}

/** Each drawn bar's series and fill, in document order. */
function fills(container: HTMLElement): { label: string; fill: string }[] {
  return [...container.querySelectorAll('g.bar:not(.bar-no-data)')].map((g) => ({
    label: g.getAttribute('data-series') ?? '',
    fill: g.querySelector('rect')?.getAttribute('fill') ?? '',
  }));
}

/** Each drawn bar's series, its rect and its marker (shape, path, centre), in document order. */
function marked(container: Element) {
  return [...container.querySelectorAll('g.bar:not(.bar-no-data)')].map((g) => {
    const rect = g.querySelector('rect')!;
    const marker = g.querySelector('path.bar-marker');
    const at = /translate\(([^,]+),([^)]+)\)/.exec(marker?.getAttribute('transform') ?? '');
    return {
      label: g.getAttribute('data-series') ?? '',
      fill: rect.getAttribute('fill') ?? '',
      y: Number(rect.getAttribute('y')),
      bottom: Number(rect.getAttribute('y')) + Number(rect.getAttribute('height')),
      aggregate: g.classList.contains('bar-aggregate'),
      marker: marker
        ? {
            shape: (marker.getAttribute('data-shape') ?? '') as MarkerShape,
            d: marker.getAttribute('d') ?? '',
            fill: marker.getAttribute('fill') ?? '',
            y: Number(at?.[2]),
          }
        : null,
    };
  });
}

afterEach(cleanup);

/** The data up to and including `period` (4/2025: the last month every fixture geo has). */
function upTo(data: DatasetData, period: string): DatasetData {
  const end = data.data[0]!.rows.findIndex((r) => r.period === period);
  return { ...data, data: data.data.map((s) => ({ ...s, rows: s.rows.slice(0, end + 1) })) };
}

describe('BarChart snapshots (HICP, 800 × 400)', () => {
  it.each(['light', 'dark'] as const)('renders grouped bars of the last 12 months in %s mode', async (theme) => {
    const svg = render({ theme, countries: ['DE', 'FR', 'EA20', 'IT'] });
    expect(svgProblems(svg)).toEqual([]);
    await expect(formatMarkup(svg)).toMatchFileSnapshot(`__snapshots__/bar-grouped-last-12-months-${theme}.svg`);
  });

  it.each(['light', 'dark'] as const)('renders sparse bars of 5/2025 in %s mode', async (theme) => {
    const svg = render({ theme, startIndex: 340 });
    expect(svgProblems(svg)).toEqual([]);
    await expect(formatMarkup(svg)).toMatchFileSnapshot(`__snapshots__/bar-sparse-5-2025-${theme}.svg`);
  });
});

describe('BarChart', () => {
  it('sorts sparse bars descending, left to right, and labels them', () => {
    const svg = render({ startIndex: 340 });
    const heights = bars(svg).map((b) => b.height);
    expect(heights).toEqual([...heights].sort((a, b) => b - a));
    expect(bars(svg).map((b) => b.label)).toEqual(['Estonia', 'Germany', 'Italy', 'Spain', 'France']);
    // Series without a 5/2025 value keep their place at the end, as 'No data' (issue 11, item 3).
    expect(textsIn(svg, 'axis-x')).toEqual([
      'Estonia',
      'Germany',
      'Italy',
      'Spain',
      'France',
      'Euro area (20)',
      // Too long for its bar: the short name, the labels stay upright.
      'EU27',
      'Poland',
    ]);
    expect(textsIn(svg, 'bar-marks')).toEqual(['4.6', '2.1', '1.9', '1.9', '0.6', 'No data', 'No data', 'No data']);
    expect(svg).toContain('>Annual rate of change (%), 5/2025</text>');
  });

  it('sets the aggregates (EA20, EU27) apart from the countries: first, a gap, a light fill in an outline', () => {
    const svg = renderToStaticMarkup(
      <BarChart data={upTo(hicp, '4/2025')} width={800} height={400} startIndex={339} />,
    );
    const drawn = bars(svg).map((b) => b.label);
    expect(drawn.slice(0, 2).sort()).toEqual(['Euro area (20)', 'European Union (27)']);
    const heights = bars(svg)
      .slice(2)
      .map((b) => b.height);
    expect(heights).toEqual([...heights].sort((a, b) => b - a));
    const xs = [...svg.matchAll(/class="bar[^"]*" data-series="[^"]+"><rect x="([^"]+)"/g)].map((m) => Number(m[1]));
    const steps = xs.slice(1).map((x, i) => x - xs[i]!);
    // The step from the last aggregate to the first country is two bars wide.
    expect(steps[1]! / steps[0]!).toBeCloseTo(2, 1);
    expect(svg.match(/class="bar bar-aggregate"[^>]*><rect [^>]*fill-opacity="0.35"[^>]*stroke="#/g)).toHaveLength(2);
  });

  it('names the EU27 by its short name under a bar too narrow for the full one (a phone)', () => {
    const eu = loadHicp(['DE', 'FR', 'EU27_2020'], ['CP00'], {
      DE: 'Germany',
      FR: 'France',
      EU27_2020: 'European Union (27 countries, from 2020)',
    });
    const phone = renderToStaticMarkup(
      <BarChart data={upTo(eu, '4/2025')} width={375} height={300} startIndex={339} />,
    );
    expect(textsIn(phone, 'axis-x')).toContain('EU27');
    expect(phone).toContain('European Union (27 countries, from 2020)');
  });

  it('draws one bar per series and period, with a legend and period labels', () => {
    const svg = render({ countries: ['DE', 'FR', 'EA20', 'IT'] });
    // EA20 has no 5/2025 value: 4 × 12 - 1 bars.
    expect(bars(svg)).toHaveLength(47);
    expect(textsIn(svg, 'chart-legend')).toEqual(['Germany', 'France', 'Euro area (20)', 'Italy']);
    expect(textsIn(svg, 'axis-x')[0]).toBe('Jul 2024');
  });

  it('tells the series of grouped bars apart by marker shape as well as colour: on every bar and in the legend (issue 40)', () => {
    // Three series, the euro area an aggregate: each keeps its look and carries its marker.
    const { container } = mount(
      <BarChart data={hicp} width={800} height={400} countries={['DE', 'EA20', 'IT']} theme="dark" />,
    );
    const drawn = marked(container);
    expect(drawn).toHaveLength(35);
    const shapeOf = new Map<string, MarkerShape>();
    for (const b of drawn) {
      expect(b.marker).not.toBeNull();
      // Each bar has its series' one shape, in its bar's colour, just over its end.
      expect(shapeOf.get(b.label) ?? b.marker!.shape).toBe(b.marker!.shape);
      shapeOf.set(b.label, b.marker!.shape);
      expect(b.marker!.fill).toBe(b.fill);
      expect(b.marker!.y + markerBounds(b.marker!.shape, 1).bottom).toBeLessThan(b.y);
      expect(b.marker!.y).toBeGreaterThan(b.y - 12);
    }
    expect([...shapeOf]).toEqual([
      ['Germany', 'circle'],
      ['Euro area (20)', 'square'],
      ['Italy', 'triangle'],
    ]);
    // One path per shape: every marker of the chart is the same size.
    expect(new Set(drawn.map((b) => b.marker!.d)).size).toBe(3);
    const euro = drawn.filter((b) => b.label === 'Euro area (20)');
    expect(euro.every((b) => b.aggregate)).toBe(true);
    const euroBar = container.querySelector('g.bar-aggregate rect')!;
    expect(euroBar.getAttribute('fill-opacity')).toBe('0.35');
    expect(euroBar.getAttribute('stroke')).toBe(euro[0]!.fill);
    expect(container.querySelector('g.bar-aggregate path.bar-marker')?.getAttribute('fill-opacity')).toBeNull();
    // The legend: each name beside its series' marker, over a short bar of its look.
    const entries = [...container.querySelectorAll('.chart-legend .legend-item')];
    expect(entries.map((e) => [e.textContent, e.querySelector('path')?.getAttribute('d')])).toEqual(
      [...shapeOf].map(([label, shape]) => [label, markerPath(shape)]),
    );
    expect(entries[1]?.classList.contains('legend-aggregate')).toBe(true);
    expect(svgProblems(container.innerHTML)).toEqual([]);
  });

  it('puts the marker of a bar below zero under its end, or over the zero line where its end is at the axis', () => {
    // 2015: Spain down to −1.5 %, the bottom of the plot, in January.
    const { container } = mount(
      <BarChart data={hicp} width={800} height={400} startIndex={216} endIndex={227} countries={['DE', 'FR', 'ES']} />,
    );
    const zeroY = Number(container.querySelector('.zero-line')?.getAttribute('y1'));
    const plotBottom = Math.max(...marked(container).map((b) => b.bottom));
    const down = marked(container).filter((b) => b.y === zeroY && b.bottom > zeroY);
    expect(down.length).toBeGreaterThan(5);
    for (const b of down) {
      const { top, bottom } = markerBounds(b.marker!.shape, 1);
      const under = b.marker!.y + top > b.bottom;
      const overZero = b.marker!.y + bottom < zeroY;
      expect(under || overZero).toBe(true);
      // Never over the period labels under the plot.
      if (under) expect(b.marker!.y + markerBounds(b.marker!.shape).bottom).toBeLessThanOrEqual(plotBottom);
      else expect(b.bottom).toBeGreaterThan(plotBottom - 12);
    }
    expect(down.filter((b) => b.marker!.y < zeroY)).toHaveLength(1);
  });

  it('draws no marker on sparse bars (the place is named under its bar) nor on one series', () => {
    for (const svg of [render({ startIndex: 340 }), render({ countries: ['DE'] })]) {
      expect(svg).not.toContain('bar-marker');
      expect(svg).not.toMatch(/class="legend-item[^"]*"><path/);
    }
    const aggregates = renderToStaticMarkup(
      <BarChart data={upTo(hicp, '4/2025')} width={800} height={400} startIndex={339} />,
    );
    expect(aggregates).not.toContain('bar-marker');
  });

  it("marks a phone's year of three places, and leaves markers off bars too thin for a shape, keeping the range", () => {
    // Twelve months of three places on a phone: bars of about 4.7 px with their gaps, each with its marker.
    const year = mount(
      <BarChart data={hicp} width={343} height={368} startIndex={328} countries={['DE', 'FR', 'EA20']} />,
    );
    expect(marked(year.container).length).toBeGreaterThan(33);
    expect(marked(year.container).every((b) => b.marker !== null)).toBe(true);
    cleanup();
    // From 1/2020: 4 px a bar, as many periods as before markers (21), none cut for them, and no room for a shape.
    const { container } = mount(
      <BarChart data={hicp} width={343} height={368} startIndex={276} countries={['DE', 'FR', 'EA20']} />,
    );
    expect(container.querySelectorAll('g.bar rect')).toHaveLength(63);
    expect(container.querySelector('path.bar-marker')).toBeNull();
    expect(container.querySelectorAll('.chart-legend .legend-item path')).toHaveLength(3);
  });

  it('puts negative values below the zero line', () => {
    const svg = render({ startIndex: 216, countries: ['DE', 'FR', 'ES'] });
    const zeroY = Number(/class="zero-line" x1="[^"]+" x2="[^"]+" y1="([^"]+)"/.exec(svg)?.[1]);
    const all = bars(svg);
    expect(all.some((b) => b.y >= zeroY && b.height > 0)).toBe(true);
    expect(all.some((b) => b.y + b.height <= zeroY && b.height > 0)).toBe(true);
    expect(all.every((b) => b.y === zeroY || Math.abs(b.y + b.height - zeroY) < 0.02)).toBe(true);
  });

  it('never writes a negative value over the names under the bars (tec00115: Austria −1.0 on "Austria", issue 41)', () => {
    // One period where Austria's small fall is the lowest value: its bar ends at the bottom of the plot.
    const period = '5/2025';
    const values: Record<string, number> = { Germany: 6.1, France: 3.2, Spain: 2.5, Italy: 0.7, Austria: -1 };
    const data: DatasetData = {
      ...hicp,
      data: [{ ...hicp.data[0]!, rows: [{ period, values }] }],
    };
    for (const width of [375, 800]) {
      const svg = renderToStaticMarkup(<BarChart data={data} width={width} height={368} />);
      const valueY = Number(/<text x="[^"]+" y="([^"]+)"[^>]*>-1\.0<\/text>/.exec(svg)?.[1]);
      const namesTop = Math.min(
        ...[...svg.matchAll(/<g class="axis-x">[\s\S]*?<\/g><\/g>/g)].flatMap((m) =>
          [...m[0].matchAll(/<text x="[^"]+" y="([^"]+)"/g)].map((t) => Number(t[1])),
        ),
      );
      // The value's text (11 px, centred on its y) ends above the names' top (their y, hanging from the axis).
      expect(valueY + 6).toBeLessThan(namesTop);
      const zeroY = Number(/class="zero-line" x1="[^"]+" x2="[^"]+" y1="([^"]+)"/.exec(svg)?.[1]);
      expect(valueY).toBeLessThan(zeroY);
    }
  });

  it('turns country labels 45° when they do not fit side by side', () => {
    const svg = render({ startIndex: 340, width: 300, height: 368 });
    expect(render({ startIndex: 340, countries: ['DE', 'FR', 'IT', 'ES', 'EE'] })).not.toContain('rotate(');
    expect(svg).toContain('transform="rotate(-45');
    expect(svgProblems(svg)).toEqual([]);
  });

  it('keeps bars at least a few pixels wide by cutting a long range short', () => {
    const svg = render({ startIndex: 0 });
    expect(svgProblems(svg)).toEqual([]);
    expect(svg).toContain('The range is cut short');
  });

  it('is an accessible image with title and description, the same on every render', () => {
    const svg = render({ startIndex: 340 });
    expect(svg).toMatch(/^<svg [^>]*role="img"/);
    expect(svg).toContain('<title id="bar-chart-');
    // Each quoted value says its flag (issue 40).
    expect(svg).toContain(
      'in May 2025: the highest is Estonia at 4.6 % (estimated) and the lowest France at 0.6 % (estimated), of 5 shown.',
    );
    expect(render({ startIndex: 340 })).toBe(svg);
  });

  it("shows the specification's message instead of throwing when there is no data", () => {
    expect(render({ countries: ['XX'] })).toContain('>No data found for this dataset</text>');
    expect(svgProblems(render({ width: Number.NaN, height: 0 }))).toEqual([]);
  });

  it('brings a bar forward when its name under the bars is chosen, greys the others, and clears again (issue 11)', () => {
    const { container } = mount(<BarChart data={hicp} width={800} height={400} startIndex={340} interactive />);
    // One button per name drawn under a bar; the places without a value have no bar to bring forward.
    expect(screen.getAllByRole('button', { name: /^Highlight / }).map((b) => b.getAttribute('aria-label'))).toEqual(
      ['Estonia', 'Germany', 'Italy', 'Spain', 'France'].map((name) => `Highlight ${name}`),
    );
    const colour = fills(container)[0]!.fill;
    const germany = screen.getByRole('button', { name: 'Highlight Germany' });
    expect(germany.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(germany);
    expect(germany.getAttribute('aria-pressed')).toBe('true');
    expect(fills(container)).toEqual([
      { label: 'Estonia', fill: MUTED },
      { label: 'Germany', fill: colour },
      { label: 'Italy', fill: MUTED },
      { label: 'Spain', fill: MUTED },
      { label: 'France', fill: MUTED },
    ]);
    // 'No data' stays as it was.
    expect(container.querySelectorAll('g.bar-no-data rect')).toHaveLength(0);
    expect(textsIn(container.innerHTML, 'bar-marks').filter((t) => t === 'No data')).toHaveLength(3);
    fireEvent.click(germany);
    expect(germany.getAttribute('aria-pressed')).toBe('false');
    expect(fills(container).filter((b) => b.fill === MUTED)).toEqual([]);
    // Escape clears too.
    fireEvent.click(screen.getByRole('button', { name: 'Highlight Italy' }));
    expect(fills(container).filter((b) => b.fill === MUTED)).toHaveLength(4);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Highlight Italy' }), { key: 'Escape' });
    expect(fills(container).filter((b) => b.fill === MUTED)).toEqual([]);
  });

  it('puts the name buttons under the bars, at the ends of turned names, and only over names that are drawn', () => {
    const upright = mount(<BarChart data={hicp} width={800} height={400} startIndex={340} interactive />);
    const bottom = Math.max(
      ...[...upright.container.querySelectorAll('g.bar rect')].map(
        (r) => Number(r.getAttribute('y')) + Number(r.getAttribute('height')),
      ),
    );
    for (const b of screen.getAllByRole('button', { name: /^Highlight / })) {
      expect(parseFloat(b.style.top)).toBeGreaterThanOrEqual(bottom);
      expect(b.style.transform).toBe('');
    }
    cleanup();
    // A phone turns the names 45°: each button is an upright square at its name's end, none over its neighbour's (a
    // box turned along the name would cover the next one: WCAG 2.5.8, decision 207).
    mount(<BarChart data={hicp} width={300} height={368} startIndex={340} interactive />);
    const turned = screen.getAllByRole('button', { name: /^Highlight / });
    expect(turned).toHaveLength(5);
    expect(turned.every((b) => b.style.transform === '' && b.style.width === b.style.height)).toBe(true);
    const lefts = turned.map((b) => parseFloat(b.style.left)).sort((a, b) => a - b);
    const side = parseFloat(turned[0]!.style.width);
    expect(lefts.slice(1).every((l, i) => l - lefts[i]! >= side)).toBe(true);
    cleanup();
    // Too many places for a narrow chart: every k-th is named, and only those have a button.
    const all = loadHicp();
    const narrow = { data: upTo(all, '10/2022'), width: 200, height: 368, startIndex: 309 };
    const named = textsIn(renderToStaticMarkup(<BarChart {...narrow} />), 'axis-x');
    expect(named.length).toBeLessThan(11);
    mount(<BarChart {...narrow} interactive />);
    const buttons = screen.getAllByRole('button', { name: /^Highlight / });
    expect(buttons).toHaveLength(named.length);
  });
});

describe('BarChart by keyboard (issue 40)', () => {
  const said = (chart: HTMLElement) => chart.querySelector('[aria-live="polite"]')!.textContent;

  it('announces each period of grouped bars: the period in full, the unit, each place and its value', () => {
    mount(<BarChart data={hicp} width={800} height={400} startIndex={338} interactive />);
    const chart = screen.getByRole('application');
    fireEvent.keyDown(chart, { key: 'Home' });
    expect(said(chart)).toMatch(/^March 2025; Annual rate of change \(%\); [A-Z][^:;]+: \d+\.\d/);
    fireEvent.keyDown(chart, { key: 'End' });
    expect(said(chart)).toMatch(/^May 2025; Annual rate of change \(%\); .*Germany: 2\.1 \(estimated\)/);
    fireEvent.keyDown(chart, { key: 'ArrowLeft' });
    expect(said(chart)).toMatch(/^April 2025; /);
    // The tooltip's rows show each series' marker, as the bars do.
    const rows = [...screen.getByRole('tooltip').querySelectorAll('.chart-tooltip-row')];
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((r) => r.querySelector('svg path'))).toBe(true);
  });

  it('announces one bar of a single period: the place, the unit and period, the value', () => {
    mount(<BarChart data={hicp} width={800} height={400} startIndex={340} interactive />);
    const chart = screen.getByRole('application');
    fireEvent.keyDown(chart, { key: 'ArrowRight' });
    expect(said(chart)).toMatch(/^[A-Z][^;]+; Annual rate of change \(%\), May 2025; \d+\.\d/);
    fireEvent.keyDown(chart, { key: 'End' });
    expect(said(chart)).toMatch(/^[A-Z][^;]+; Annual rate of change \(%\), May 2025; (\d+\.\d|No data)/);
  });
});
