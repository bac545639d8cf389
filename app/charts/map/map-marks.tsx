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
  /** Radius of the dots on countries too small to see, in map units (it shrinks as the map zooms in). */
  markerRadius: number;
  /**
   * Regions that open a page (their statistics page), by area key: each is a link, opened with Enter. The links are one
   * stop of the Tab order (the first; a roving tabindex): arrow keys move between them (map-chart.tsx), so a map of a
   * thousand regions does not take a thousand presses of Tab to leave.
   */
  hrefs?: ReadonlyMap<string, string> | null;
}

/** Screen radius of a small country's dot: large enough to see its colour and to point at. */
export const MARKER_RADIUS_PX = 3.5;

/** The filled outlines; memoised so that panning, which only moves their group, does not re-render them. */
export const MapAreas = memo(function MapAreas({ areas, stroke, strokeWidth, markerRadius, hrefs }: MapAreasProps) {
  const firstLink = hrefs ? areas.find((a) => hrefs.has(a.key))?.key : undefined;
  return (
    <g className="map-areas" stroke={stroke ?? 'none'} strokeWidth={stroke ? roundPx(strokeWidth) : undefined}>
      {areas.map((a) => {
        const path = (
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
        );
        const href = hrefs?.get(a.key);
        return href ? (
          <a
            key={a.key}
            href={href}
            className="map-area-link"
            aria-label={a.name}
            tabIndex={a.key === firstLink ? 0 : -1}
          >
            {path}
          </a>
        ) : (
          path
        );
      })}
      {/* Dots above every outline, so that a country of a few pixels shows its colour and answers the pointer. */}
      {areas.map((a) =>
        a.marker ? (
          <circle
            key={`${a.key}-marker`}
            className="map-area-marker"
            cx={roundPx(a.marker.x)}
            cy={roundPx(a.marker.y)}
            r={roundPx(markerRadius)}
            fill={a.fill}
            data-key={a.key}
            data-name={a.name}
          />
        ) : null,
      )}
    </g>
  );
});

export interface MapHighlightProps {
  area: PlacedArea | null;
  stroke: string;
  strokeWidth: number;
  markerRadius: number;
}

/** A stronger outline on the hovered region, drawn above its neighbours. */
export function MapHighlight({ area, stroke, strokeWidth, markerRadius }: MapHighlightProps) {
  if (!area) return null;
  const common = { className: 'map-highlight', fill: 'none', stroke, strokeWidth: roundPx(strokeWidth) };
  if (area.marker) {
    return (
      <circle
        {...common}
        cx={roundPx(area.marker.x)}
        cy={roundPx(area.marker.y)}
        r={roundPx(markerRadius)}
        pointerEvents="none"
      />
    );
  }
  return <path {...common} d={area.d} strokeLinejoin="round" pointerEvents="none" />;
}

export interface MapFocusProps {
  area: PlacedArea | null;
  /** The ring's colour (the theme's strongest against the map) and the halo's (the background) inside it. */
  ring: string;
  halo: string;
  /** The zoom: the ring keeps its screen width. */
  scale: number;
  markerRadius: number;
}

/**
 * The keyboard's focus on a region (the map's region walk, decision 214): a thick ring with a rim of the background
 * inside it, so it shows on the lightest and the darkest band alike (WCAG 2.4.7, 1.4.11); a dot gets a ring around it.
 */
export function MapFocus({ area, ring, halo, scale, markerRadius }: MapFocusProps) {
  if (!area) return null;
  const layers = [
    { stroke: ring, width: 4 / scale },
    { stroke: halo, width: 1.5 / scale },
  ];
  return (
    <g className="map-focus" fill="none" pointerEvents="none" data-key-focus={area.key}>
      {layers.map((l, i) =>
        area.marker ? (
          <circle
            key={i}
            cx={roundPx(area.marker.x)}
            cy={roundPx(area.marker.y)}
            r={roundPx(markerRadius + 3 / scale)}
            stroke={l.stroke}
            strokeWidth={roundPx(l.width)}
          />
        ) : (
          <path key={i} d={area.d} stroke={l.stroke} strokeWidth={roundPx(l.width)} strokeLinejoin="round" />
        ),
      )}
    </g>
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
