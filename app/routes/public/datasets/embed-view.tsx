// The embed page's body: the widget alone, read-only, drawn on the server, with the small inline runtime.
import { ChartWidget } from '#app/charts';
import { EMBED_NARROW_WIDTH, embedChartHeight } from '#app/charts';
import { embedRuntimeScript } from '#app/charts';
import type { ChartViewSpec } from '#app/charts';
import type { LoadedOutlines } from '#app/charts';
import type { WidgetData } from '#app/charts';
import { pageViewPairs } from '#app/charts';

export interface EmbedViewProps {
  datasetId: number;
  /** For the "Ask this chart" form, which opens the dataset page of this view with the question (decision 212). */
  datasetCode: string;
  view: ChartViewSpec;
  data: WidgetData | null;
  error: string | null;
  outlines: LoadedOutlines | null;
  width: number;
  /** Also draw a narrow copy for frames under 500px (the first request, before the script measured). */
  narrow: boolean;
  theme: 'light' | 'dark';
  /** A newer, partial period the default view leaves out ('7/2026: Germany only'). */
  coverageNote?: { text: string; href: string } | null;
  /** What the page left out of the URL's view (decision 035). */
  viewNote?: string | null;
}

/** Below this many pixels the embed draws at 320px and lets the SVG scale down. */
export const EMBED_MIN_WIDTH = 280;
export const EMBED_MAX_WIDTH = 2400;

/** The drawing width a request asks for (the runtime sends the frame's width), clamped; 800 by default. */
export function embedWidth(raw: string | null): number {
  const n = Number(raw);
  if (!raw || !Number.isFinite(n)) return 800;
  return Math.round(Math.min(EMBED_MAX_WIDTH, Math.max(EMBED_MIN_WIDTH, n)));
}

export function EmbedView(props: EmbedViewProps) {
  const { datasetId, view, data, error, outlines, width, narrow, theme } = props;
  return (
    <div className={`${theme === 'dark' ? 'dark ' : ''}min-h-screen bg-white dark:bg-slate-900`}>
      {/* The frame is as tall as this content (the runtime tells the framing page): no min-height here. */}
      <div data-embed-content className="bg-white p-3 text-slate-900 dark:bg-slate-900 dark:text-slate-100">
        <ChartWidget
          datasetId={datasetId}
          dimensions={view.dimensions}
          countries={view.countries}
          chartType={view.chartType}
          timeStart={view.timeStart}
          time={view.time}
          timeEnd={view.timeEnd}
          initialData={data}
          initialOutlines={outlines}
          initialError={error}
          coverageNote={props.coverageNote}
          viewNote={props.viewNote}
          transform={view.transform}
          asOf={view.asOf}
          serverWidth={width}
          height={embedChartHeight(width)}
          embedNarrow={narrow ? { width: EMBED_NARROW_WIDTH, height: embedChartHeight(EMBED_NARROW_WIDTH) } : null}
          theme={theme}
          readonly
          embed
        />
        <AskForm datasetCode={props.datasetCode} view={view} />
        <script dangerouslySetInnerHTML={{ __html: embedRuntimeScript() }} />
      </div>
    </div>
  );
}

/**
 * "Ask this chart" in the embed (decision 212): the embed ships no React and, framed by another site, has no session,
 * so its box is a plain form that opens the dataset page of this exact view with the question (`ask=`) in a new tab,
 * where the page asks it (app/components/assistant/ask-chart.tsx).
 */
function AskForm({ datasetCode, view }: { datasetCode: string; view: ChartViewSpec }) {
  return (
    <form
      method="get"
      action={`/datasets/${encodeURIComponent(datasetCode)}`}
      target="_blank"
      className="mt-3 flex flex-wrap items-end gap-2 text-sm"
      data-ask-chart
    >
      {pageViewPairs(view).map(([name, value], i) => (
        <input key={i} type="hidden" name={name} value={value} />
      ))}
      <label className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="font-semibold">Ask this chart</span>
        <input
          name="ask"
          required
          maxLength={500}
          autoComplete="off"
          placeholder='e.g. "Which country is highest?"'
          className="min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
        />
      </label>
      <button type="submit" className="rounded-md bg-brand-dark px-3 py-1.5 font-semibold text-white">
        Ask
      </button>
    </form>
  );
}
