// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadHicp } from '../core/test-fixtures';
import { TONE_HIGH_HZ, TONE_LOW_HZ } from '../line/sonification';
import { ChartWidget } from './chart-widget';
import { ListenControl, pointAnnouncement, type ListenControlProps } from './listen-control';

/** A stand-in for the browser's audio: it records what would sound, on a clock the test moves. */
class FakeAudioContext {
  static made: FakeAudioContext[] = [];
  currentTime = 0;
  destination = {};
  frequencies: [number, number][] = [];
  oscillators: { started?: number; stopped: number[]; onended: (() => void) | null }[] = [];
  closed = false;
  constructor() {
    FakeAudioContext.made.push(this);
  }
  resume() {
    return Promise.resolve();
  }
  close() {
    this.closed = true;
    return Promise.resolve();
  }
  createGain() {
    const param = { setValueAtTime: () => undefined, linearRampToValueAtTime: () => undefined };
    return { gain: param, connect: (next: unknown) => next };
  }
  createOscillator() {
    const osc = {
      type: 'sine',
      started: undefined as number | undefined,
      stopped: [] as number[],
      onended: null as (() => void) | null,
      frequency: { setValueAtTime: (hz: number, t: number) => this.frequencies.push([hz, t]) },
      connect: (next: unknown) => next,
      start: (t: number) => {
        osc.started = t;
      },
      stop: (t?: number) => {
        osc.stopped.push(t ?? this.currentTime);
      },
    };
    this.oscillators.push(osc);
    return osc;
  }
}

const props: ListenControlProps = {
  series: { label: 'Germany', values: [1.6, 2.0, null, 11.6, 2.1], flags: ['', '', '', 'e', 'p'] },
  periods: ['1/2021', '2/2021', '3/2021', '10/2022', '5/2025'],
  unit: 'Annual rate of change (%)',
  decimals: 1,
};

beforeEach(() => {
  FakeAudioContext.made = [];
  vi.stubGlobal('AudioContext', FakeAudioContext);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const said = () => document.querySelector('[data-listen-said]')!.textContent;

describe('pointAnnouncement', () => {
  it('says the period in full, the place, the value with its unit and flags, or no data', () => {
    expect(pointAnnouncement(props, 3)).toBe('October 2022: Germany 11.6 Annual rate of change (%) (estimated)');
    expect(pointAnnouncement(props, 2)).toBe('March 2021: Germany, no data');
  });
});

describe('ListenControl', () => {
  it('plays the series as notes rising and falling with it, says where Pause stopped it, and resumes there', () => {
    render(<ListenControl {...props} />);
    fireEvent.click(screen.getByRole('button', { name: 'Listen to Germany' }));
    const ctx = FakeAudioContext.made[0]!;
    const hz = ctx.frequencies.map(([f]) => f);
    expect(hz).toHaveLength(4);
    expect(hz[0]).toBe(TONE_LOW_HZ);
    expect(hz[2]).toBe(TONE_HIGH_HZ);
    expect(hz[1]!).toBeGreaterThan(hz[0]!);
    expect(hz[3]!).toBeLessThan(hz[2]!);
    // The notes follow each other in time; the gap (3/2021) is a rest.
    const times = ctx.frequencies.map(([, t]) => t);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(ctx.oscillators[0]!.started).toBeDefined();

    // Pause in the fourth value's step: it is said, with its period, place, value, unit and flag.
    const step = times[1]! - times[0]!;
    ctx.currentTime = times[0]! + step * 3.5;
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(said()).toBe('Paused at October 2022: Germany 11.6 Annual rate of change (%) (estimated)');
    expect(ctx.oscillators[0]!.stopped).toHaveLength(2);

    // Resume plays from there on: the last two values.
    fireEvent.click(screen.getByRole('button', { name: 'Resume Germany' }));
    expect(ctx.frequencies.slice(4).map(([f]) => f)).toEqual([hz[2], hz[3]]);
    // Its natural end says the last value and offers Listen again.
    act(() => ctx.oscillators[1]!.onended?.());
    expect(said()).toBe('Finished. May 2025: Germany 2.1 Annual rate of change (%) (provisional)');
    expect(screen.getByRole('button', { name: 'Listen to Germany' })).toBeTruthy();
  });

  it('stops and lets the audio device go when the view changes', () => {
    const view = render(<ListenControl {...props} />);
    fireEvent.click(screen.getByRole('button', { name: 'Listen to Germany' }));
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(said()).toBe('Stopped.');
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    view.unmount();
    expect(FakeAudioContext.made[0]!.closed).toBe(true);
  });

  it('is not offered where the browser has no Web Audio', () => {
    vi.stubGlobal('AudioContext', undefined);
    render(<ListenControl {...props} />);
    expect(screen.queryByRole('button', { name: /^Listen/ })).toBeNull();
    expect(document.querySelector('.listen-control')).toBeNull();
  });

  it("holds its place unseen in the server's HTML, so that nothing moves when the script shows it", () => {
    const html = renderToString(<ListenControl {...props} />);
    expect(html).toMatch(/class="listen-control [^"]* invisible"/);
    expect(html).toContain('Listen to Germany');
    render(<ListenControl {...props} />);
    const shown = document.querySelector('.listen-control')!;
    expect(shown.className).not.toContain('invisible');
  });
});

describe('Listen in the chart widget', () => {
  it('plays the first line, or the one brought forward, and only on the line chart', () => {
    const hicp = loadHicp(['DE', 'FR', 'EA20']);
    render(<ChartWidget datasetId={1} chartType="line" initialData={{ data: hicp }} apiBase="http://127.0.0.1:9" />);
    expect(screen.getByRole('button', { name: 'Listen to Germany' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Highlight France' }));
    expect(screen.getByRole('button', { name: 'Listen to France' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Highlight France' }));
    expect(screen.getByRole('button', { name: 'Listen to Germany' })).toBeTruthy();
    cleanup();
    render(<ChartWidget datasetId={1} chartType="bar" initialData={{ data: hicp }} apiBase="http://127.0.0.1:9" />);
    expect(screen.getByRole('button', { name: 'Highlight France' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Listen/ })).toBeNull();
  });
});
