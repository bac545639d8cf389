// Interactive choropleth map: the map image with pan and zoom, hover tooltip, controls and colour popup.
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { themeColors } from '../core/palette';
import { MapColorPopup, MapControls, MapTooltip } from './map-controls';
import { tooltipContent } from './map-labels';
import { mapSeriesColor, resolveMapPeriodIndex, type MapArea, type MapChartSettings } from './map-state';
import { buildMapModel, MapMessage, MapSvg, type MapImageProps } from './map-svg';
import { useSyncedState } from './use-synced-state';
import { regionAnnouncement, STEPS, WALK_HELP, WALK_KEYS, walkIntro, walkOrder, walkStep } from './map-walk';
import {
  buttonZoom,
  DEFAULT_TRANSFORM,
  panBy,
  rescaleTransform,
  sanitizeTransform,
  wheelZoom,
  type MapTransform,
} from './map-zoom';

export interface MapChartProps extends MapImageProps {
  /** Hides the controls and turns off pan and zoom (embeds, exports); the tooltip stays. */
  readonly?: boolean;
  /** update:period-index — PageUp/PageDown on the focused map step through the periods. */
  onPeriodIndexChange?: (periodIndex: number) => void;
  /** update:map-transform — after a drag, a wheel step, a button or a key; with the size it was made at. */
  onMapTransformChange?: (transform: MapTransform, reference: { width: number; height: number }) => void;
  /** update:chart-settings — values, borders, colour or the custom colours changed. */
  onChartSettingsChange?: (settings: MapChartSettings) => void;
  /** A regional (NUTS) map's page of a region, by code: its areas become links (a click or Enter opens them). */
  regionHref?: (code: string) => string | null;
}

/** Where the tooltip shows which region; its text is read from the region at each render (a new period changes it). */
interface Tooltip {
  x: number;
  y: number;
  key: string;
}

/** The region walk (decision 214): the region the keyboard is on, and whether it is the walk's first (said with an intro). */
interface Walk {
  key: string;
  intro: boolean;
}

const KEY_PAN = 40;

/** The map's keys, in its name (aria-label): pan and zoom, the period, and the region walk (decision 214). */
export const MAP_KEYS_HELP = `Arrow keys pan, + and - zoom, 0 resets, Page Up and Page Down change the period. ${WALK_HELP}`;
/** A regional map whose regions link to their pages adds this. */
export const MAP_LINKS_HELP = 'Tab reaches the region links: arrow keys move between them, Enter opens one.';
const NO_COLORS: readonly string[] = [];

