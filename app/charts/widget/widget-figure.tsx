// The widget's figure: error panel, loading placeholder or the chart; on a first embed render also a narrow copy.
import type { ChartViewProps } from './chart-view';
import { ChartView } from './chart-view';
import { ErrorPanel, LoadingPanel } from './widget-panels';

export interface WidgetFigureProps {
  error: string | null;
  /** The chart, or null while loading. */
  view: (ChartViewProps & { periods: readonly string[] }) | null;
  panelHeight: number;
  /**
   * Without scripts the frame's width is unknown: the embed draws a narrow copy too, and a container query
   * shows the one that fits (below 500px the narrow one), until its script asks for the exact width.
   */
  narrow?: { width: number; height: number } | null;
}

export function WidgetFigure({ error, view, panelHeight, narrow }: WidgetFigureProps) {
  const figure = (content: React.ReactNode, width: number) => (
    <div
      className="widget-figure relative [&_svg]:max-w-full [&_svg[data-theme]]:h-auto"
      data-embed-part="figure"
      data-width={width}
    >
      {content}
    </div>
  );
  if (error) return figure(<ErrorPanel message={error} height={panelHeight} />, 0);
  if (!view) return figure(<LoadingPanel height={panelHeight} />, 0);
  if (!narrow) return figure(<ChartView {...view} />, view.width);
  return figure(
    <>
      <div className="hidden @[500px]:block">
        <ChartView {...view} />
      </div>
      <div className="@[500px]:hidden">
        <ChartView {...view} width={narrow.width} height={narrow.height} />
      </div>
    </>,
    0,
  );
}
