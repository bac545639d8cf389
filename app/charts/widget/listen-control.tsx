// "Listen" under a line chart (decision 214): the shown series (the highlighted one, else the first) played as rising
// and falling tones with the Web Audio API, no network and no dependency; Pause says where it stopped.
import { useEffect, useRef, useState } from 'react';
import { describeFlags } from '#core/flags';
import { readablePeriod } from '#core/periods';
import { formatNumber } from '../core/number-format';
import { pointAt, toneSchedule, type ToneSchedule } from '../line/sonification';

export interface ListenSeries {
  label: string;
  values: readonly (number | null)[];
  /** Observation flags by period ('e'), '' or absent when none. */
  flags: readonly string[];
}

export interface ListenControlProps {
  series: ListenSeries;
  periods: readonly string[];
  unit: string;
  decimals: number;
}

/** The loudness of the notes (0–1): a triangle wave this loud is clear and not harsh. */
const VOLUME = 0.18;
/** Seconds of fade at a note's start and end, so that notes do not click. */
const FADE_S = 0.012;

/** 'October 2022: Germany 11.6 Annual rate of change (%) (estimated)'; a gap: 'October 2022: Germany, no data'. */
export function pointAnnouncement(props: ListenControlProps, index: number): string {
  const { series, periods, unit, decimals } = props;
  const period = readablePeriod(periods[index] ?? '', 'long');
  const v = series.values[index];
  if (v === null || v === undefined) return `${period}: ${series.label}, no data`;
  const flag = series.flags[index] ? ` (${describeFlags(series.flags[index])})` : '';
  return `${period}: ${series.label} ${[formatNumber(v, decimals), unit].filter(Boolean).join(' ')}${flag}`;
}

type AudioContextClass = typeof AudioContext;

function audioContextClass(): AudioContextClass | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  return w.AudioContext ?? w.webkitAudioContext ?? null;
}

interface Playback {
  oscillator: OscillatorNode;
  /** The audio clock's time of the schedule's start. */
  start: number;
  schedule: ToneSchedule;
}

/**
 * The notes of a schedule on one oscillator: its pitch set at each note, its loudness faded in and out around it and
 * silent in the rests. Starts at once; the caller stops it.
 */
function playSchedule(context: AudioContext, schedule: ToneSchedule): Playback {
  const oscillator = context.createOscillator();
  oscillator.type = 'triangle';
  const gain = context.createGain();
  gain.gain.setValueAtTime(0, context.currentTime);
  oscillator.connect(gain).connect(context.destination);
  const start = context.currentTime + 0.05;
  for (const tone of schedule.tones) {
    const t = start + tone.at;
    oscillator.frequency.setValueAtTime(tone.frequency, t);
    gain.gain.setValueAtTime(0, t);
    gain.gain.linearRampToValueAtTime(VOLUME, t + FADE_S);
    gain.gain.setValueAtTime(VOLUME, t + tone.duration - FADE_S);
    gain.gain.linearRampToValueAtTime(0, t + tone.duration);
  }
  oscillator.start(start);
  oscillator.stop(start + schedule.duration);
  return { oscillator, start, schedule };
}

/** Silences a playback, if any, without its end being taken for the series' end. */
function halt(playback: { current: Playback | null }): void {
  const p = playback.current;
  playback.current = null;
  if (!p) return;
  p.oscillator.onended = null;
  try {
    p.oscillator.stop();
  } catch {
    // Already ended.
  }
}

const BUTTON =
  'inline-flex h-7 min-w-7 items-center gap-1.5 rounded-md border border-slate-300 bg-white px-2 text-xs font-medium ' +
  'text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-1 ' +
  'focus-visible:outline-brand-dark dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200 ' +
  'dark:hover:bg-slate-800 dark:focus-visible:outline-brand';

const ICON = { width: 12, height: 12, viewBox: '0 0 12 12', 'aria-hidden': true, focusable: false } as const;

/**
 * Listen, Pause (which says the value it stopped at in its live region), Resume and Stop, where the browser has the
 * Web Audio API; a new series or range (a new key) starts it afresh. Until the page's script has asked the browser, the
 * control holds its place unseen (the server's HTML): showing it then would push what follows down under a reader's
 * pointer as the page comes alive (issue 40).
 */
