// One view of the widget (line, bar, horizontal bar, map, table) for a slider position: interactive or as an image.
import { useMemo, type ReactNode } from 'react';
import type { DatasetData } from '#core/schemas/dataset';
import { regionStatisticsPath } from '#core/geo/region-path';
import { BarChart } from '../bar/bar-chart';
import { buildBarState, describeBar } from '../bar/bar-state';
import { ChartMessage } from '../core/chart-frame';
import { chartTitle, type ChartProps } from '../core/chart-interface';
import type { Theme } from '../core/palette';
import { flagIndex } from '../core/chart-tooltip';
import type { ChartType } from '../core/slider';
import { TableImage } from '../export/table-image';
import { HBarChart } from '../hbar/hbar-chart';
import { buildHbarState, describeHbar } from '../hbar/hbar-state';
import { LineChart } from '../line/line-chart';
import { buildLineState, describeLine } from '../line/line-state';
import { MapChart } from '../map/map-chart';
import type { OutlineKind, Outlines } from '../map/map-match';
import { tooltipContent } from '../map/map-labels';
import {
  buildMapState,
  datasetToMapFlags,
  datasetToMapRows,
  describeMap,
  rowValues,
  type MapChartSettings,
  type MapRow,
} from '../map/map-state';
import type { MapTransform } from '../map/map-zoom';
import { decimalsFor } from '../core/number-format';
import { MapImage } from '../map/map-svg';
import { scriptJson } from '../core/tooltip-layer';
import { TableChart } from '../table/table-chart';
import { buildTableState, describeTable, type TableSort } from '../table/table-state';

/** Outlines for the map view, as the geo API serves them. */
export interface LoadedOutlines {
  kind: OutlineKind;
  outlines: Outlines;
  /** The geo API path they came from (/api/geo/world, /api/geo/nuts/2). */
  path: string;
}

export interface ChartViewProps {
  data: DatasetData;
  type: ChartType;
  /** Index into the widget's timeline (widgetTimeline). */
  sliderIndex: number;
  /** Line and bar: the slider's end thumb, the last period shown (-1 or absent: the latest; decision 199). */
  endIndex?: number;
  width: number;
  height: number;
  theme: Theme;
  title?: string;
  hideLegend?: boolean;
  countries?: readonly string[];
  /** Needed by the map; without them the map says it is loading its outlines. */
  outlines?: LoadedOutlines | null;
  /** 'image': static SVG only (SSR without scripts, PNG export); 'interactive': table sorting, map pan and zoom. */
  mode: 'image' | 'interactive';
  readonly?: boolean;
  /** The table's sort: its image lists the rows in that order; `onTableSortChange` hears the visitor's sorts. */
  tableSort?: TableSort | null;
  onTableSortChange?: (sort: TableSort) => void;
  /** The embed: its table view is a real <table> (readable, copyable, for screen readers) even as an image. */
  htmlTable?: boolean;
  /** The embed: its images and table carry their points', regions' and cells' words for its script's walk (decision 214). */
  keyWalk?: boolean;
  idPrefix?: string;
  /** A line or bar chart's series brought forward (its key) or let go (null). */
  onHighlightChange?: (key: string | null) => void;
  /** The map's own period keys (Page Up / Page Down) move the slider. */
  onSliderIndexChange?: (index: number) => void;
  /** The map settings kept (a followed chart's saved view) and the map's reports of their changes. */
  chartSettings?: MapChartSettings | null;
  customSeriesColors?: readonly string[];
  savedMapTransform?: MapTransform | null;
  savedMapReferenceWidth?: number;
  savedMapReferenceHeight?: number;
  onMapTransformChange?: (transform: MapTransform, reference: { width: number; height: number }) => void;
  onChartSettingsChange?: (settings: MapChartSettings) => void;
}

export const LOADING_OUTLINES_MESSAGE = 'Loading map outlines\u2026';

