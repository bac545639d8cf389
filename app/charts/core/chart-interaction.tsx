// The layer every interactive SVG view wraps itself in: tooltips by pointer and keyboard, and the buttons that bring
// a series or place forward (decision 196).
import type { ReactNode } from 'react';
import type { TooltipTarget } from './chart-tooltip';
import type { ChartInterface, ChartReadyState } from './chart-interface';
import { HighlightButtons, type HighlightTarget } from './highlight-buttons';
import { TooltipLayer, type TooltipLayerProps } from './tooltip-layer';

export interface ChartInteractionProps extends Pick<TooltipLayerProps, 'axis' | 'label' | 'rule' | 'markers'> {
  chart: Pick<ChartInterface<ChartReadyState>, 'box' | 'interactive' | 'highlight' | 'setHighlight'>;
  /** Built only for an interactive chart: a 45-country line has hundreds of periods. */
  targets: () => readonly TooltipTarget[];
  highlightTargets: () => readonly HighlightTarget[];
  /** The chart's SVG. */
  children: ReactNode;
}

/** The chart as it is when not interactive; else inside its tooltip layer, with its highlight buttons over it. */
export function ChartInteraction({ chart, targets, highlightTargets, children, ...tooltip }: ChartInteractionProps) {
  if (!chart.interactive) return children;
  const { width, height, theme } = chart.box;
  const buttons = highlightTargets();
  return (
    <TooltipLayer width={width} height={height} theme={theme} targets={targets()} {...tooltip}>
      {children}
      {buttons.length > 0 ? (
        <HighlightButtons targets={buttons} highlight={chart.highlight} onChange={chart.setHighlight} />
      ) : null}
    </TooltipLayer>
  );
}
