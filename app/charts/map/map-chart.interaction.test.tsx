// @vitest-environment happy-dom
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { bandShades } from '../core/color-bands';
import { MapChart, type MapChartProps } from './map-chart';
import { MAP_SWATCHES } from './map-controls';
import type { MapTransform } from './map-zoom';
import { datasetToMapRows } from './map-state';
import { loadHicpAllGeos, loadWorldOutlines } from './test-fixtures';

const hicp = loadHicpAllGeos();
const rows = datasetToMapRows(hicp);
const OCT_2022 = rows.findIndex((r) => r.name === '10/2022');
const props: MapChartProps = {
  rows,
  countries: hicp.dataset.available_countries,
  outlines: loadWorldOutlines(),
  outlineKind: 'world',
  periodIndex: OCT_2022,
  unit: hicp.dataset.unit,
  title: 'HICP',
  width: 800,
  height: 452,
};

afterEach(cleanup);

/** A wheel event with pointer coordinates (happy-dom's WheelEvent leaves clientX/clientY out). */
function wheel(target: Element, deltaY: number, clientX: number, clientY: number) {
  const event = new WheelEvent('wheel', { deltaY, bubbles: true, cancelable: true });
  Object.defineProperties(event, { clientX: { value: clientX }, clientY: { value: clientY } });
  fireEvent(target, event);
  return event;
}

function setup(extra: Partial<MapChartProps> = {}) {
  const onMapTransformChange = vi.fn();
  const onChartSettingsChange = vi.fn();
  const onPeriodIndexChange = vi.fn();
  const view = render(
    <MapChart
      {...props}
      onMapTransformChange={onMapTransformChange}
      onChartSettingsChange={onChartSettingsChange}
      onPeriodIndexChange={onPeriodIndexChange}
      {...extra}
    />,
  );
  const root = view.container.querySelector<HTMLDivElement>('.map-chart')!;
  const zoomGroup = () => view.container.querySelector('.map-zoom')!.getAttribute('transform');
  const area = (key: string) => view.container.querySelector<SVGPathElement>(`path[data-key="${key}"]`)!;
  const click = (label: string) => fireEvent.click(screen.getByRole('button', { name: label }));
  const lastTransform = () => onMapTransformChange.mock.calls.at(-1)?.[0];
  return {
    ...view,
    root,
    zoomGroup,
    area,
    click,
    lastTransform,
    onMapTransformChange,
    onChartSettingsChange,
    onPeriodIndexChange,
  };
}

