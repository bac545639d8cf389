// Map overlays in HTML: the control buttons, the hover tooltip and the centred colour popup.
import { useEffect, useRef, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { DEFAULT_SERIES_COLOR, FONT_FAMILY, type ThemeColors } from '../core/palette';
import type { MapTooltipContent } from './map-labels';
import { tooltipBox } from '../core/tooltip-layer';

/**
 * The popup's six swatch colours, the default series colour first. The bands are shaded from them (lighter and darker),
 * so they are the map's own and not the lines' palette, whose light colours are darkened to 3:1 (decision 214).
 */
export const MAP_SWATCHES: readonly string[] = [
  DEFAULT_SERIES_COLOR,
  '#1F6FB4',
  '#E8821E',
  '#C62828',
  '#7B4FB8',
  '#0F9BAE',
];

/** The user's own colours the popup keeps and shows, below the six swatches. */
export const MAX_CUSTOM_COLORS = 6;

const sameColor = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The custom colours with `color` first, each once and at most six; a colour of the six swatches is offered already. */
export function addCustomColor(list: readonly string[], color: string): string[] {
  if (MAP_SWATCHES.some((s) => sameColor(s, color))) return [...list];
  return [color, ...list.filter((c) => !sameColor(c, color))].slice(0, MAX_CUSTOM_COLORS);
}

const ICON = { width: 16, height: 16, viewBox: '0 0 16 16', fill: 'none', stroke: 'currentColor', strokeWidth: 1.6 };

function buttonStyle(colors: ThemeColors, pressed?: boolean): CSSProperties {
  return {
    width: 30,
    height: 30,
    display: 'grid',
    placeItems: 'center',
    padding: 0,
    borderRadius: 6,
    border: `1px solid ${colors.grid}`,
    background: pressed ? colors.headerFill : colors.background,
    color: colors.text,
    cursor: 'pointer',
    boxShadow: '0 1px 2px #0000001a',
  };
}

interface ControlButtonProps {
  label: string;
  colors: ThemeColors;
  onClick: () => void;
  pressed?: boolean;
  children: ReactNode;
  extra?: Record<string, string | boolean>;
}

function ControlButton({ label, colors, onClick, pressed, children, extra }: ControlButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onClick={onClick}
      style={buttonStyle(colors, pressed)}
      {...extra}
    >
      {children}
    </button>
  );
}

export interface MapControlsProps {
  colors: ThemeColors;
  showValues: boolean;
  showBorders: boolean;
  seriesColor: string;
  colorPopupOpen: boolean;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onReset: () => void;
  onToggleValues: () => void;
  onToggleBorders: () => void;
  onOpenColors: () => void;
}

/** Zoom in, zoom out, reset view, toggle values, toggle borders and the colour popup, top-right. */
export function MapControls(p: MapControlsProps) {
  return (
    <div
      className="map-controls"
      role="toolbar"
      aria-label="Map controls"
      aria-orientation="vertical"
      style={{ position: 'absolute', top: 8, right: 8, display: 'flex', flexDirection: 'column', gap: 4 }}
    >
      <ControlButton label="Zoom in" colors={p.colors} onClick={p.onZoomIn}>
        <svg {...ICON} aria-hidden="true">
          <path d="M8 3v10M3 8h10" />
        </svg>
      </ControlButton>
      <ControlButton label="Zoom out" colors={p.colors} onClick={p.onZoomOut}>
        <svg {...ICON} aria-hidden="true">
          <path d="M3 8h10" />
        </svg>
      </ControlButton>
      <ControlButton label="Reset view" colors={p.colors} onClick={p.onReset}>
        <svg {...ICON} aria-hidden="true">
          <path d="M3.5 8a4.5 4.5 0 1 0 1.3-3.2M3.5 3v2.5H6" />
        </svg>
      </ControlButton>
      <ControlButton label="Toggle values" colors={p.colors} onClick={p.onToggleValues} pressed={p.showValues}>
        <svg {...ICON} aria-hidden="true">
          <path d="M4 4v8M7 5.5 9 4v8M11.5 4h2l-2 8" />
        </svg>
      </ControlButton>
      <ControlButton label="Toggle borders" colors={p.colors} onClick={p.onToggleBorders} pressed={p.showBorders}>
        <svg {...ICON} aria-hidden="true">
          <path d="M2.5 2.5h11v11h-11zM8 2.5v11M2.5 8h11" />
        </svg>
      </ControlButton>
      <ControlButton
        label="Map colour"
        colors={p.colors}
        onClick={p.onOpenColors}
        extra={{ 'aria-haspopup': 'dialog', 'aria-expanded': p.colorPopupOpen }}
      >
        <span style={{ width: 14, height: 14, borderRadius: 3, background: p.seriesColor, display: 'block' }} />
      </ControlButton>
    </div>
  );
}