/** The map's row for a timeline period: map rows hold only the periods with data. */
export function mapRowIndex(rows: readonly MapRow[], periods: readonly string[], sliderIndex: number): number {
  const period = periods[sliderIndex];
  const i = rows.findIndex((r) => r.name === period);
  return i < 0 ? -1 : i;
}

/** Tooltip texts of a map period by region name, for the embed page's script ('2.1 %'). */
export function mapValueTexts(row: MapRow | undefined, unit: string): Record<string, string> {
  if (!row) return {};
  const values = rowValues(row);
  const decimals = decimalsFor(values.values());
  return Object.fromEntries([...values].map(([name, v]) => [name, tooltipContent(name, v, decimals, unit).value]));
}

interface MapViewProps extends ChartViewProps {
  periods: readonly string[];
}

function MapView(props: MapViewProps) {
  const { data, periods, sliderIndex, outlines, onSliderIndexChange } = props;
  const rows = useMemo(() => datasetToMapRows(data), [data]);
  const flags = useMemo(() => datasetToMapFlags(data), [data]);
  const countries = data.dataset.available_countries;
  const unit = String(rows[0]?.unit ?? data.dataset.unit);
  const { width, height, theme, idPrefix } = props;
  const title = chartTitle(data, props.title);
  if (!outlines) {
    return (
      <ChartMessage
        id={`${idPrefix ?? 'map'}-loading`}
        width={width}
        height={height}
        theme={theme}
        title={title}
        message={LOADING_OUTLINES_MESSAGE}
      />
    );
  }
  const common = {
    rows,
    countries,
    outlines: outlines.outlines,
    outlineKind: outlines.kind,
    periodIndex: mapRowIndex(rows, periods, sliderIndex),
    unit,
    width,
    height,
    theme,
    title,
    idPrefix,
    chartSettings: props.chartSettings,
    customSeriesColors: props.customSeriesColors,
    savedMapTransform: props.savedMapTransform,
    savedMapReferenceWidth: props.savedMapReferenceWidth,
    savedMapReferenceHeight: props.savedMapReferenceHeight,
  };
  if (props.mode === 'image') {
    const texts = mapValueTexts(rows[common.periodIndex], unit);
    return (
      <>
        <MapImage {...common} {...(props.keyWalk ? { keyWalk: true, flags } : {})} />
        <script type="application/json" data-map-values dangerouslySetInnerHTML={{ __html: scriptJson(texts) }} />
      </>
    );
  }
  return (
    <MapChart
      {...common}
      flags={flags}
      readonly={props.readonly}
      regionHref={regionStatisticsPath}
      onMapTransformChange={props.onMapTransformChange}
      onChartSettingsChange={props.onChartSettingsChange}
      onPeriodIndexChange={(i) => {
        const target = periods.indexOf(String(rows[i]?.name ?? ''));
        if (target >= 0) onSliderIndexChange?.(target);
      }}
    />
  );
}

/** Room of one horizontal bar at most and at least (a readable row per place), and the chart's own margins. */
const HBAR_STEP = 48;
const HBAR_MIN_STEP = 24;
const HBAR_CHROME = 12 + 30 + 22 + 12 + 8;

/**
 * A horizontal bar chart of a few bars is only as tall as they need, not the full chart height; one of many bars
 * grows beyond it, so each place keeps a row of at least HBAR_MIN_STEP pixels and its name a readable size (45 places
 * on a phone: 1,164 px, and the page scrolls; decision 199): 24 px, the least pointer target of WCAG 2.5.8 for the
 * name's highlight button (decision 207).
 */
export function hbarHeight(
  data: DatasetData,
  countries: readonly string[] | undefined,
  periodIndex: number,
  height: number,
): number {
  const state = buildHbarState(data, { countries, periodIndex });
  if (state.status === 'error') return height;
  const rows = state.bars.length;
  return Math.max(Math.min(height, Math.max(160, HBAR_CHROME + rows * HBAR_STEP)), HBAR_CHROME + rows * HBAR_MIN_STEP);
}

