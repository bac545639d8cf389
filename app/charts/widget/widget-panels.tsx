// The widget's loading placeholder and its error panel ('Error loading chart' with the specification's message).
import { CHART_ERROR_TITLE } from '../core/chart-messages';

export function LoadingPanel({ height }: { height: number }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="chart-loading flex items-center justify-center rounded-md bg-slate-50 text-sm text-slate-500 dark:bg-slate-900 dark:text-slate-400"
      style={{ minHeight: height }}
    >
      <span className="animate-pulse">Loading chart…</span>
    </div>
  );
}

export function ErrorPanel({ message, height }: { message: string; height: number }) {
  return (
    <div
      role="alert"
      className="chart-error flex flex-col items-center justify-center gap-1 rounded-md border border-red-200 bg-red-50 px-4 text-center dark:border-red-900 dark:bg-red-950/40"
      style={{ minHeight: height }}
    >
      <p className="font-semibold text-red-800 dark:text-red-300">{CHART_ERROR_TITLE}</p>
      <p className="text-sm text-red-700 dark:text-red-300/90">{message}</p>
    </div>
  );
}
