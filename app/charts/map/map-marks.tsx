// Map marks: placed outlines to filled <path>s, the hovered outline's highlight, and value labels.
import { memo } from 'react';
import { roundPx } from '../core/pixels';
import { LABEL_FONT_SIZE, type PlacedLabel } from './map-layout';
import type { PlacedArea } from './map-projection';

export interface MapAreasProps {
  areas: readonly PlacedArea[];
  /** Border colour, or null for no borders. */
  stroke: string | null;
  strokeWidth: number;
}

/** The filled outlines; memoised so that panning, which only moves their group, does not re-render them. */
export const MapAreas = memo(function MapAreas({ areas, stroke, strokeWidth }: MapAreasProps) {
  return (
    <g className="map-areas" stroke={stroke ?? 'none'} strokeWidth={stroke ? roundPx(strokeWidth) : undefined}>
      {areas.map((a) => (
        <path
          key={a.key}
          className="map-area"
          d={a.d}
          fill={a.fill}
          strokeLinejoin="round"
          data-key={a.key}
          data-name={a.name}
          data-has-data={a.value === null ? 'false' : 'true'}
        />
      ))}
    </g>
  );
});

export interface MapHighlightProps {
  area: PlacedArea | null;
  stroke: string;
  strokeWidth: number;
}

/** A stronger outline on the hovered region, drawn above its neighbours. */
export function MapHighlight({ area, stroke, strokeWidth }: MapHighlightProps) {
  if (!area) return null;
  return (
    <path
      className="map-highlight"
      d={area.d}
      fill="none"
      stroke={stroke}
      strokeWidth={roundPx(strokeWidth)}
      strokeLinejoin="round"
      pointerEvents="none"
    />
  );
}

export interface MapLabelsProps {
  labels: readonly PlacedLabel[];
}

/** Value labels, drawn outside the zoomed group so their type keeps its size. */
export function MapLabels({ labels }: MapLabelsProps) {
  if (labels.length === 0) return null;
  return (
    <g className="map-labels" fontSize={LABEL_FONT_SIZE} fontWeight={600} textAnchor="middle" pointerEvents="none">
      {labels.map((l) => (
        <text
          key={l.key}
          x={roundPx(l.x)}
          y={roundPx(l.y)}
          dy="0.35em"
          fill={l.color}
          stroke={l.halo}
          strokeWidth={2}
          strokeLinejoin="round"
          paintOrder="stroke"
        >
          {l.text}
        </text>
      ))}
    </g>
  );
}