type ViewProps = ChartViewProps & { periods: readonly string[] };

/** What each view draws for the widget's props: its component, which builds its own state (decision 036). */
type ViewRenderer = (props: ViewProps) => ReactNode;

/** The props every SVG view takes, derived once from the widget's (decision 196). */
function chartProps(props: ViewProps): ChartProps {
  const { data, width, height, theme, title, countries, idPrefix, onHighlightChange, keyWalk } = props;
  const interactive = props.mode === 'interactive';
  return { data, width, height, theme, title, countries, idPrefix, interactive, keyWalk, onHighlightChange };
}

/** The views by chart type: a new view is one entry (a state builder and a component), never a new branch. */
const VIEWS: Record<ChartType, ViewRenderer> = {
  line: (p) => (
    <LineChart {...chartProps(p)} hideLegend={p.hideLegend} startIndex={p.sliderIndex} endIndex={p.endIndex} />
  ),
  bar: (p) => (
    <BarChart {...chartProps(p)} hideLegend={p.hideLegend} startIndex={p.sliderIndex} endIndex={p.endIndex} />
  ),
  'horizontal-bar': (p) => (
    <HBarChart
      {...chartProps(p)}
      height={hbarHeight(p.data, p.countries, p.sliderIndex, p.height)}
      periodIndex={p.sliderIndex}
    />
  ),
  map: (p) => <MapView {...p} />,
  table: (p) =>
    p.mode === 'image' && !p.htmlTable ? (
      <TableImage {...chartProps(p)} startIndex={p.sliderIndex} sort={p.tableSort} />
    ) : (
      <TableChart
        data={p.data}
        countries={p.countries}
        theme={p.theme}
        title={p.title}
        startIndex={p.sliderIndex}
        maxHeight={p.height}
        onSortChange={p.onTableSortChange}
        keyWalk={p.keyWalk}
      />
    ),
};

/** Draws the chosen view; every view takes the same selection so that their timelines agree. */
export function ChartView(props: ViewProps) {
  return VIEWS[props.type](props);
}

/** What a view's words need: its data, type, slider and selection (the sizes and theme change no word). */
export type DescribedView = Pick<
  ChartViewProps,
  'data' | 'type' | 'sliderIndex' | 'endIndex' | 'title' | 'countries'
> & {
  periods: readonly string[];
};

/** The views' descriptions by chart type, from the states the views draw (decision 213). */
const DESCRIPTIONS: Record<ChartType, (v: DescribedView) => string> = {
  line: ({ data, countries, title, sliderIndex, endIndex }) =>
    describeLine(buildLineState(data, { countries, title, startIndex: sliderIndex, endIndex }), flagIndex(data)),
  bar: ({ data, countries, title, sliderIndex, endIndex }) =>
    describeBar(buildBarState(data, { countries, title, startIndex: sliderIndex, endIndex }), flagIndex(data)),
  'horizontal-bar': ({ data, countries, title, sliderIndex }) =>
    describeHbar(buildHbarState(data, { countries, title, periodIndex: sliderIndex }), flagIndex(data)),
  map: ({ data, title, sliderIndex, periods }) => {
    const rows = datasetToMapRows(data);
    return describeMap(
      buildMapState({
        rows,
        periodIndex: mapRowIndex(rows, periods, sliderIndex),
        unit: String(rows[0]?.unit ?? data.dataset.unit),
        countries: data.dataset.available_countries,
        title: chartTitle(data, title),
      }),
    );
  },
  table: ({ data, countries, title, sliderIndex }) =>
    describeTable(buildTableState(data, { countries, title, startIndex: sliderIndex })),
};

/**
 * The view in words, as its chart's description says it: the embed snippet's title and the sharing card's alt text
 * (decision 213). The map is described from its data, without outlines.
 */
export function describeView(view: DescribedView): string {
  return DESCRIPTIONS[view.type](view);
}
