// Small stroke icons of the widget's buttons (16px, currentColor), hidden from assistive technology.
import type { ChartType } from '../core/slider';

const base = {
  width: 16,
  height: 16,
  viewBox: '0 0 16 16',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.6,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
};

const TYPE_PATHS: Record<ChartType, string> = {
  line: 'M2 12.5 6 8l3 2.5L14 4',
  bar: 'M3 13.5V8M6.5 13.5V4M10 13.5V6.5M13.5 13.5V10',
  'horizontal-bar': 'M2.5 3.5H12M2.5 6.5H9M2.5 9.5H13.5M2.5 12.5H6',
  map: 'M1.5 4 5.5 2.5l5 1.5 4-1.5v9.5l-4 1.5-5-1.5-4 1.5zM5.5 2.5V12M10.5 4v9.5',
  table: 'M2 3h12v10H2zM2 6.5h12M2 10h12M6 3v10',
};

export function ChartTypeIcon({ type }: { type: ChartType }) {
  return (
    <svg {...base}>
      <path d={TYPE_PATHS[type]} />
    </svg>
  );
}

/** A menu's chevron: from 500px of widget width, where the buttons have words; below, the icons alone keep one row. */
export function ChevronIcon() {
  return (
    <svg {...base} width={12} height={12} className="hidden @[500px]:block">
      <path d="m4 6 4 4 4-4" />
    </svg>
  );
}

export function DownloadIcon() {
  return (
    <svg {...base}>
      <path d="M8 2.5v8M4.5 7 8 10.5 11.5 7M2.5 13.5h11" />
    </svg>
  );
}

export function StarIcon({ filled = false }: { filled?: boolean }) {
  return (
    <svg {...base} fill={filled ? 'currentColor' : 'none'}>
      <path d="m8 2 1.8 3.8 4.2.5-3.1 2.9.8 4.1L8 11.3l-3.7 2 .8-4.1L2 6.3l4.2-.5z" />
    </svg>
  );
}

export function CopyIcon() {
  return (
    <svg {...base}>
      <path d="M5.5 5.5h8v8h-8zM10.5 5.5v-3h-8v8h3" />
    </svg>
  );
}

export function LinkIcon() {
  return (
    <svg {...base}>
      <path d="M6.5 9.5 9.5 6.5M7 4.5l1.2-1.2a2.5 2.5 0 0 1 3.5 3.5L10.5 8M9 11.5l-1.2 1.2a2.5 2.5 0 0 1-3.5-3.5L5.5 8" />
    </svg>
  );
}

export function CheckIcon() {
  return (
    <svg {...base}>
      <path d="m3 8.5 3 3 7-7" />
    </svg>
  );
}

export function FilterIcon() {
  return (
    <svg {...base}>
      <path d="M2 3.5h12L9.5 9v4.5l-3-1.5V9z" />
    </svg>
  );
}

export function MoreIcon() {
  return (
    <svg {...base}>
      <circle cx="3" cy="8" r="1.2" fill="currentColor" stroke="none" />
      <circle cx="8" cy="8" r="1.2" fill="currentColor" stroke="none" />
      <circle cx="13" cy="8" r="1.2" fill="currentColor" stroke="none" />
    </svg>
  );
}

/** The time slider's step buttons: a chevron back (earlier) or forward (later). */
export function StepIcon({ direction }: { direction: -1 | 1 }) {
  return (
    <svg {...base} width={14} height={14}>
      <path d={direction < 0 ? 'm10 3.5-4.5 4.5 4.5 4.5' : 'm6 3.5 4.5 4.5-4.5 4.5'} />
    </svg>
  );
}
