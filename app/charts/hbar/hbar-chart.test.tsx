// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { cleanup, fireEvent, render as mount, screen } from '@testing-library/react';
import { formatMarkup, loadHicp, svgProblems, textsIn } from '../core/test-fixtures';
import { hbarHeight } from '../widget/chart-view';
import { HBarChart } from './hbar-chart';

const hicp = loadHicp();
const MUTED = '#9ca3af';

afterEach(cleanup);
const render = (props: Partial<Parameters<typeof HBarChart>[0]> = {}) =>
  renderToStaticMarkup(<HBarChart data={hicp} width={800} height={400} {...props} />);

function barWidths(svg: string): { label: string; width: number }[] {
  return [
    ...svg.matchAll(/data-series="([^"]+)"><text[^>]*>[^<]*<\/text><rect x="[^"]+" y="[^"]+" width="([^"]+)"/g),
  ].map((m) => ({ label: m[1] ?? '', width: Number(m[2]) }));
}

describe('HBarChart snapshots (HICP, 800 × 400)', () => {
  it.each(['light', 'dark'] as const)('renders October 2022 in %s mode', async (theme) => {
    const svg = render({ theme, periodIndex: 309 });
    expect(svgProblems(svg)).toEqual([]);
    await expect(formatMarkup(svg)).toMatchFileSnapshot(`__snapshots__/hbar-10-2022-${theme}.svg`);
  });
});

