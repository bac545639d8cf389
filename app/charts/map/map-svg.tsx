// The map as one static SVG (outlines, labels, legend, caption, credit): the image of the map view, SSR and PNG export.
import { useMemo, type ReactNode } from 'react';
import { ChartFrame, ChartMessage, type ChartBox } from '../core/chart-frame';
import { chartBox } from '../core/chart-interface';
import type { ChartErrorState } from '../core/chart-messages';
import { MAP_HEIGHT_MD } from '../core/chart-size';
import { themeColors, type Theme } from '../core/palette';
import { scriptJson } from '../core/tooltip-layer';
import { roundPx } from '../core/pixels';
import { chartDomId } from '../core/stable-id';
import { CAPTION_FONT, layoutMap, placeLabels, type MapLayout } from './map-layout';
import { MapLegend } from './map-legend';
import { MapAreas, MapFocus, MapHighlight, MapLabels, MARKER_RADIUS_PX } from './map-marks';
import type { MapCountry, OutlineKind, Outlines } from './map-match';
import { buildMapState, describeMap, type MapChartSettings, type MapReadyState, type MapRow } from './map-state';
import { regionAnnouncement, STEPS, WALK_HELP, WALK_KEYS, walkIntro, walkOrder } from './map-walk';
import {
  DEFAULT_TRANSFORM,
  rescaleTransform,
  sanitizeTransform,
  transformAttribute,
  type MapTransform,
} from './map-zoom';

/** Everything that decides what the map image shows. */
export interface MapImageProps {
  /** Pixels kept free on the right for the interactive map's controls (narrow maps), so they cover no land. */
  controlsInset?: number;
  rows: readonly MapRow[];
  /** The dataset's geographies ({code, name}), to match the rows' names to outlines. */
  countries: readonly MapCountry[];
  /** GeoJSON outlines from the geo API: /api/geo/world or /api/geo/nuts/{level}. */
  outlines: Outlines;
  outlineKind: OutlineKind;
  /** -1 (default) is the last row; otherwise clamped. */
  periodIndex?: number;
  unit?: string;
  chartSettings?: MapChartSettings | null;
  customSeriesColors?: readonly string[];
  savedMapTransform?: MapTransform | null;
  savedMapReferenceWidth?: number | null;
  savedMapReferenceHeight?: number | null;
  width: number;
  height?: number;
  theme?: Theme;
  title?: string;
  idPrefix?: string;
  /** Observation flags by `${geography name}|${period}` (datasetToMapFlags), said with a region's value. */
  flags?: ReadonlyMap<string, string>;
  /** The embed: the image carries its regions' words for its script's keyboard walk (MapWalkLayer, decision 214). */
  keyWalk?: boolean;
}

interface MapModelBase extends ChartBox {
  /** The saved transform, rescaled to this size. */
  initialTransform: MapTransform;
}

/** A map ready to draw, or the specification's message. */
export type MapModel =
  | (MapModelBase & { state: MapReadyState; layout: MapLayout })
  | (MapModelBase & { state: ChartErrorState; layout: null });

/** State and layout of a map image; pure, so a component can memoise it. */
export function buildMapModel(props: MapImageProps): MapModel {
  const { width, height, theme } = chartBox(props, { width: 800, height: MAP_HEIGHT_MD });
  const state = buildMapState({ ...props, theme });
  const id =
    props.idPrefix ??
    chartDomId('map-chart', [props.title, props.outlineKind, props.rows.length, props.periodIndex, width, height]);
  const saved = sanitizeTransform(props.savedMapTransform ?? DEFAULT_TRANSFORM);
  const initialTransform = rescaleTransform(
    saved,
    props.savedMapReferenceWidth,
    props.savedMapReferenceHeight,
    width,
    height,
  );
  const base = { id, width, height, theme, initialTransform };
  if (state.status === 'error') return { ...base, state, layout: null };
  return {
    ...base,
    state,
    layout: layoutMap(state, props.outlines, props.outlineKind, width, height, props.controlsInset ?? 0),
  };
}

/** Border colours: thin slate lines that also outline no-data regions against the background. */
export function borderColors(theme: Theme): { border: string; highlight: string } {
  return theme === 'dark' ? { border: '#64748b', highlight: '#f8fafc' } : { border: '#94a3b8', highlight: '#0f172a' };
}

export interface MapSvgProps extends ChartBox {
  state: MapReadyState;
  layout: MapLayout;
  outlines: Outlines;
  transform: MapTransform;
  showValues: boolean;
  showBorders: boolean;
  hoveredKey?: string | null;
  /** The region the keyboard's walk is on (decision 214): a ring that shows on any fill. */
  focusedKey?: string | null;
  /** Regions that link to a page, by area key. */
  hrefs?: ReadonlyMap<string, string> | null;
}