export function MapChart(props: MapChartProps) {
  const { readonly = false, onMapTransformChange, onChartSettingsChange, onPeriodIndexChange } = props;
  const settings = props.chartSettings ?? {};
  const [showValues, setShowValues] = useSyncedState(settings.showValues ?? false, String(settings.showValues));
  const [showBorders, setShowBorders] = useSyncedState(settings.showBorders ?? true, String(settings.showBorders));
  // The list the map last reported (kept by its host with the other settings) is newer than the saved one.
  const propCustom = settings.customSeriesColors ?? props.customSeriesColors ?? NO_COLORS;
  const [customColors, setCustomColors] = useSyncedState<readonly string[]>(propCustom, propCustom.join());
  const propColor = mapSeriesColor(settings, propCustom);
  const [seriesColor, setSeriesColor] = useSyncedState(propColor, propColor);
  const { rows, countries, outlines, outlineKind, periodIndex, unit, width, height, theme, title, idPrefix } = props;
  const { customSeriesColors, savedMapTransform, savedMapReferenceWidth, savedMapReferenceHeight, flags } = props;
  // The saved transform stays out of the model: a zoom step must not lay the map out again.
  const model = useMemo(
    () =>
      buildMapModel({
        rows,
        countries,
        outlines,
        outlineKind,
        periodIndex,
        unit,
        chartSettings: { seriesColor },
        customSeriesColors,
        width,
        height,
        theme,
        title,
        idPrefix,
        flags,
        // On a phone the control column (36 px and its margin) would sit on the land: the map keeps clear of it.
        controlsInset: !props.readonly && width < 500 ? 44 : 0,
      }),
    [
      props.readonly,
      rows,
      countries,
      outlines,
      outlineKind,
      periodIndex,
      unit,
      seriesColor,
      customSeriesColors,
      width,
      height,
      theme,
      title,
      idPrefix,
      flags,
    ],
  );
  // The transform is kept with the size it was made at, so a resize rescales it instead of losing it.
  const saved = sanitizeTransform(savedMapTransform ?? DEFAULT_TRANSFORM);
  const [local, setLocal] = useSyncedState(
    { t: saved, w: savedMapReferenceWidth ?? model.width, h: savedMapReferenceHeight ?? model.height },
    `${saved.x},${saved.y},${saved.scale},${savedMapReferenceWidth},${savedMapReferenceHeight}`,
  );
  const transform = useMemo(
    () => rescaleTransform(local.t, local.w, local.h, model.width, model.height),
    [local, model.width, model.height],
  );
  const [tooltip, setTooltip] = useState<Tooltip | null>(null);
  const [walk, setWalk] = useState<Walk | null>(null);
  const [popupOpen, setPopupOpen] = useState(false);
  const [dragging, setDragging] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const drag = useRef<{ id: number; x: number; y: number; origin: MapTransform; moved: boolean } | null>(null);
  // A drag that ends on a region is a pan, not a click on its link.
  const dragged = useRef(false);
  const current = useRef(transform);
  useEffect(() => {
    current.current = transform;
  }, [transform]);

  const size = useMemo(() => ({ width: model.width, height: model.height }), [model.width, model.height]);
  const apply = useCallback(
    (next: MapTransform, emit: boolean) => {
      current.current = next;
      setLocal({ t: next, w: size.width, h: size.height });
      if (emit) onMapTransformChange?.(next, size);
    },
    [onMapTransformChange, size, setLocal],
  );
  const applyRef = useRef(apply);
  useEffect(() => {
    applyRef.current = apply;
  }, [apply]);

  // Wheel zoom needs a non-passive listener so the page does not scroll under the map.
  const drawn = model.layout !== null;
  useEffect(() => {
    const el = container.current;
    if (!el || readonly || !drawn) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const rect = el.getBoundingClientRect();
      // Without pointer coordinates (synthetic events), zoom about the centre like the buttons.
      const x = Number.isFinite(e.clientX) ? e.clientX - rect.left : rect.width / 2;
      const y = Number.isFinite(e.clientY) ? e.clientY - rect.top : rect.height / 2;
      applyRef.current(wheelZoom(current.current, e.deltaY, x, y), true);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [readonly, drawn]);

  const { id } = model;
  const colors = themeColors(model.theme);
  const areasByKey = useMemo(() => new Map((model.layout?.areas ?? []).map((a) => [a.key, a])), [model.layout]);
  const order = useMemo(() => (model.state.status === 'ok' ? walkOrder(model.state.areas) : []), [model.state]);
  const { regionHref } = props;
  const hrefs = useMemo(() => {
    if (!regionHref || outlineKind !== 'nuts' || model.state.status !== 'ok') return null;
    const links = new Map<string, string>();
    for (const a of model.state.areas) {
      const href = a.code ? regionHref(a.code) : null;
      if (href) links.set(a.key, href);
    }
    return links;
  }, [regionHref, outlineKind, model.state]);
  if (model.layout === null) return <MapMessage model={model} />;
  const { state, layout } = model;

  // The custom colours go along once there are any: a map without them saves nothing for them.
  const emitSettings = (next: MapChartSettings, custom: readonly string[] = customColors) =>
    onChartSettingsChange?.({
      ...props.chartSettings,
      showValues,
      showBorders,
      seriesColor,
      ...(custom.length > 0 ? { customSeriesColors: [...custom] } : {}),
      ...next,
    });
  const point = (e: { clientX: number; clientY: number }) => {
    const rect = container.current?.getBoundingClientRect();
    return { x: e.clientX - (rect?.left ?? 0), y: e.clientY - (rect?.top ?? 0) };
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    dragged.current = false;
    if (readonly || e.button !== 0 || (e.target as Element).closest?.('button, [role="dialog"]')) return;
    drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY, origin: transform, moved: false };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (d && d.id === e.pointerId) {
      const dx = e.clientX - d.x;
      const dy = e.clientY - d.y;
      if (!d.moved && Math.hypot(dx, dy) < 3) return;
      // Captured once it is a drag: a plain click must still reach the region's link under the pointer.
      if (!d.moved) {
        setDragging(true);
        e.currentTarget.setPointerCapture?.(e.pointerId);
      }
      d.moved = true;
      dragged.current = true;
      setTooltip(null);
      apply(panBy(d.origin, dx, dy), false);
      return;
    }
    const key = (e.target as Element).closest?.('[data-key]')?.getAttribute('data-key');
    const area = key ? areasByKey.get(key) : undefined;
    if (!key || !area) {
      if (tooltip) setTooltip(null);
      return;
    }
    const { x, y } = point(e);
    setTooltip({ x, y, key });
  };
  const endDrag = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    drag.current = null;
    setDragging(false);
    if (d.moved) apply(current.current, true);
  };
  /**
   * Walks to a region: its focus ring and tooltip, panned into view when the zoom left it outside (WCAG 2.4.11), and
   * said in the live region.
   */
  const walkTo = (area: MapArea, intro: boolean) => {
    setWalk({ key: area.key, intro });
    const box = container.current;
    const shapes = [...(box?.querySelectorAll('[data-key]') ?? [])].filter(
      (el) => el.getAttribute('data-key') === area.key,
    );
    // A small country's dot, else its outline.
    const shape = shapes.find((el) => el.tagName.toLowerCase() === 'circle') ?? shapes[0];
    if (!box || !shape) return setTooltip(null);
    const at = shape.getBoundingClientRect();
    const origin = box.getBoundingClientRect();
    let x = at.left + at.width / 2 - origin.left;
    let y = at.top + at.height / 2 - origin.top;
    if (x < 0 || x > model.width || y < 0 || y > model.height) {
      apply(panBy(transform, model.width / 2 - x, model.height / 2 - y), true);
      [x, y] = [model.width / 2, model.height / 2];
    }
    setTooltip({ x, y, key: area.key });
  };
  const endWalk = () => {
    setWalk(null);
    setTooltip(null);
  };
  /** The map's own keys, in a walk or not: pan (not in a walk: the arrows walk), zoom, reset and period. */
  const mapKeys = (e: KeyboardEvent<HTMLDivElement>) => {
    const pan: Record<string, [number, number]> = {
      ArrowLeft: [KEY_PAN, 0],
      ArrowRight: [-KEY_PAN, 0],
      ArrowUp: [0, KEY_PAN],
      ArrowDown: [0, -KEY_PAN],
    };
    const step = walk ? undefined : pan[e.key];
    if (step && !readonly) apply(panBy(transform, step[0], step[1]), true);
    else if ((e.key === '+' || e.key === '=') && !readonly)
      apply(buttonZoom(transform, 'in', model.width, model.height), true);
    else if (e.key === '-' && !readonly) apply(buttonZoom(transform, 'out', model.width, model.height), true);
    else if (e.key === '0' && !readonly) apply(DEFAULT_TRANSFORM, true);
    else if (e.key === 'PageUp' || e.key === 'PageDown') {
      const last = state.periods.length - 1;
      const next = resolveMapPeriodIndex(state.periodIndex + (e.key === 'PageUp' ? -1 : 1), last + 1);
      if (next !== state.periodIndex) onPeriodIndexChange?.(next);
    } else return;
    e.preventDefault();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target instanceof Element && e.target.matches('a.map-area-link')) {
      if (moveBetweenRegions(e.currentTarget, e.target, e.key)) e.preventDefault();
      return;
    }
    if (e.target !== e.currentTarget) return;
    if (walk) {
      const from = state.areas.find((a) => a.key === walk.key) ?? null;
      if (e.key === 'Escape') endWalk();
      else if (e.key === 'Enter') {
        // A region that links to its page opens it, as Enter on its link does.
        const link = [...e.currentTarget.querySelectorAll('a.map-area-link')].find(
          (a) => a.querySelector('[data-key]')?.getAttribute('data-key') === walk.key,
        );
        if (!link) return;
        link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      } else {
        const to = walkStep(order, from, e.key);
        if (to === undefined) return mapKeys(e);
        if (to) walkTo(to, false);
      }
      e.preventDefault();
      return;
    }
    if (e.key === 'Enter') {
      const first = walkStep(order, null, 'Home');
      if (first) walkTo(first, true);
      e.preventDefault();
      return;
    }
    mapKeys(e);
  };
  const tipArea = tooltip ? areasByKey.get(tooltip.key) : undefined;
  const walked = walk ? state.areas.find((a) => a.key === walk.key) : undefined;
  const said = walked ? `${walk?.intro ? walkIntro(order) : ''}${regionAnnouncement(walked, { ...state, order })}` : '';
  const linked = hrefs && hrefs.size > 0;

  return (
    <div
      ref={container}
      className="map-chart"
      data-theme={model.theme}
      tabIndex={0}
      // An application: a screen reader in browse mode hands the map its keys once it has focus.
      role="application"
      aria-roledescription="map"
      aria-label={`${state.title || 'Map'}: ${state.period}. ${MAP_KEYS_HELP}${linked ? ` ${MAP_LINKS_HELP}` : ''}`}
      aria-keyshortcuts={`${WALK_KEYS.join(' ')} Enter Escape + - 0 PageUp PageDown`}
      style={{
        position: 'relative',
        width: model.width,
        height: model.height,
        overflow: 'hidden',
        touchAction: readonly ? 'auto' : 'none',
        userSelect: 'none',
        cursor: readonly ? 'default' : dragging ? 'grabbing' : 'grab',
      }}
      onClickCapture={(e) => {
        if (dragged.current) e.preventDefault();
        dragged.current = false;
      }}
      onFocus={(e) => {
        // A region link reached with Tab or the arrow keys shows its name and value, as the pointer would, and is said
        // as a walked region is.
        if (!(e.target instanceof Element) || !e.target.matches('a.map-area-link')) return;
        const key = e.target.querySelector('[data-key]')?.getAttribute('data-key');
        const area = key ? state.areas.find((a) => a.key === key) : undefined;
        if (!key || !area) return;
        const box = e.target.getBoundingClientRect();
        const x = box.left + box.width / 2 - (container.current?.getBoundingClientRect().left ?? 0);
        const y = box.top + box.height / 2 - (container.current?.getBoundingClientRect().top ?? 0);
        setWalk({ key, intro: false });
        setTooltip({ x, y, key });
      }}
      onBlur={(e) => {
        setTooltip(null);
        // Leaving the map, or going back from a region link to the map itself, ends the walk: the arrows pan again.
        if (!e.currentTarget.contains(e.relatedTarget as Node | null) || e.relatedTarget === e.currentTarget)
          setWalk(null);
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onPointerLeave={() => setTooltip(null)}
      onKeyDown={onKeyDown}
    >
      <MapSvg
        id={id}
        width={model.width}
        height={model.height}
        theme={model.theme}
        state={state}
        layout={layout}
        outlines={outlines}
        transform={transform}
        showValues={showValues}
        showBorders={showBorders}
        hoveredKey={tooltip?.key ?? null}
        focusedKey={walk?.key ?? null}
        hrefs={hrefs}
      />
      {tooltip && tipArea ? (
        <MapTooltip
          content={tooltipContent(tipArea.name, tipArea.value, state.decimals, state.unit)}
          x={tooltip.x}
          y={tooltip.y}
          width={model.width}
          height={model.height}
          colors={colors}
        />
      ) : null}
      {readonly ? null : (
        <MapControls
          colors={colors}
          showValues={showValues}
          showBorders={showBorders}
          seriesColor={seriesColor}
          colorPopupOpen={popupOpen}
          onZoomIn={() => apply(buttonZoom(transform, 'in', model.width, model.height), true)}
          onZoomOut={() => apply(buttonZoom(transform, 'out', model.width, model.height), true)}
          onReset={() => apply(DEFAULT_TRANSFORM, true)}
          onToggleValues={() => {
            setShowValues(!showValues);
            emitSettings({ showValues: !showValues });
          }}
          onToggleBorders={() => {
            setShowBorders(!showBorders);
            emitSettings({ showBorders: !showBorders });
          }}
          onOpenColors={() => setPopupOpen(true)}
        />
      )}
      <div className="sr-only" aria-live="polite" data-map-said>
        {said}
      </div>
      {popupOpen && !readonly ? (
        <MapColorPopup
          colors={colors}
          current={seriesColor}
          customColors={customColors}
          onClose={() => setPopupOpen(false)}
          onPick={(color, custom) => {
            setPopupOpen(false);
            setSeriesColor(color);
            setCustomColors(custom);
            emitSettings({ seriesColor: color }, custom);
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * Moves the focus from one region link to another (a roving tabindex: the focused link is the regions' one stop in the
 * Tab order). Returns whether the key was one of the steps.
 */
function moveBetweenRegions(map: Element, from: Element, key: string): boolean {
  const step = STEPS[key];
  if (!step) return false;
  const links = [...map.querySelectorAll<SVGAElement>('a.map-area-link')];
  const at = links.indexOf(from as SVGAElement);
  const index = { next: at + 1, previous: at - 1, first: 0, last: links.length - 1 }[step];
  const to = links[Math.max(0, Math.min(links.length - 1, index))];
  if (!to || to === from) return true;
  for (const link of links) link.setAttribute('tabindex', link === to ? '0' : '-1');
  to.focus();
  return true;
}