describe('HBarChart', () => {
  const oct = render({ periodIndex: 309 });

  it('sorts bars descending from the top, with value labels at their ends', () => {
    const widths = barWidths(oct).map((b) => b.width);
    expect(widths).toHaveLength(11);
    expect(widths).toEqual([...widths].sort((a, b) => b - a));
    expect(barWidths(oct)[0]?.label).toBe('Türkiye');
    expect(textsIn(oct, 'hbar-marks').slice(0, 4)).toEqual(['Türkiye', '85.4', 'Estonia', '22.5']);
    expect(oct).toContain('>Annual rate of change (%), 10/2022</text>');
  });

  it('names the EU27 by its short name where the full one does not fit (a phone); the description keeps it', () => {
    const eu = loadHicp(['DE', 'FR', 'EU27_2020'], ['CP00'], {
      DE: 'Germany',
      FR: 'France',
      EU27_2020: 'European Union (27 countries, from 2020)',
    });
    const phone = renderToStaticMarkup(<HBarChart data={eu} width={375} height={300} periodIndex={339} />);
    expect(textsIn(phone, 'hbar-marks')).toContain('EU27');
    expect(phone).toContain('European Union (27 countries, from 2020)');
  });

  it('grows on a phone so that 45 places each get a readable row (issue 41)', () => {
    const names = Array.from({ length: 45 }, (_, i) => `Region number ${i + 1}`);
    const values = Object.fromEntries(names.map((n, i) => [n, (i * 7) % 23] as const));
    const many = { ...hicp, data: [{ ...hicp.data[0]!, rows: [{ period: '5/2025', values }] }] };
    const height = hbarHeight(many, undefined, -1, 368);
    expect(height).toBeGreaterThanOrEqual(45 * 24);
    const svg = renderToStaticMarkup(<HBarChart data={many} width={375} height={height} />);
    const ys = [...svg.matchAll(/<text x="[^"]+" y="([^"]+)" dy="0.35em" text-anchor="end" font-size="(\d+)"/g)];
    const names45 = ys.filter((m) => Number(m[2]) >= 11);
    expect(names45.length).toBeGreaterThanOrEqual(45);
    const rows = [...new Set(ys.map((m) => Number(m[1])))].sort((a, b) => a - b);
    const steps = rows.slice(1).map((y, i) => y - rows[i]!);
    // Each name a 24 px pointer target (WCAG 2.5.8, decision 207).
    expect(Math.min(...steps)).toBeGreaterThanOrEqual(24);
    // A few places keep their compact height.
    expect(hbarHeight(hicp, ['DE', 'FR'], -1, 368)).toBeLessThan(368);
  });

  it('shows the latest period by default', () => {
    expect(render()).toContain('>Annual rate of change (%), 5/2025</text>');
  });

  it('draws negative values left of the zero line with their label on the left', () => {
    const svg = render({ periodIndex: 219, countries: ['DE', 'FR', 'ES', 'IT', 'PL'] });
    expect(svg).toContain('>Annual rate of change (%), 4/2015</text>');
    expect(svg).toContain('text-anchor="end" font-size="12" fill="#4b5563">-');
    expect(svgProblems(svg)).toEqual([]);
  });

  it('is an accessible image with title and description', () => {
    expect(oct).toMatch(/^<svg [^>]*role="img"/);
    expect(oct).toContain('<desc id="hbar-chart-');
    expect(oct).toContain(
      'in October 2022: the highest is Türkiye at 85.4 % (definition differs) and the lowest France at 7.1 %, of 11 shown.',
    );
  });

  it("shows 'No data available for horizontal bar chart' when the period has no values", () => {
    const svg = render({ countries: ['EA20'] });
    expect(svg).toContain('>No data available for horizontal bar chart</text>');
    expect(svgProblems(svg)).toEqual([]);
    expect(render({ countries: ['XX'] })).toContain('No data available for horizontal bar chart');
  });

  it('fits many bars into a small chart without NaN', () => {
    const svg = render({ periodIndex: 309, width: 320, height: 200 });
    expect(svgProblems(svg)).toEqual([]);
    expect(barWidths(svg)).toHaveLength(11);
  });

  it('brings a bar forward when its name is chosen, greys the others, and clears again (issue 11)', () => {
    const { container } = mount(<HBarChart data={hicp} width={800} height={400} periodIndex={309} interactive />);
    const fills = () =>
      [...container.querySelectorAll('.hbar-marks g.bar')].map((g) => ({
        label: g.getAttribute('data-series'),
        fill: g.querySelector('rect')?.getAttribute('fill'),
      }));
    const colour = fills()[0]!.fill;
    const buttons = screen.getAllByRole('button', { name: /^Highlight / });
    expect(buttons).toHaveLength(11);
    // Left of the bars: over the names, not the bars.
    const left = Math.min(
      ...[...container.querySelectorAll('.hbar-marks rect')].map((r) => Number(r.getAttribute('x'))),
    );
    for (const b of buttons) expect(parseFloat(b.style.left) + parseFloat(b.style.width)).toBeLessThanOrEqual(left);
    const estonia = screen.getByRole('button', { name: 'Highlight Estonia' });
    fireEvent.click(estonia);
    expect(estonia.getAttribute('aria-pressed')).toBe('true');
    expect(fills().filter((b) => b.fill !== MUTED)).toEqual([{ label: 'Estonia', fill: colour }]);
    fireEvent.click(estonia);
    expect(fills().filter((b) => b.fill === MUTED)).toEqual([]);
    fireEvent.click(estonia);
    fireEvent.keyDown(estonia, { key: 'Escape' });
    expect(estonia.getAttribute('aria-pressed')).toBe('false');
    expect(fills().filter((b) => b.fill === MUTED)).toEqual([]);
  });
});

describe('HBarChart by keyboard (issue 40)', () => {
  it('steps down the bars with the arrow keys and announces place, unit, period and value', () => {
    mount(<HBarChart data={hicp} width={800} height={400} periodIndex={340} interactive />);
    const chart = screen.getByRole('application', { name: /horizontal bar chart/i });
    const said = () => chart.querySelector('[aria-live="polite"]')!.textContent;
    fireEvent.keyDown(chart, { key: 'Home' });
    expect(said()).toMatch(/^Estonia; Annual rate of change \(%\), May 2025; 4\.6 \(estimated\)$/);
    fireEvent.keyDown(chart, { key: 'ArrowDown' });
    expect(said()).not.toMatch(/^Estonia;/);
    fireEvent.keyDown(chart, { key: 'ArrowUp' });
    expect(said()).toMatch(/^Estonia;/);
    fireEvent.keyDown(chart, { key: 'End' });
    expect(said()).toMatch(/^[A-Z][^;]+; Annual rate of change \(%\), May 2025; \d+\.\d/);
  });
});
