// The time slider: a native range input (keyboard-operable, works in the embed without React) with its labels.
import type { ChangeEvent } from 'react';
import { resolvePeriodIndex, sliderModeFor, type ChartType } from '../core/slider';
import { sliderValueText } from './widget-state';

export interface TimeSliderProps {
  type: ChartType;
  index: number;
  periods: readonly string[];
  /** The last period drawn, when before the latest (grouped bars cut short to fit). */
  end?: number;
  /** Without it the input is uncontrolled: the embed's small script drives it. */
  onChange?: (index: number) => void;
}

export function TimeSlider({ type, index, end, periods, onChange }: TimeSliderProps) {
  const count = periods.length;
  if (count < 2) return null;
  const value = resolvePeriodIndex(index, count);
  const text = sliderValueText(type, value, periods, end);
  const label = sliderModeFor(type) === 'period' ? 'Period shown' : 'First period shown';
  return (
    <div className="time-slider flex items-center gap-3 text-xs text-slate-600 dark:text-slate-400">
      <span className="hidden shrink-0 tabular-nums @[500px]:inline">{periods[0]}</span>
      <input
        type="range"
        min={0}
        max={count - 1}
        step={1}
        {...(onChange
          ? { value, onChange: (e: ChangeEvent<HTMLInputElement>) => onChange(Number(e.target.value)) }
          : { defaultValue: value })}
        aria-label={label}
        aria-valuetext={text}
        data-periods={JSON.stringify(periods)}
        data-mode={sliderModeFor(type)}
        className="h-2 min-w-0 flex-1 cursor-pointer accent-brand"
      />
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