export function ListenControl(props: ListenControlProps) {
  const { series, periods } = props;
  // Unknown (null) until the page's script runs: the server cannot tell.
  const [supported, setSupported] = useState<boolean | null>(null);
  const [status, setStatus] = useState<'idle' | 'playing' | 'paused'>('idle');
  // The value to resume at, and the one sounding (shown while it plays).
  const [position, setPosition] = useState(0);
  const [said, setSaid] = useState('');
  const context = useRef<AudioContext | null>(null);
  const playback = useRef<Playback | null>(null);

  useEffect(() => setSupported(audioContextClass() !== null), []);
  // While it plays, the value sounding is shown (not said: a screen reader would talk over the tones).
  useEffect(() => {
    if (status !== 'playing') return;
    const timer = setInterval(() => {
      const p = playback.current;
      const ctx = context.current;
      if (p && ctx) setPosition(pointAt(p.schedule, ctx.currentTime - p.start, series.values.length));
    }, 100);
    return () => clearInterval(timer);
  }, [status, series.values.length]);
  // Gone (another view): silence, and the audio device let go.
  useEffect(() => {
    const sound = playback;
    const device = context;
    return () => {
      halt(sound);
      void device.current?.close();
    };
  }, []);
  const play = () => {
    const Context = audioContextClass();
    if (!Context) return;
    // Made on the click: browsers let a page sound only after a gesture.
    const ctx = context.current ?? new Context();
    context.current = ctx;
    void ctx.resume();
    const from = position >= series.values.length - 1 ? 0 : position;
    const p = playSchedule(ctx, toneSchedule(series.values, from));
    p.oscillator.onended = () => {
      if (playback.current !== p) return;
      playback.current = null;
      setStatus('idle');
      setPosition(0);
      setSaid(`Finished. ${pointAnnouncement(props, series.values.length - 1)}`);
    };
    playback.current = p;
    setPosition(from);
    setSaid('');
    setStatus('playing');
  };
  const pause = () => {
    const p = playback.current;
    const ctx = context.current;
    if (!p || !ctx) return;
    const at = pointAt(p.schedule, ctx.currentTime - p.start, series.values.length);
    halt(playback);
    setPosition(at);
    setStatus('paused');
    setSaid(`Paused at ${pointAnnouncement(props, at)}`);
  };
  const stop = () => {
    halt(playback);
    setPosition(0);
    setStatus('idle');
    setSaid('Stopped.');
  };

  if (supported === false || series.values.length === 0) return null;
  const playing = status === 'playing';
  const now = series.values[position] ?? null;
  return (
    <div
      className={`listen-control flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-400${supported ? '' : ' invisible'}`}
      // Unseen, it is out of the Tab order and of the accessibility tree too (visibility: hidden).
    >
      <button type="button" className={BUTTON} onClick={playing ? pause : play} data-listen>
        <svg {...ICON}>
          {playing ? (
            <path d="M3 2h2v8H3zM7 2h2v8H7z" fill="currentColor" />
          ) : (
            <path d="M3 1.5v9l7.5-4.5z" fill="currentColor" />
          )}
        </svg>
        {playing ? 'Pause' : status === 'paused' ? `Resume ${series.label}` : `Listen to ${series.label}`}
      </button>
      {status === 'idle' ? null : (
        <button type="button" className={BUTTON} onClick={stop}>
          <svg {...ICON}>
            <path d="M2.5 2.5h7v7h-7z" fill="currentColor" />
          </svg>
          Stop
        </button>
      )}
      {status === 'idle' ? (
        <span>High values sound high, low values low.</span>
      ) : (
        <span aria-hidden="true" className="tabular-nums" data-listen-at>
          {`${readablePeriod(periods[position] ?? '')}: ${now === null ? 'no data' : formatNumber(now, props.decimals)}`}
        </span>
      )}
      <span className="sr-only" aria-live="polite" data-listen-said>
        {said}
      </span>
    </div>
  );
}