export interface MapColorPopupProps {
  colors: ThemeColors;
  current: string;
  /** The user's own colours, newest first. */
  customColors: readonly string[];
  /** A swatch or the custom colour input: the colour, and the custom colours with it (unchanged for a swatch). */
  onPick: (color: string, customColors: string[]) => void;
  onClose: () => void;
}

interface SwatchProps {
  color: string;
  selected: boolean;
  colors: ThemeColors;
  onPick: () => void;
  focusRef?: RefObject<HTMLButtonElement | null>;
}

function Swatch({ color, selected, colors, onPick, focusRef }: SwatchProps) {
  return (
    <button
      ref={focusRef}
      type="button"
      aria-label={`Colour ${color}`}
      aria-pressed={selected}
      onClick={onPick}
      style={{
        width: 28,
        height: 28,
        borderRadius: 6,
        background: color,
        cursor: 'pointer',
        border: selected ? `2px solid ${colors.text}` : `1px solid ${colors.grid}`,
      }}
    />
  );
}

/**
 * A centred popup with a six-column grid of swatches, the user's own colours below them and a native colour input
 * that adds one; Escape or a click beside it closes it.
 */
export function MapColorPopup({ colors, current, customColors, onPick, onClose }: MapColorPopupProps) {
  const first = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  // The native `change` (React's onChange is `input`): the browser's picker reports every step of a drag with `input`,
  // and picking closes the popup, so only the colour the user settles on counts.
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    const settle = () => onPick(el.value, addCustomColor(customColors, el.value));
    el.addEventListener('change', settle);
    return () => el.removeEventListener('change', settle);
  }, [customColors, onPick]);
  const swatch = (c: string, key: string, focusRef?: RefObject<HTMLButtonElement | null>) => (
    <Swatch
      key={key}
      color={c}
      selected={sameColor(c, current)}
      colors={colors}
      onPick={() => onPick(c, [...customColors])}
      focusRef={focusRef}
    />
  );
  return (
    <div
      className="map-color-backdrop"
      style={{ position: 'absolute', inset: 0 }}
      onClick={onClose}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <div
        role="dialog"
        aria-label="Map colour"
        onClick={(e) => e.stopPropagation()}
        style={{
          position: 'absolute',
          left: '50%',
          top: '50%',
          transform: 'translate(-50%, -50%)',
          padding: 12,
          borderRadius: 8,
          border: `1px solid ${colors.grid}`,
          background: colors.background,
          boxShadow: '0 8px 24px #00000033',
          fontFamily: FONT_FAMILY,
        }}
      >
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(6, 28px)', gap: 8 }}>
          {MAP_SWATCHES.map((c, i) => swatch(c, c, i === 0 ? first : undefined))}
          {customColors.slice(0, MAX_CUSTOM_COLORS).map((c) => swatch(c, `custom ${c}`))}
        </div>
        <label
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            marginTop: 10,
            color: colors.text,
            fontSize: 13,
            cursor: 'pointer',
          }}
        >
          <input
            ref={input}
            type="color"
            defaultValue={current.toLowerCase()}
            style={{
              width: 28,
              height: 28,
              padding: 2,
              borderRadius: 6,
              border: `1px solid ${colors.grid}`,
              background: colors.background,
              cursor: 'pointer',
            }}
          />
          Custom colour
        </label>
      </div>
    </div>
  );
}

export interface MapTooltipProps {
  content: MapTooltipContent;
  x: number;
  y: number;
  width: number;
  height: number;
  colors: ThemeColors;
}

/** The hover tooltip near the pointer, flipped left or up near the right or bottom edge. */
export function MapTooltip({ content, x, y, width, height, colors }: MapTooltipProps) {
  const flipX = x > width * 0.6;
  const flipY = y > height * 0.7;
  return (
    <div
      className="map-tooltip"
      role="tooltip"
      style={{
        position: 'absolute',
        left: flipX ? x - 12 : x + 12,
        top: flipY ? y - 12 : y + 12,
        transform: `translate(${flipX ? '-100%' : '0'}, ${flipY ? '-100%' : '0'})`,
        ...tooltipBox(colors),
        whiteSpace: 'nowrap',
        maxWidth: 280,
      }}
    >
      <div style={{ fontWeight: 600 }}>{content.name}</div>
      <div style={{ color: content.hasData ? colors.text : colors.mutedText }}>{content.value}</div>
    </div>
  );
}