export function MapSvg({
  id,
  width,
  height,
  theme,
  state,
  layout,
  outlines,
  transform,
  showValues,
  showBorders,
  hoveredKey,
  focusedKey,
  hrefs,
}: MapSvgProps) {
  const colors = themeColors(theme);
  const { border, highlight } = borderColors(theme);
  // Hovering re-renders the map; labels only move with the transform.
  const labels = useMemo(
    () => (showValues ? placeLabels(state, layout, outlines, transform, width, height) : []),
    [showValues, state, layout, outlines, transform, width, height],
  );
  const hovered = hoveredKey ? (layout.areas.find((a) => a.key === hoveredKey) ?? null) : null;
  const focused = focusedKey ? (layout.areas.find((a) => a.key === focusedKey) ?? null) : null;
  const zoomed = (
    <g className="map-zoom" transform={transformAttribute(transform)}>
      <MapAreas
        areas={layout.areas}
        stroke={showBorders ? border : null}
        strokeWidth={0.6 / transform.scale}
        markerRadius={MARKER_RADIUS_PX / transform.scale}
        hrefs={hrefs}
      />
      <MapHighlight
        area={hovered}
        stroke={highlight}
        strokeWidth={1.5 / transform.scale}
        markerRadius={MARKER_RADIUS_PX / transform.scale}
      />
      <MapFocus
        area={focused}
        ring={highlight}
        halo={colors.background}
        scale={transform.scale}
        markerRadius={MARKER_RADIUS_PX / transform.scale}
      />
    </g>
  );
  return (
    <ChartFrame
      id={id}
      width={width}
      height={height}
      theme={theme}
      title={state.title || 'Map'}
      description={describeMap(state)}
      interactive={!!hrefs && hrefs.size > 0}
    >
      {layout.landClip ? (
        <>
          <defs>
            <clipPath id={`${id}-land`}>
              <rect width={roundPx(layout.landClip.width)} height={roundPx(layout.landClip.height)} />
            </clipPath>
          </defs>
          <g clipPath={`url(#${id}-land)`}>{zoomed}</g>
        </>
      ) : (
        zoomed
      )}
      <MapLabels labels={labels} />
      <text
        className="map-caption"
        x={roundPx(layout.caption.x)}
        y={roundPx(layout.caption.y)}
        dy="0.35em"
        fontSize={CAPTION_FONT}
        fontWeight={600}
        fill={colors.text}
        stroke={colors.background}
        strokeWidth={3}
        strokeLinejoin="round"
        paintOrder="stroke"
      >
        {layout.caption.text}
      </text>
      <MapLegend layout={layout.legend} colors={colors} swatchStroke={border} />
      <text
        className="map-credit"
        x={roundPx(layout.credit.x)}
        y={roundPx(layout.credit.y)}
        textAnchor="end"
        fontSize={layout.credit.fontSize}
        fill={colors.mutedText}
        stroke={colors.background}
        strokeWidth={3}
        strokeLinejoin="round"
        paintOrder="stroke"
      >
        {layout.credit.text}
      </text>
    </ChartFrame>
  );
}

/** The specification's message where a map has nothing to draw. */
export function MapMessage({ model }: { model: MapModel & { layout: null } }) {
  const { id, width, height, theme, state } = model;
  return (
    <ChartMessage
      id={id}
      width={width}
      height={height}
      theme={theme}
      title={state.title || 'Map'}
      message={state.message}
    />
  );
}

/** The map as a static image at its saved transform: for server rendering, embeds and PNG export. */
export function MapImage(props: MapImageProps) {
  const model = buildMapModel(props);
  const { id, width, height, theme } = model;
  if (model.layout === null) return <MapMessage model={model} />;
  const svg = (
    <MapSvg
      id={id}
      width={width}
      height={height}
      theme={theme}
      state={model.state}
      layout={model.layout}
      outlines={props.outlines}
      transform={model.initialTransform}
      showValues={props.chartSettings?.showValues ?? false}
      showBorders={props.chartSettings?.showBorders ?? true}
    />
  );
  return props.keyWalk ? (
    <MapWalkLayer state={model.state} theme={theme}>
      {svg}
    </MapWalkLayer>
  ) : (
    svg
  );
}

/** What the embed's script walks (`data-map-walk`): the keys' steps, the intro, and each region in the walk's order. */
export interface MapWalkData {
  steps: typeof STEPS;
  intro: string;
  /** [key, name, what is said], A to Z. */
  regions: [string, string, string][];
}

/**
 * The map image in the embed (decision 214), which ships no React: focusable as the page's map is, with its name,
 * role and walk, the regions' order and words written out by the same functions (map-walk.ts) for the embed's script
 * (embed-runtime.ts), which steps by `regionStep` as the page's walk does, draws the ring and says each region.
 */
function MapWalkLayer({ state, theme, children }: { state: MapReadyState; theme: Theme; children: ReactNode }) {
  const order = walkOrder(state.areas);
  const walk: MapWalkData = {
    steps: STEPS,
    intro: walkIntro(order),
    regions: order.map((a) => [a.key, a.name, regionAnnouncement(a, { ...state, order })]),
  };
  const { highlight } = borderColors(theme);
  return (
    <div
      className="map-chart"
      tabIndex={order.length > 0 ? 0 : undefined}
      role="application"
      aria-roledescription="map"
      aria-label={`${state.title || 'Map'}: ${state.period}. ${WALK_HELP}`}
      aria-keyshortcuts={`${WALK_KEYS.join(' ')} Enter Escape`}
      data-walk-map
      // The walked region's ring (app.css), in the colours of the page's (MapFocus).
      style={{
        position: 'relative',
        maxWidth: '100%',
        ['--ring' as string]: highlight,
        ['--halo' as string]: themeColors(theme).background,
      }}
    >
      {children}
      <script type="application/json" data-map-walk dangerouslySetInnerHTML={{ __html: scriptJson(walk) }} />
      <div className="sr-only" aria-live="polite" data-map-said />
    </div>
  );
}
