// @vitest-environment happy-dom
import { createServer, type Server } from 'node:http';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadHicp } from '../core/test-fixtures';
import { ChartWidget } from './chart-widget';
import { COPY_FEEDBACK_MS, CopyButton } from './copy-dialog';

const hicp = loadHicp(['DE', 'FR', 'EA20']);

// A real local peer standing in for the dataset API.
let server: Server;
let base = '';
const requests: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    if (req.method === 'OPTIONS') return res.end();
    requests.push(req.url ?? '');
    res.setHeader('Content-Type', 'application/json');
    if (req.url === '/api/datasets/data-point/77') return res.end('{"main_id":1}');
    if (req.url?.startsWith('/api/datasets/1')) return res.end(JSON.stringify(hicp));
    res.statusCode = 404;
    res.end('{"error":{"code":"not_found","message":"no dataset"}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
afterEach(() => {
  cleanup();
  requests.length = 0;
});

describe('ChartWidget in the browser', () => {
  it('loads its data when the page gave none, then draws the chart', async () => {
    render(<ChartWidget datasetId={1} chartType="line" apiBase={base} />);
    expect(screen.getByRole('status').textContent).toBe('Loading chart…');
    await screen.findByRole('img', {}, { timeout: 5000 });
    expect(requests).toEqual(['/api/datasets/1']);
    expect(screen.getByRole('slider', { name: 'First period shown' }).getAttribute('aria-valuetext')).toBe(
      '1/1997 – 5/2025',
    );
  });

  it('shows a range between a start and an end thumb, each a labelled slider, and copies its link (issue 41)', () => {
    render(<ChartWidget datasetId={1} chartType="line" initialData={{ data: hicp }} apiBase={base} />);
    const start = screen.getByRole('slider', { name: 'First period shown' });
    const end = screen.getByRole('slider', { name: 'Last period shown' });
    fireEvent.change(start, { target: { value: '288' } });
    fireEvent.change(end, { target: { value: '300' } });
    expect(end.getAttribute('aria-valuetext')).toBe('1/2021 – 1/2022');
    // The chart's words follow the view (issue 40).
    expect(document.querySelector('svg desc')?.textContent).toBe(
      'HICP - monthly data (annual rate of change) in Germany rose from 1.6 % in January 2021 to 5.1 % in January 2022. ' +
        'In France it rose from 0.8 % in January 2021 to 3.3 % in January 2022. ' +
        'In Euro area (20) it rose from 0.9 % in January 2021 to 5.1 % in January 2022.',
    );
    // The highlighted part of the track runs between the thumbs.
    const range = document.querySelector<HTMLElement>('[data-slider-range]')!;
    expect(Number.parseFloat(range.style.left)).toBeCloseTo((288 / 340) * 100, 1);
    expect(Number.parseFloat(range.style.width)).toBeCloseTo((12 / 340) * 100, 1);
    // A thumb does not pass the other.
    fireEvent.change(start, { target: { value: '320' } });
    expect(start.getAttribute('aria-valuetext')).toBe('1/2022');
    // "Copy link" stands beside the Export menu (whose items are the specification's) with the view's address.
    const copy = screen.getByRole('button', { name: 'Copy link' });
    expect(copy.getAttribute('data-copy-link')).toBe(
      '/datasets/prc_hicp_manr?chart_type=line&time_start=1/2022&time_end=1/2022',
    );
    expect(requests).toEqual([]);
  });

  it('resolves a data id through the data-point lookup', async () => {
    render(<ChartWidget dataId={77} chartType="bar" countries={['DE', 'FR']} apiBase={base} />);
    await screen.findByRole('img', {}, { timeout: 5000 });
    expect(requests).toEqual(['/api/datasets/data-point/77', '/api/datasets/1?country=DE,FR']);
  });

  it('shows API error {status} {statusText} in the error panel', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(<ChartWidget datasetId={999} apiBase={base} />);
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toBe('Error loading chartAPI error 404 Not Found');
    warn.mockRestore();
  });

  it('moves the slider with the page data and no request', () => {
    render(<ChartWidget datasetId={1} chartType="horizontal-bar" initialData={{ data: hicp }} apiBase={base} />);
    const slider = screen.getByRole('slider');
    expect(slider.getAttribute('aria-valuetext')).toBe('5/2025');
    fireEvent.change(slider, { target: { value: '336' } });
    expect(slider.getAttribute('aria-valuetext')).toBe('1/2025');
    expect(requests).toEqual([]);
  });

  it('steps one period with the buttons beside the slider, through the slider’s path to the address (WCAG 2.5.7)', () => {
    vi.useFakeTimers();
    const onViewChange = vi.fn();
    render(
      <ChartWidget
        datasetId={1}
        chartType="horizontal-bar"
        initialData={{ data: hicp }}
        apiBase={base}
        onViewChange={onViewChange}
      />,
    );
    const slider = screen.getByRole('slider', { name: 'Period shown' });
    const next = screen.getByRole('button', { name: 'Next period' });
    const previous = screen.getByRole('button', { name: 'Previous period' });
    // At the latest period: Next is unavailable (and stays focusable), Previous steps back.
    expect(next.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(next);
    expect(slider.getAttribute('aria-valuetext')).toBe('5/2025');
    fireEvent.click(previous);
    expect(slider.getAttribute('aria-valuetext')).toBe('4/2025');
    expect(document.querySelector('[data-slider-said]')!.textContent).toBe('4/2025');
    expect(next.hasAttribute('aria-disabled')).toBe(false);
    act(() => vi.advanceTimersByTime(300));
    expect(onViewChange).toHaveBeenLastCalledWith(expect.objectContaining({ time: '4/2025' }), 'replace');
    expect(document.querySelector('svg desc')?.textContent).toContain('April 2025');
    vi.useRealTimers();
  });

  it('moves a range’s start and end thumbs with their own buttons, never past each other', () => {
    render(<ChartWidget datasetId={1} chartType="line" initialData={{ data: hicp }} apiBase={base} />);
    const start = screen.getByRole('slider', { name: 'First period shown' });
    const end = screen.getByRole('slider', { name: 'Last period shown' });
    const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
    expect(screen.getByRole('button', { name: 'Earlier start' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: 'Later end' }).getAttribute('aria-disabled')).toBe('true');
    click('Later start');
    expect(start.getAttribute('aria-valuetext')).toBe('2/1997 – 5/2025');
    click('Earlier end');
    expect(end.getAttribute('aria-valuetext')).toBe('2/1997 – 4/2025');
    expect(screen.getByRole('button', { name: 'Copy link' }).getAttribute('data-copy-link')).toBe(
      '/datasets/prc_hicp_manr?chart_type=line&time_start=2/1997&time_end=4/2025',
    );
    fireEvent.change(end, { target: { value: '2' } });
    click('Earlier end');
    expect(end.getAttribute('aria-valuetext')).toBe('2/1997');
    expect(screen.getByRole('button', { name: 'Earlier end' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: 'Later start' }).getAttribute('aria-disabled')).toBe('true');
  });
});

describe('CopyButton', () => {
  it.each([
    ['API', COPY_FEEDBACK_MS.api, 3000],
    ['embed', COPY_FEEDBACK_MS.embed, 2000],
  ])('shows its check mark for the %s feedback time', async (_kind, ms, expected) => {
    expect(ms).toBe(expected);
    vi.useFakeTimers();
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<CopyButton text="https://x" feedbackMs={ms} label="Copy API URL" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy API URL' }));
    });
    expect(writeText).toHaveBeenCalledWith('https://x');
    expect(screen.getByRole('button').getAttribute('data-copied')).toBe('true');
    act(() => vi.advanceTimersByTime(ms - 50));
    expect(screen.getByRole('button').getAttribute('data-copied')).toBe('true');
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('button').getAttribute('data-copied')).toBe('false');
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
});