describe('MapChart zoom controls', () => {
  it('zooms in, out and resets about the centre, emitting each transform with its reference size', () => {
    const m = setup();
    m.click('Zoom in');
    expect(m.onMapTransformChange).toHaveBeenLastCalledWith(
      { x: -80, y: -45.2, scale: 1.2 },
      { width: 800, height: 452 },
    );
    expect(m.zoomGroup()).toBe('translate(-80,-45.2) scale(1.2)');
    m.click('Zoom out');
    expect(m.lastTransform()).toEqual({ x: 16, y: 9.04, scale: 0.96 });
    m.click('Reset view');
    expect(m.lastTransform()).toEqual({ x: 0, y: 0, scale: 1 });
    expect(m.zoomGroup()).toBe('translate(0,0) scale(1)');
  });

  it('clamps the zoom to 0.5 … 3', () => {
    const m = setup();
    for (let i = 0; i < 10; i++) m.click('Zoom in');
    expect(m.lastTransform().scale).toBe(3);
    for (let i = 0; i < 15; i++) m.click('Zoom out');
    expect(m.lastTransform().scale).toBe(0.5);
  });

  it('zooms with the wheel by 1.1 and 0.9 about the pointer', () => {
    const m = setup();
    const event = wheel(m.root, -100, 100, 50);
    expect(event.defaultPrevented).toBe(true); // the page does not scroll under the map
    expect(m.lastTransform()).toEqual({ x: -10, y: -5, scale: 1.1 });
    wheel(m.root, 100, 100, 50);
    expect(m.lastTransform().scale).toBeCloseTo(0.99, 6);
  });

  it('pans with a pointer drag and emits the transform when the drag ends', () => {
    const m = setup();
    fireEvent.pointerDown(m.root, { pointerId: 1, button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(m.root, { pointerId: 1, clientX: 150, clientY: 120 });
    expect(m.zoomGroup()).toBe('translate(50,20) scale(1)');
    expect(m.onMapTransformChange).not.toHaveBeenCalled();
    fireEvent.pointerUp(m.root, { pointerId: 1, clientX: 150, clientY: 120 });
    expect(m.onMapTransformChange).toHaveBeenCalledWith({ x: 50, y: 20, scale: 1 }, { width: 800, height: 452 });
  });

  it('starts from a saved transform rescaled to the current size', () => {
    const m = setup({
      savedMapTransform: { x: -80, y: -45.2, scale: 1.2 },
      savedMapReferenceWidth: 400,
      savedMapReferenceHeight: 226,
    });
    expect(m.zoomGroup()).toBe('translate(-160,-90.4) scale(1.2)');
  });

  it('works controlled: the parent keeps the emitted transform and passes it back', () => {
    function Controlled() {
      const [saved, setSaved] = useState<{ t: MapTransform; w: number; h: number } | null>(null);
      return (
        <MapChart
          {...props}
          savedMapTransform={saved?.t}
          savedMapReferenceWidth={saved?.w}
          savedMapReferenceHeight={saved?.h}
          onMapTransformChange={(t, ref) => setSaved({ t, w: ref.width, h: ref.height })}
        />
      );
    }
    const view = render(<Controlled />);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(view.container.querySelector('.map-zoom')!.getAttribute('transform')).toBe(
      'translate(-176,-99.44) scale(1.44)',
    );
  });

  it('keeps the zoom and rescales the offsets when the map is resized', () => {
    const m = setup();
    m.click('Zoom in');
    m.rerender(<MapChart {...props} width={400} height={226} />);
    expect(m.zoomGroup()).toBe('translate(-40,-22.6) scale(1.2)');
  });

  it('pans, zooms and changes the period from the keyboard', () => {
    const m = setup();
    fireEvent.keyDown(m.root, { key: 'ArrowLeft' });
    expect(m.lastTransform()).toEqual({ x: 40, y: 0, scale: 1 });
    fireEvent.keyDown(m.root, { key: '0' });
    expect(m.lastTransform()).toEqual({ x: 0, y: 0, scale: 1 });
    fireEvent.keyDown(m.root, { key: 'PageUp' });
    expect(m.onPeriodIndexChange).toHaveBeenCalledWith(OCT_2022 - 1);
    fireEvent.keyDown(m.root, { key: 'PageDown' });
    expect(m.onPeriodIndexChange).toHaveBeenLastCalledWith(OCT_2022 + 1);
  });
});

describe('MapChart region walk (issue 40)', () => {
  const said = (m: ReturnType<typeof setup>) => m.container.querySelector('[data-map-said]')!.textContent;
  const focused = (m: ReturnType<typeof setup>) =>
    m.container.querySelector('.map-focus')?.getAttribute('data-key-focus') ?? null;

  it('names its keys: pan and zoom, the period, and the walk', () => {
    const m = setup();
    const map = screen.getByRole('application', { name: /^HICP: 10\/2022\. Arrow keys pan/ });
    expect(map).toBe(m.root);
    expect(map.getAttribute('aria-label')).toContain('Enter walks the regions with data by name');
    expect(map.getAttribute('aria-keyshortcuts')!.split(' ')).toEqual(
      expect.arrayContaining(['ArrowLeft', 'Home', 'End', 'Enter', 'Escape', 'PageUp', '+']),
    );
  });

  it('walks the regions with data by name from Enter, says each with its value, and draws its focus ring', () => {
    const flags = new Map([['Germany|10/2022', 'p']]);
    const m = setup({ flags });
    expect(said(m)).toBe('');
    fireEvent.keyDown(m.root, { key: 'Enter' });
    expect(said(m)).toMatch(
      /^\d+ regions with data, by name\. Albania, October 2022: [\d.]+ Annual rate of change \(%\), \d+\w\w highest of \d+\.$/,
    );
    expect(m.area(focused(m)!).getAttribute('data-name')).toBe('Albania');
    fireEvent.keyDown(m.root, { key: 'g' });
    expect(said(m)).toMatch(
      /^Germany, October 2022: 11\.6 Annual rate of change \(%\) \(provisional\), \d+\w\w highest of \d+\.$/,
    );
    expect(m.area(focused(m)!).getAttribute('data-name')).toBe('Germany');
    // The tooltip shows the walked region, as the pointer would.
    expect(screen.getByRole('tooltip').textContent).toBe('Germany11.6 Annual rate of change (%)');
    fireEvent.keyDown(m.root, { key: 'ArrowRight' });
    expect(said(m)).toMatch(/^Greece, /);
    fireEvent.keyDown(m.root, { key: 'End' });
    const last = said(m);
    fireEvent.keyDown(m.root, { key: 'ArrowRight' });
    expect(said(m)).toBe(last);
    // The walk's arrows do not pan; Escape ends the walk and they pan again.
    expect(m.onMapTransformChange).not.toHaveBeenCalled();
    fireEvent.keyDown(m.root, { key: 'Escape' });
    expect(said(m)).toBe('');
    expect(focused(m)).toBeNull();
    fireEvent.keyDown(m.root, { key: 'ArrowLeft' });
    expect(m.lastTransform()).toEqual({ x: 40, y: 0, scale: 1 });
  });

  it('says the walked region again for another period, and keeps zoom and period keys in the walk', () => {
    const m = setup();
    fireEvent.keyDown(m.root, { key: 'Enter' });
    fireEvent.keyDown(m.root, { key: 'g' });
    fireEvent.keyDown(m.root, { key: 'PageDown' });
    expect(m.onPeriodIndexChange).toHaveBeenCalledWith(OCT_2022 + 1);
    m.rerender(<MapChart {...props} periodIndex={OCT_2022 + 1} onMapTransformChange={m.onMapTransformChange} />);
    expect(said(m)).toMatch(/^Germany, November 2022: \d+\.\d Annual rate of change \(%\)/);
    fireEvent.keyDown(m.root, { key: '+' });
    expect(m.lastTransform().scale).toBe(1.2);
  });

  it('ends the walk when the focus leaves the map', () => {
    const m = setup();
    fireEvent.keyDown(m.root, { key: 'Enter' });
    expect(said(m)).not.toBe('');
    fireEvent.blur(m.root, { relatedTarget: document.body });
    expect(said(m)).toBe('');
  });
});

describe('MapChart settings', () => {
  it('toggles values and borders and emits the chart settings', () => {
    const m = setup();
    expect(m.container.querySelector('.map-labels')).toBeNull();
    m.click('Toggle values');
    expect(m.onChartSettingsChange).toHaveBeenLastCalledWith({
      showValues: true,
      showBorders: true,
      seriesColor: '#39B54A',
    });
    expect(screen.getByRole('button', { name: 'Toggle values' }).getAttribute('aria-pressed')).toBe('true');
    const labels = [...m.container.querySelectorAll('.map-labels text')].map((t) => t.textContent);
    expect(labels).toContain('85.4');
    m.click('Toggle values');
    expect(m.container.querySelector('.map-labels')).toBeNull();
    m.click('Toggle borders');
    expect(m.onChartSettingsChange).toHaveBeenLastCalledWith({
      showValues: false,
      showBorders: false,
      seriesColor: '#39B54A',
    });
    expect(m.container.querySelector('.map-areas')!.getAttribute('stroke')).toBe('none');
  });

  it('picks a colour from the centred six-column popup', () => {
    const m = setup();
    m.click('Map colour');
    const dialog = screen.getByRole('dialog', { name: 'Map colour' });
    const swatches = within(dialog).getAllByRole('button');
    expect(swatches).toHaveLength(6);
    expect(swatches[0]!.getAttribute('aria-label')).toBe('Colour #39B54A');
    expect((dialog.firstElementChild as HTMLElement).style.gridTemplateColumns).toBe('repeat(6, 28px)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Colour #1F6FB4' }));
    expect(m.onChartSettingsChange).toHaveBeenLastCalledWith({
      showValues: false,
      showBorders: true,
      seriesColor: '#1F6FB4',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bandShades('#1F6FB4')).toContain(m.area('iso:276').getAttribute('fill'));
  });

  it('closes the popup with Escape', () => {
    const m = setup();
    m.click('Map colour');
    fireEvent.keyDown(within(screen.getByRole('dialog')).getAllByRole('button')[0]!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(m.onChartSettingsChange).not.toHaveBeenCalled();
  });
});

describe('MapChart custom colours', () => {
  const six = ['#111111', '#AA3355', '#333333', '#444444', '#555555', '#666666'];
  const dialog = () => screen.getByRole('dialog', { name: 'Map colour' });
  const labels = () =>
    within(dialog())
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label'));
  const custom = (value: string) => fireEvent.change(screen.getByLabelText('Custom colour'), { target: { value } });

  it('lists the user’s own colours below the six swatches, the current one pressed', () => {
    const m = setup({ customSeriesColors: ['#aa3355', '#123456'], chartSettings: { seriesColor: '#123456' } });
    m.click('Map colour');
    expect(labels()).toEqual([...MAP_SWATCHES.map((c) => `Colour ${c}`), 'Colour #aa3355', 'Colour #123456']);
    const pressed = within(dialog())
      .getAllByRole('button')
      .filter((b) => b.getAttribute('aria-pressed') === 'true');
    expect(pressed.map((b) => b.getAttribute('aria-label'))).toEqual(['Colour #123456']);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Colour #39B54A');
    fireEvent.keyDown(screen.getByLabelText('Custom colour'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('picks a colour from the custom colour input and keeps it first, once, among at most six', () => {
    const m = setup({ customSeriesColors: six });
    m.click('Map colour');
    custom('#aa3355');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(m.onChartSettingsChange).toHaveBeenLastCalledWith({
      showValues: false,
      showBorders: true,
      seriesColor: '#aa3355',
      customSeriesColors: ['#aa3355', '#111111', '#333333', '#444444', '#555555', '#666666'],
    });
    expect(bandShades('#aa3355')).toContain(m.area('iso:276').getAttribute('fill'));

    m.click('Map colour');
    expect(labels().slice(6)).toEqual(
      ['#aa3355', '#111111', '#333333', '#444444', '#555555', '#666666'].map((c) => `Colour ${c}`),
    );
    custom('#0a0b0c');
    expect(m.onChartSettingsChange.mock.calls.at(-1)?.[0].customSeriesColors).toEqual([
      '#0a0b0c',
      '#aa3355',
      '#111111',
      '#333333',
      '#444444',
      '#555555',
    ]);
    m.click('Map colour');
    expect(labels()).toHaveLength(12);
    expect(within(dialog()).getByRole('button', { name: 'Colour #0a0b0c' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('keeps the list its host passes back, as the widget does across a switch to another type', () => {
    const m = setup();
    m.click('Map colour');
    custom('#aa3355');
    const reported = m.onChartSettingsChange.mock.calls.at(-1)?.[0];
    m.unmount();
    setup({ chartSettings: reported, customSeriesColors: ['#123456'] });
    fireEvent.click(screen.getByRole('button', { name: 'Map colour' }));
    expect(labels().slice(6)).toEqual(['Colour #aa3355']);
    expect(within(dialog()).getByRole('button', { name: 'Colour #aa3355' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('MapChart tooltip', () => {
  it('shows the name and value of the hovered country, or No data, near the pointer', () => {
    const m = setup();
    fireEvent.pointerMove(m.area('iso:276'), { clientX: 300, clientY: 200 });
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toBe('Germany11.6 Annual rate of change (%)');
    expect(tip.style.left).toBe('312px');
    expect(tip.style.top).toBe('212px');
    expect(m.container.querySelector('.map-highlight')).not.toBeNull();
    fireEvent.pointerMove(m.area('iso:826'), { clientX: 700, clientY: 400 });
    expect(screen.getByRole('tooltip').textContent).toBe('United KingdomNo data');
    expect(screen.getByRole('tooltip').style.transform).toBe('translate(-100%, -100%)');
    fireEvent.pointerLeave(m.root);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});

describe('MapChart read-only', () => {
  it('has no controls and ignores the wheel, but keeps the tooltip', () => {
    const m = setup({ readonly: true });
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    wheel(m.root, -100, 100, 50);
    expect(m.onMapTransformChange).not.toHaveBeenCalled();
    fireEvent.pointerMove(m.area('name:kosovo'), { clientX: 10, clientY: 10 });
    expect(screen.getByRole('tooltip').textContent).toBe('Kosovo*12.7 Annual rate of change (%)');
  });
});
