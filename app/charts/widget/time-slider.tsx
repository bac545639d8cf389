// The time slider: native range inputs (keyboard-operable, work in the embed without React) over one track, with
// their labels. Line and bar pick a range (a start and an end thumb), map and horizontal bar one period (decision 199).
// Buttons beside the track step each thumb by one period, so no period needs a drag (WCAG 2.5.7, decision 214).
import { useState, type ChangeEvent } from 'react';
import { resolvePeriodIndex, sliderModeFor, type ChartType } from '../core/slider';
import { hasTimeRange } from '../export/view-urls';
import { StepIcon } from './widget-icons';
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

/** The thumb a step button moves: a range's start or end, or the one period. */
export type SliderThumb = 'start' | 'end' | 'period';

/** The step buttons' names, by thumb and direction (earlier, later). */
export const STEP_LABELS: Record<SliderThumb, Record<-1 | 1, string>> = {
  period: { [-1]: 'Previous period', 1: 'Next period' },
  start: { [-1]: 'Earlier start', 1: 'Later start' },
  end: { [-1]: 'Earlier end', 1: 'Later end' },
};

export interface SliderStep {
  thumb: SliderThumb;
  direction: -1 | 1;
  label: string;
  /** The thumb's position after the step; null at the end it cannot pass (the button is then unavailable). */
  to: number | null;
}

/**
 * The step buttons of a slider at `start` (the one period, or a range's start) and `end` (a range's end) over `count`
 * periods: one period earlier or later, never past the timeline's ends nor the other thumb (the thumbs may meet).
 */
export function sliderSteps(range: boolean, start: number, end: number, count: number): SliderStep[] {
  const step = (thumb: SliderThumb, direction: -1 | 1, at: number, min: number, max: number): SliderStep => {
    const to = at + direction;
    return { thumb, direction, label: STEP_LABELS[thumb][direction], to: to < min || to > max ? null : to };
  };
  const last = count - 1;
  if (!range) return [step('period', -1, start, 0, last), step('period', 1, start, 0, last)];
  return [
    step('start', -1, start, 0, end),
    step('start', 1, start, 0, end),
    step('end', -1, end, start, last),
    step('end', 1, end, start, last),
  ];
}

// 28 px square: more than the least pointer target of WCAG 2.5.8 (24 px). aria-disabled, not disabled, at the ends:
// a button that loses its focus when it reaches an end would drop a keyboard user's place.
const STEP_BUTTON =
  'time-slider-step grid h-7 w-7 shrink-0 place-items-center rounded-md border border-slate-300 bg-white text-slate-700 ' +
  'hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-dark ' +
  'aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-white dark:border-slate-600 ' +
  'dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:outline-brand ' +
  'dark:aria-disabled:hover:bg-slate-900';

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
  // What a step button did, said once to a screen reader (the buttons keep the focus, so no slider says it).
  const [said, setSaid] = useState('');
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
  const steps = sliderSteps(range, value, endValue, count);
  // The same changes as the range inputs make; without handlers (the embed) its script hears the buttons' clicks.
  const apply = (s: SliderStep) => {
    if (s.to === null || !onChange) return;
    if (s.thumb === 'end') onEndChange?.(s.to);
    else onChange(s.to);
    const start = s.thumb === 'end' ? value : s.to;
    const last = s.thumb === 'end' ? s.to : endValue;
    setSaid(sliderValueText(type, start, periods, range ? last : undefined));
  };
  const button = (s: SliderStep) => (
    <button
      key={`${s.thumb}${s.direction}`}
      type="button"
      className={STEP_BUTTON}
      aria-label={s.label}
      title={s.label}
      aria-disabled={s.to === null ? true : undefined}
      data-step-thumb={s.thumb}
      data-step={s.direction}
      onClick={() => apply(s)}
    >
      <StepIcon direction={s.direction} />
    </button>
  );
  // Range: the start's buttons left of the track, the end's right of it; one period: back left, forward right.
  const [before, after] = range ? [steps.slice(0, 2), steps.slice(2)] : [steps.slice(0, 1), steps.slice(1)];
  return (
    // Under 440 px (a phone, a narrow embed) the periods shown take a line of their own above the track, which keeps
    // room to slide along between the buttons (decision 214).
    <div className="time-slider flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600 @[440px]:flex-nowrap @[440px]:gap-x-3 dark:text-slate-400">
      <div className="flex shrink-0 gap-0.5">{before.map(button)}</div>
      <span className="hidden shrink-0 tabular-nums @[500px]:inline">{periods[0]}</span>
      <div
        className="relative h-6 min-w-0 flex-1"
        data-periods={JSON.stringify(periods)}
        data-mode={sliderModeFor(type)}
      >
        {/* The track: neutral, with the periods shown highlighted between the thumbs; half a thumb in from each end,
            where the thumbs' middles stop, so the highlight ends at the thumbs. */}
        <div className="absolute inset-x-3 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-slate-200 dark:bg-slate-700">
          {track ? (
            <div
              className="absolute inset-y-0 rounded-full bg-brand"
              data-slider-range
              style={{ left: `${track.left}%`, width: `${track.width}%` }}
            />
          ) : null}
        </div>
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
      <div className="flex shrink-0 gap-0.5">{after.map(button)}</div>
      <output
        className="order-first min-w-24 shrink-0 basis-full text-right font-medium text-slate-800 tabular-nums @[440px]:order-none @[440px]:basis-auto dark:text-slate-200"
        data-slider-value
        aria-hidden="true"
      >
        {text}
      </output>
      <span className="sr-only" aria-live="polite" data-slider-said>
        {said}
      </span>
    </div>
  );
}
