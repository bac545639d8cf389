// The time slider: native range inputs (keyboard-operable, work in the embed without React) over one track, with
// their labels. Line and bar pick a range (a start and an end thumb), map and horizontal bar one period (decision 199).
import type { ChangeEvent } from 'react';
import { resolvePeriodIndex, sliderModeFor, type ChartType } from '../core/slider';
import { hasTimeRange } from '../export/view-urls';
import { sliderValueText } from './widget-state';

export interface TimeSliderProps {
  type: ChartType;
  index: number;
  periods: readonly string[];
  /** The last period drawn, when before the latest (the end thumb, or grouped bars cut short to fit). */
  end?: number;
  /** The end thumb's position (line and bar); absent: the latest. */
  endIndex?: number;
  /** Without it the inputs are uncontrolled: the embed's small script drives them. */
  onChange?: (index: number) => void;
  onEndChange?: (index: number) => void;
}

export const START_LABEL = 'First period shown';
export const END_LABEL = 'Last period shown';
export const PERIOD_LABEL = 'Period shown';

// Both inputs lie over one track; their thumbs are styled in app.css (.time-slider-input). 24 px high: the least
// pointer target of WCAG 2.5.8 (decision 207).
const INPUT = 'time-slider-input absolute inset-0 m-0 h-6 w-full';

/** Where the highlighted part of the track begins and how wide it is, in percent of the track. */
export function selectedTrack(start: number, end: number, count: number): { left: number; width: number } {
  const last = Math.max(1, count - 1);
  const from = Math.max(0, Math.min(start, end));
  return { left: (from / last) * 100, width: ((Math.max(start, end) - from) / last) * 100 };
}

/** Thumbs that meet in the right half of the track can only part leftwards: the start thumb must be the one grabbed. */
function startOnTop(start: number, count: number): boolean {
  return start > (count - 1) / 2;
}

export function TimeSlider({ type, index, end, endIndex, periods, onChange, onEndChange }: TimeSliderProps) {
  const count = periods.length;
  if (count < 2) return null;
  const value = resolvePeriodIndex(index, count);
  const text = sliderValueText(type, value, periods, end);
  const range = hasTimeRange(type);
  const endValue = Math.max(value, resolvePeriodIndex(endIndex ?? -1, count));
  const track = range ? selectedTrack(value, endValue, count) : null;
  const common = { min: 0, max: count - 1, step: 1, 'aria-valuetext': text, className: INPUT };
  const controlled = (current: number, set: ((i: number) => void) | undefined, clamp: (i: number) => number) =>
    set
      ? { value: current, onChange: (e: ChangeEvent<HTMLInputElement>) => set(clamp(Number(e.target.value))) }
      : { defaultValue: current };
  return (
    <div className="time-slider flex items-center gap-3 text-xs text-slate-600 dark:text-slate-400">
      <span className="hidden shrink-0 tabular-nums @[500px]:inline">{periods[0]}</span>
      <div
        className="relative h-6 min-w-0 flex-1"
        data-periods={JSON.stringify(periods)}
        data-mode={sliderModeFor(type)}
      >
        {/* The track: neutral, with the periods shown highlighted between the thumbs. */}
        <div className="absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-slate-200 dark:bg-slate-700" />
        {track ? (
          <div
            className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-brand"
            data-slider-range
            style={{ left: `${track.left}%`, width: `${track.width}%` }}
          />
        ) : null}
        <input
          type="range"
          {...common}
          {...controlled(value, onChange, (i) => (range ? Math.min(i, endValue) : i))}
          aria-label={range ? START_LABEL : PERIOD_LABEL}
          // Where the thumbs meet, the one that can still move is on top: the start thumb in the right half.
          style={range ? { zIndex: startOnTop(value, count) ? 2 : 1 } : undefined}
          data-thumb={range ? 'start' : 'period'}
        />
        {range ? (
          <input
            type="range"
            {...common}
            {...controlled(endValue, onChange ? onEndChange : undefined, (i) => Math.max(i, value))}
            aria-label={END_LABEL}
            style={{ zIndex: startOnTop(value, count) ? 1 : 2 }}
            data-thumb="end"
          />
        ) : null}
      </div>
      <span className="hidden shrink-0 tabular-nums @[500px]:inline">{periods[count - 1]}</span>
      <output
        className="min-w-24 shrink-0 text-right font-medium text-slate-800 tabular-nums dark:text-slate-200"
        data-slider-value
        aria-hidden="true"
      >
        {text}
      </output>
    </div>
  );
}
