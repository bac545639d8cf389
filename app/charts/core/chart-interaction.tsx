// The layer every interactive SVG view wraps itself in: tooltips by pointer and keyboard, and the buttons that bring
// a series or place forward (decision 196).
import type { ReactNode } from 'react';
import type { TooltipTarget } from './chart-tooltip';
import type { ChartInterface, ChartReadyState } from './chart-interface';
import { HighlightButtons, type HighlightTarget } from './highlight-buttons';
import { TooltipLayer, WalkLayer, type TooltipLayerProps } from './tooltip-layer';

export interface ChartInteractionProps extends Pick<TooltipLayerProps, 'axis' | 'label' | 'rule' | 'markers'> {
  chart: Pick<ChartInterface<ChartReadyState>, 'box' | 'interactive' | 'keyWalk' | 'highlight' | 'setHighlight'>;
  /** Built only for an interactive chart or the embed's walk: a 45-country line has hundreds of periods. */
  targets: () => readonly TooltipTarget[];
  highlightTargets: () => readonly HighlightTarget[];
  /** The chart's SVG. */
  children: ReactNode;
}

/**
 * The chart as it is when not interactive (in the embed, in the layer its script walks by keyboard); else inside its
 * tooltip layer, with its highlight buttons over it.
 */
export function ChartInteraction({ chart, targets, highlightTargets, children, ...tooltip }: ChartInteractionProps) {
  const { width, height, theme } = chart.box;
  if (!chart.interactive && chart.keyWalk) {
    const { markers: _markers, ...walk } = tooltip;
    return (
      <WalkLayer width={width} height={height} theme={theme} targets={targets()} {...walk}>
        {children}
      </WalkLayer>
    );
  }
  if (!chart.interactive) return children;
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
