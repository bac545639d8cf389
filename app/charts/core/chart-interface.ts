// The one interface of the chart views (line, bar, horizontal bar, table; the map in part): the props they take and
// the state and frame they share, derived once here instead of in each view (decision 196).
import { useState } from 'react';
import { extent } from 'd3-array';
import type { DatasetData } from '#core/schemas/dataset';
import { safeSize, type ChartBox } from './chart-frame';
import { NO_DATA_MESSAGE, NO_MATCHING_SERIES_MESSAGE, type ChartErrorState } from './chart-messages';
import { buildChartTable, type ChartSelection, type ChartTable } from './chart-series';
import { flagIndex } from './chart-tooltip';
import { decimalsFor } from './number-format';
import { themeColors, type Theme, type ThemeColors } from './palette';
import { WIDGET_DEFAULT_HEIGHT } from './chart-size';
import { chartDomId } from './stable-id';

/** What every view's state builder is given besides the data: which part of it, and a title over the dataset's. */
export interface ChartStateInput extends ChartSelection {
  title?: string;
}

/** The props every view takes, the HTML table included. */
export interface ChartDataProps extends ChartStateInput {
  data: DatasetData;
  theme?: Theme;
}

/** The props every SVG view takes: the data, its size and id, and whether it answers the pointer and keyboard. */
export interface ChartProps extends ChartDataProps {
  width: number;
  height?: number;
  /** Overrides the id derived from the props (two identical charts on one page). */
  idPrefix?: string;
  /** Tooltips by mouse, touch and keyboard, and buttons that bring a series or place forward. */
  interactive?: boolean;
  /**
   * Not interactive, but walked by keyboard by the embed's script (decision 214): each point's words are written out
   * with the image.
   */
  keyWalk?: boolean;
  /** A series or place was brought forward (its key) or let go (null): the widget's Listen plays that series. */
  onHighlightChange?: (key: string | null) => void;
}

/** The chart's title: the caller's, else the dataset's name. */
export function chartTitle(data: DatasetData, title?: string): string {
  return title || data.dataset.dataset_name;
}

/** The selected series on the full timeline, with the title; or why there is nothing to draw. */
export type SelectedTable = { status: 'ok'; title: string; table: ChartTable } | ChartErrorState;

/**
 * The part of the data a view shows, on the full timeline: the specification's message when the asked-for series
 * are not in the data (`noMatch`) or nothing has a value (`noData`). The horizontal bar says its own message for both.
 */
export function selectTable(
  data: DatasetData,
  input: ChartStateInput,
  messages: { noData?: string; noMatch?: string } = {},
): SelectedTable {
  const { noData = NO_DATA_MESSAGE, noMatch = NO_MATCHING_SERIES_MESSAGE } = messages;
  const title = chartTitle(data, input.title);
  const ids = input.seriesIds ?? [];
  if (ids.length > 0 && !data.data.some((s) => ids.includes(s.id))) return { status: 'error', title, message: noMatch };
  const table = buildChartTable(data, input);
  if (table.series.length === 0 || table.periods.length === 0) return { status: 'error', title, message: noData };
  return { status: 'ok', title, table };
}

/** A view's state when there is something to draw; its error is the shared ChartErrorState. */
export interface ChartReadyState {
  status: 'ok';
  title: string;
}

/** The state of a view of one period of the timeline (horizontal bar, map). */
export interface PeriodState extends ChartReadyState {
  unit: string;
  period: string;
  periodIndex: number;
  /** All periods of the timeline, for the slider's labels. */
  periods: string[];
}

/** The extent of the drawn values, and the decimals they carry (HICP: 1). */
export interface ValueRange {
  min: number;
  max: number;
  decimals: number;
}

/** The state of a view of the periods from the slider's start (line, bar). */
export interface RangeState extends ChartReadyState, ValueRange {
  /** The shown periods and the series with a value in them. */
  table: ChartTable;
  /** Index of the first shown period in the full timeline, and the timeline's length. */
  startIndex: number;
  totalPeriods: number;
}

/** The value range of the drawn values; call with at least one value. */
export function valueRange(values: readonly number[]): ValueRange {
  const [min = 0, max = 0] = extent(values);
  return { min, max, decimals: decimalsFor(values) };
}

/**
 * The size and theme a view draws at: sane numbers whatever the caller passed, else the view's defaults (the widget's
 * size; the map is larger).
 */
export function chartBox(
  props: { width: number; height?: number; theme?: Theme },
  defaults: { width: number; height: number } = { width: 600, height: WIDGET_DEFAULT_HEIGHT },
): { width: number; height: number; theme: Theme } {
  return {
    width: safeSize(props.width, defaults.width),
    height: safeSize(props.height ?? defaults.height, defaults.height),
    theme: props.theme ?? 'light',
  };
}

/** What every SVG view derives from its props before drawing its own marks. */
export interface ChartInterface<S extends ChartReadyState> {
  /** Sane size and theme whatever the caller passed, and the element id derived from the props. */
  box: ChartBox;
  /** The view's state, or the message it shows instead. */
  state: S | ChartErrorState;
  colors: ThemeColors;
  interactive: boolean;
  /** The embed's keyboard walk of a chart that is not interactive (ChartProps.keyWalk). */
  keyWalk: boolean;
  /** The series or place brought forward, while the state still draws it; null for none. */
  highlight: string | null;
  setHighlight: (key: string | null) => void;
  /**
   * Observation flags by series key and period, for the tooltips and the description, which an image says as the page
   * does (decision 213).
   */
  flags: ReadonlyMap<string, string>;
}

export interface ChartInterfaceOptions<S extends ChartReadyState> {
  /** The view's name in its element ids ('line-chart'). */
  view: string;
  /** The slider's index as the view was given it (start of the range, or the one period), for the id. */
  sliderIndex: number | undefined;
  /** The view's state for its sane size. */
  build: (box: { width: number; height: number; theme: Theme }) => S | ChartErrorState;
  /** What a highlight can name in this state: a highlight of anything else is dropped. */
  highlightable: (state: S) => readonly { key: string }[];
}

/** The state and frame of an SVG view, derived the same way for every view. */
export function useChartInterface<S extends ChartReadyState>(
  props: ChartProps,
  options: ChartInterfaceOptions<S>,
): ChartInterface<S> {
  const [highlight, setHighlightState] = useState<string | null>(null);
  const setHighlight = (key: string | null) => {
    setHighlightState(key);
    props.onHighlightChange?.(key);
  };
  const sized = chartBox(props);
  const { width, height, theme } = sized;
  const state = options.build(sized);
  const id =
    props.idPrefix ??
    chartDomId(options.view, [
      props.data.dataset.id,
      props.seriesIds,
      props.countries,
      options.sliderIndex,
      width,
      height,
    ]);
  const drawn = state.status === 'ok' && options.highlightable(state).some((s) => s.key === highlight);
  const interactive = props.interactive ?? false;
  return {
    box: { id, width, height, theme },
    state,
    colors: themeColors(theme),
    interactive,
    keyWalk: !interactive && (props.keyWalk ?? false),
    highlight: drawn ? highlight : null,
    setHighlight,
    flags: flagIndex(props.data),
  };
}
