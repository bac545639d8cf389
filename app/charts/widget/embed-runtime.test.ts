// @vitest-environment happy-dom
import { createServer, type Server } from 'node:http';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadHicp } from '../core/test-fixtures';
import { LineChart } from '../line/line-chart';
import { TableChart } from '../table/table-chart';
import { buildTableState, cellText } from '../table/table-state';
import { embedRuntimeScript } from './embed-runtime';

// A real local peer standing in for the embed page: it draws the figure for the period and width asked.
let server: Server;
let base = '';
const asked: URL[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    asked.push(url);
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Content-Type', 'text/html');
    res.end(
      `<section data-chart-widget data-layout="half"><div data-embed-part="header"><a href="/datasets/1?embed=true&chart_type=map">Map</a></div>` +
        `<div data-embed-part="figure" data-width="${url.searchParams.get('width')}"><svg><desc>from ${url.searchParams.get('time_start')}</desc></svg></div></section>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
// The unit project shares one document per worker (isolate: false): what mount() wrote would stay for the next file
// (a leftover <output> is a second "status" in table-chart.test.tsx).
afterEach(() => {
  document.body.innerHTML = '';
});

const periods = ['1/2025', '2/2025', '3/2025', '4/2025', '5/2025'];
function mount(extra = ''): void {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `${base}/datasets/1?embed=true&chart_type=line`,
  );
  document.body.innerHTML =
    `<section data-chart-widget data-layout="full"><div data-embed-part="header"><a href="/datasets/1?embed=true&chart_type=map">Map</a></div>` +
    `<div data-embed-part="figure" data-width="800"><svg><desc>from 1/2025</desc></svg>${extra}</div>` +
    `<div class="time-slider">` +
    `<button type="button" aria-label="Earlier start" data-step-thumb="start" data-step="-1" aria-disabled="true"></button>` +
    `<button type="button" aria-label="Later start" data-step-thumb="start" data-step="1"></button>` +
    `<div data-mode="range-start" data-periods='${JSON.stringify(periods)}'>` +
    `<div data-slider-range style="left: 0%; width: 100%"></div>` +
    `<input type="range" min="0" max="4" value="0" data-thumb="start">` +
    `<input type="range" min="0" max="4" value="4" data-thumb="end"></div>` +
    `<button type="button" aria-label="Earlier end" data-step-thumb="end" data-step="-1"></button>` +
    `<button type="button" aria-label="Later end" data-step-thumb="end" data-step="1" aria-disabled="true"></button>` +
    `<output data-slider-value>1/2025 – 5/2025</output><span data-slider-said></span></div></section>`;
  new Function(embedRuntimeScript())();
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
};

describe('embedRuntime', () => {
  it('is a self-contained script', () => {
    // The page's own key steps (core/key-walk.ts) are its arguments, their source carried along.
    expect(embedRuntimeScript()).toMatch(
      /^\(function embedRuntime\(stepPoint, stepRegion, stepCell, nearest\) \{[\s\S]*\}\)\(function pointStep\([\s\S]*\}, function regionStep\([\s\S]*\}, function cellStep\([\s\S]*\}, function nearestTarget\([\s\S]*\}\);$/,
    );
    expect(() => new Function(embedRuntimeScript())).not.toThrow();
  });

  it('redraws the figure on the server for the slider position and keeps the page', async () => {
    mount();
    const slider = document.querySelector('input')!;
    slider.value = '3';
    slider.dispatchEvent(new Event('input', { bubbles: true }));
    expect(document.querySelector('[data-slider-value]')!.textContent).toBe('4/2025 – 5/2025');
    await until(() => document.querySelector('desc')?.textContent === 'from 4/2025');
    const last = asked[asked.length - 1]!;
    expect(last.pathname).toBe('/datasets/1');
    expect(last.searchParams.get('embed')).toBe('true');
    expect(last.searchParams.get('time_start')).toBe('4/2025');
    expect(last.searchParams.has('width')).toBe(true);
    expect(document.querySelector('[data-chart-widget]')!.getAttribute('data-layout')).toBe('half');
    // The slider stays the same element, so a drag is not interrupted.
    expect(document.querySelector('input')).toBe(slider);
    expect(document.querySelector('a')!.getAttribute('href')).toContain('width=');
  });

  it('asks for the range of both thumbs, keeps them from passing each other and highlights the range', async () => {
    mount();
    const [start, end] = [...document.querySelectorAll('input')];
    end!.value = '2';
    end!.dispatchEvent(new Event('input', { bubbles: true }));
    start!.value = '1';
    start!.dispatchEvent(new Event('input', { bubbles: true }));
    expect(document.querySelector('[data-slider-value]')!.textContent).toBe('2/2025 – 3/2025');
    expect(start!.getAttribute('aria-valuetext')).toBe('2/2025 – 3/2025');
    const range = document.querySelector<HTMLElement>('[data-slider-range]')!;
    expect([range.style.left, range.style.width]).toEqual(['25%', '25%']);
    await until(() => asked.at(-1)?.searchParams.get('time_end') === '3/2025');
    expect(asked.at(-1)!.searchParams.get('time_start')).toBe('2/2025');
    // The start thumb cannot pass the end thumb.
    start!.value = '4';
    start!.dispatchEvent(new Event('input', { bubbles: true }));
    expect(start!.value).toBe('2');
  });

  it('steps each thumb by a period with its buttons, as the slider does, and stops them at the ends (WCAG 2.5.7)', async () => {
    mount();
    const button = (name: string) => document.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)!;
    const [start, end] = [...document.querySelectorAll('input')];
    const disabled = () =>
      [...document.querySelectorAll('button[aria-disabled="true"]')].map((b) => b.getAttribute('aria-label'));
    expect(disabled()).toEqual(['Earlier start', 'Later end']);
    // An unavailable button does nothing.
    button('Earlier start').click();
    expect(start!.value).toBe('0');
    button('Later start').click();
    button('Later start').click();
    expect(start!.value).toBe('2');
    expect(document.querySelector('[data-slider-value]')!.textContent).toBe('3/2025 – 5/2025');
    expect(document.querySelector('[data-slider-said]')!.textContent).toBe('3/2025 – 5/2025');
    expect(disabled()).toEqual(['Later end']);
    await until(() => asked.at(-1)?.searchParams.get('time_start') === '3/2025');
    button('Earlier end').click();
    button('Earlier end').click();
    // The thumbs meet: neither passes the other.
    expect([start!.value, end!.value]).toEqual(['2', '2']);
    expect(disabled()).toEqual(['Later start', 'Earlier end']);
    button('Earlier end').click();
    expect(end!.value).toBe('2');
    expect(document.querySelector('[data-slider-said]')!.textContent).toBe('3/2025');
    await until(() => asked.at(-1)?.searchParams.get('time_end') === '3/2025');
  });

  it("walks a table's cells by keyboard as the page does, and says each in the page's words", () => {
    const hicp = loadHicp(['DE', 'FR', 'EA20', 'EE']);
    mount(renderToStaticMarkup(createElement(TableChart, { data: hicp, startIndex: 329, keyWalk: true })));
    const state = buildTableState(hicp, { startIndex: 329 });
    if (state.status !== 'ok') throw new Error(state.message);
    const cells = () => [...document.querySelectorAll<HTMLTableCellElement>('tbody td')];
    const live = () => document.querySelector('.chart-table > [aria-live]')!.textContent;
    const at = () => {
      const td = document.activeElement as HTMLTableCellElement;
      return [(td.parentElement as HTMLTableRowElement).sectionRowIndex, td.cellIndex - 1];
    };
    // What the page says of the cell (cellText), from the words the server wrote.
    const pageSays = () => cellText(state, state.rows[at()[0]!]!, state.columns[at()[1]!]!.key);
    const press = (key: string, ctrlKey = false) =>
      document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, ctrlKey, bubbles: true }));
    expect(cells().filter((c) => c.tabIndex === 0)).toEqual([cells()[0]]);
    cells()[0]!.focus();
    expect(live()).toBe('Germany; Annual rate of change (%), May 2025; 2.1 (estimated)');
    press('ArrowRight');
    expect(at()).toEqual([0, 1]);
    expect(live()).toBe(pageSays());
    press('ArrowDown');
    press('ArrowDown');
    press('Home');
    expect(at()).toEqual([2, 0]);
    expect(live()).toBe('Euro area (20); Annual rate of change (%), May 2025; No data');
    press('End');
    expect(at()).toEqual([2, 11]);
    expect(live()).toBe(pageSays());
    press('End', true);
    expect(at()).toEqual([3, 11]);
    press('ArrowDown');
    press('ArrowRight');
    expect(at()).toEqual([3, 11]);
    press('Home', true);
    expect(at()).toEqual([0, 0]);
    press('ArrowUp');
    expect(at()).toEqual([0, 0]);
    press('ArrowDown');
    // One stop in the tab order: the cell the keys reached.
    expect(cells().filter((c) => c.tabIndex === 0)).toEqual([document.activeElement]);
    // Every cell's words are the page's.
    for (const c of cells()) {
      c.focus();
      expect(live()).toBe(pageSays());
    }
  });

  it('shows the tooltip of the period under the mouse or a tap, as the page does, without saying it', () => {
    const hicp = loadHicp(['DE', 'FR']);
    mount(
      renderToStaticMarkup(
        createElement(LineChart, { data: hicp, startIndex: 329, width: 800, height: 400, keyWalk: true }),
      ),
    );
    const host = document.querySelector<HTMLElement>('[data-walk]')!;
    const points = JSON.parse(host.querySelector('script[data-walk-points]')!.textContent!) as {
      at: number;
      lines: string[];
    }[];
    // The frame is narrower than the drawing: the browser scales it to 400 px, the pointer's place is scaled back.
    host.getBoundingClientRect = () => ({ left: 10, top: 0, width: 400, height: 200 }) as DOMRect;
    const move = (type: string, clientX: number, pointerType: string, target: Element = host) =>
      target.dispatchEvent(new PointerEvent(type, { clientX, clientY: 100, pointerType, bubbles: true }));
    const tooltip = host.querySelector<HTMLElement>('.chart-tooltip')!;
    const live = host.querySelector(':scope > [aria-live]')!;
    move('pointermove', 10 + points[2]!.at / 2 + 1, 'mouse', host.querySelector('svg')!);
    expect(host.dataset.at).toBe('2');
    expect(tooltip.hidden).toBe(false);
    expect(tooltip.textContent).toBe(points[2]!.lines.join(''));
    expect(live.textContent).toBe('');
    // A pen or finger picks where it touches; a mouse leaving the chart hides it.
    move('pointerdown', 10 + points[0]!.at / 2, 'touch');
    expect(host.dataset.at).toBe('0');
    document.querySelector('[data-chart-widget]')!.dispatchEvent(new PointerEvent('pointerleave'));
    expect(tooltip.hidden).toBe(true);
    expect(host.dataset.at).toBe('');
    // The keyboard's point stays when the mouse leaves the chart it walks.
    host.focus();
    host.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
    move('pointermove', 10 + points[1]!.at / 2, 'mouse');
    expect(host.dataset.at).toBe('1');
    document.querySelector('[data-chart-widget]')!.dispatchEvent(new PointerEvent('pointerleave'));
    expect(tooltip.hidden).toBe(false);
  });

  it('shows a map tooltip with the value or No data', () => {
    mount(
      '<svg><path data-name="Germany"></path><path data-name="Belarus"></path></svg>' +
        '<script type="application/json" data-map-values>{"Germany":"2.1 %"}</script>',
    );
    const tip = () => document.querySelector('[role="tooltip"]:last-of-type') as HTMLElement;
    document
      .querySelector('path[data-name="Germany"]')!
      .dispatchEvent(new PointerEvent('pointermove', { bubbles: true }));
    expect(tip().textContent).toBe('Germany2.1 %');
    expect(tip().style.display).toBe('block');
    document
      .querySelector('path[data-name="Belarus"]')!
      .dispatchEvent(new PointerEvent('pointermove', { bubbles: true }));
    expect(tip().textContent).toBe('BelarusNo data');
  });
});
