// Colours of the chart engine, hex only (the PNG rasteriser draws fractional hsl() as black).

export type Theme = 'light' | 'dark';

/** The specification's default series colour. */
export const DEFAULT_SERIES_COLOR = '#39B54A';
/** The specification's no-data colour. */
export const NO_DATA_COLOR = '#f1f5f9';

// Categorical palettes. Every line and bar keeps at least 3:1 contrast against its chart's background (WCAG 1.4.11,
// decision 214): in the light theme the green, orange and olive are a shade darker than the map's colours they come
// from (the default series colour #39B54A is 2.7:1 on white); the dark variants are lighter tints.
const LIGHT_SERIES = [
  '#34A744',
  '#1F6FB4',
  '#DA7A1C',
  '#C62828',
  '#7B4FB8',
  '#0F9BAE',
  '#D0559E',
  '#8C564B',
  '#96961F',
  '#5F6B7A',
] as const;
const DARK_SERIES = [
  '#39B54A',
  '#5AA5EA',
  '#F5A04A',
  '#EF6B6B',
  '#B08EE0',
  '#35C9DB',
  '#F09AD3',
  '#C9A08A',
  '#D4D53A',
  '#AEB7C2',
] as const;

/** The palette of series colours for a theme. */
export function seriesPalette(theme: Theme): readonly string[] {
  return theme === 'dark' ? DARK_SERIES : LIGHT_SERIES;
}

/** The colour of the n-th series; the palette repeats after ten series. */
export function seriesColor(index: number, theme: Theme = 'light'): string {
  const palette = seriesPalette(theme);
  const i = Number.isInteger(index) && index >= 0 ? index % palette.length : 0;
  return palette[i] ?? DEFAULT_SERIES_COLOR;
}

export interface ThemeColors {
  background: string;
  text: string;
  mutedText: string;
  grid: string;
  axis: string;
  zeroLine: string;
  /** Table header and alternate-row fills. */
  headerFill: string;
  stripeFill: string;
}

const THEMES: Record<Theme, ThemeColors> = {
  light: {
    background: '#ffffff',
    text: '#1f2937',
    mutedText: '#4b5563',
    grid: '#e5e7eb',
    axis: '#9ca3af',
    zeroLine: '#6b7280',
    headerFill: '#f3f4f6',
    stripeFill: '#f9fafb',
  },
  dark: {
    background: '#0f172a',
    text: '#e5e7eb',
    mutedText: '#cbd5e1',
    grid: '#334155',
    axis: '#64748b',
    zeroLine: '#94a3b8',
    headerFill: '#1e293b',
    stripeFill: '#162033',
  },
};

/** Text, grid and background colours for the theme the page detected from its `dark` class. */
export function themeColors(theme: Theme): ThemeColors {
  return THEMES[theme] ?? THEMES.light;
}

/** A system sans-serif stack; resvg and browsers both pick the first installed family. */
export const FONT_FAMILY =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Liberation Sans', 'DejaVu Sans', sans-serif";

export const FONT_SIZE = { tick: 11, legend: 12, label: 12, value: 11, message: 14 } as const;
