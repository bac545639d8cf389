// ChartWidget: loads a dataset view and shows it as line, bar, horizontal bar, map or table with slider and exports.
import { useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { chartHeightFor, layoutFor, MD_BREAKPOINT, WIDGET_DEFAULT_HEIGHT } from '../core/chart-size';
import type { Theme } from '../core/palette';
import type { TableSort } from '../table/table-state';
import { flagIndex } from '../core/chart-tooltip';
import { buildLineState } from '../line/line-state';
import { viewLabels } from '../core/view-labels';
import { CHART_TYPES, isSliderVisible, resolvePeriodIndex, sliderModeFor, type ChartType } from '../core/slider';
import type { TransformRequest } from '#core/selection';
import { joinQuery } from '#core/view';
import { pageViewPairs, viewPairs, type ChartViewSpec } from '../export/view-query';
import type { MapChartSettings } from '../map/map-state';
import type { MapTransform } from '../map/map-zoom';
import { datasetFetchPath, hasTimeRange, staticLinksFor } from '../export/view-urls';
import type { LoadedOutlines } from './chart-view';
import { CopyDialog } from './copy-dialog';
import { ListenControl, type ListenControlProps } from './listen-control';
import { SelectionPopover, type Selection } from './selection-popover';
import { TimeSlider } from './time-slider';
import { TransformMenu } from './transform-menu';
import { useExports } from './use-exports';
import { SERVER_WIDTH, useContainerWidth, useDocumentTheme, useMdViewport } from './use-layout';
import { allowedChartType, allowedChartTypes } from '#core/view';
import { followChart } from './widget-actions';
import { useOutlines, useWidgetData, type WidgetData } from './widget-data';
import { WidgetHeader } from './widget-header';
import type { WidgetAction } from './widget-menus';
import { WidgetFigure } from './widget-figure';
import {
  currentView,
  dataError,
  initialSliderIndex,
  missingIdError,
  periodIndexOf,
  shownEndIndex,
  sliderIndexOnSwitch,
  widgetTimeline,
} from './widget-state';

export interface ChartWidgetProps {
  /** Numeric id or code of the dataset; or give `dataId` (a series id) to resolve it. */
  datasetId?: number | string;
  dataId?: number | string;
  /** dim1…dimN → codes; a dimension left out is the main series' value. */
  dimensions?: Record<string, string[]>;
  /** Geo codes; empty or absent: every geo with data. */
  countries?: string[];
  /** Default 'bar'. */
  chartType?: ChartType;
  /** Default: the dataset's name. */
  title?: string;
  /** Drawing height; default 368px (428px from the md breakpoint), maps 350px (452px); panels at least 400px. */
  height?: number;
  hideLegend?: boolean;
  /** Hides map controls and the selection editor. */
  readonly?: boolean;
  /** The slider's first position (time_start), and the last period loaded (time_end). */
  timeStart?: string;
  timeEnd?: string;
  /** The one period a map or horizontal bar opens on (`time` in the dataset page's address). */
  time?: string;
  /** `as_of`: the values as they stood at this time (decision 125), in every request and export of the widget. */
  asOf?: string;
  /** Data the page read on the server for the initial selection: the first paint needs no request. */
  initialData?: WidgetData | null;
  initialOutlines?: LoadedOutlines | null;
  /** A newer, partial period the default view leaves out ('7/2026: Germany only'), with the view that shows it. */
  coverageNote?: { text: string; href: string } | null;
  /** What the page left out of the URL's view ('Not shown: country: "ZZ" has no data in …', decision 035). */
  viewNote?: string | null;
  /** The values' transformation (index, change, diff; decision 034); the Values menu changes it. */
  transform?: TransformRequest;
  /** An error the page already met (for example a selection that matches no series). */
  initialError?: string | null;
  /** The drawing width before the container is measured (server rendering). */
  serverWidth?: number;
  /** The theme before the page's `dark` class is read (server rendering). */
  theme?: Theme;
  /** The embed page: no React in the browser, so every control is a link and the chart an image. */
  embed?: boolean;
  /** The embed's first render (width unknown): a narrow copy for frames under 500px. */
  embedNarrow?: { width: number; height: number } | null;
  /** Base URL of the API; default the page's origin. */
  apiBase?: string;
  /** Follow without a session: the page opens its sign-in modal (`view`: the shown view as query pairs). */
  onRequireSignIn?: (datasetId: number | string, view: string) => void;
  /** Follow with a session; default a full navigation. */
  onNavigate?: (href: string) => void;
  /** The host page's actions, offered in the chart's menu (⋯): the dataset page's "Track a trend…". */
  actions?: readonly WidgetAction[];

  // A saved view (the chart page of a followed chart, decision 101): what it opens with and what it reports.
  /** Replaces the view's labels under the title (the user's own subtitle); exports carry it too. */
  subtitle?: string;
  /** The slider's period for map and horizontal bar: -1 (or absent) the latest. */
  periodIndex?: number;
  /** The map settings kept: values, borders, series colour (specification "Map settings kept"). */
  chartSettings?: MapChartSettings | null;
  customSeriesColors?: string[];
  savedMapTransform?: MapTransform | null;
  savedMapReferenceWidth?: number;
  savedMapReferenceHeight?: number;
  /** The Follow button reads "Following" (a click unfollows, through `onFollowClick`). */
  following?: boolean;
  /** Replaces the Follow button's plan check and navigation (the chart page follows and unfollows in place). */
  onFollowClick?: () => void;
  onChartTypeChange?: (type: ChartType) => void;
  onSelectionChange?: (selection: Selection) => void;
  /** The slider moved (or a type switch moved it): its index into `periods`. */
  onPeriodIndexChange?: (index: number, periods: readonly string[]) => void;
  onMapTransformChange?: (transform: MapTransform, reference: { width: number; height: number }) => void;
  onChartSettingsChange?: (settings: MapChartSettings) => void;
  /**
   * The shown view as its page URL names it, after the visitor changed it: `push` for a deliberate change (type,
   * selection, values), `replace` for the slider (the dataset page keeps its address in step, decision 150).
   */
  onViewChange?: (view: ChartViewSpec, how: 'push' | 'replace') => void;
  /** A new key makes the widget take the view of its props again (the page went back or forward in history). */
  viewKey?: string;
  /** Draws the title and subtitle instead of the header's heading (editable in place on the chart page). */
  renderHeading?: (heading: { title: string; subtitle: string }) => ReactNode;
}

export function ChartWidget(props: ChartWidgetProps) {
  const base = props.apiBase ?? '';
  const [chosenType, setType] = useState<ChartType>(props.chartType ?? 'bar');
  const [selection, setSelection] = useState<Selection>({
    dimensions: props.dimensions ?? {},
    countries: props.countries ?? [],
  });
  const [transform, setTransform] = useState<TransformRequest | undefined>(props.transform);
  const [chosenIndex, setChosenIndexState] = useState<number | null>(
    props.periodIndex !== undefined && sliderModeFor(props.chartType ?? 'bar') === 'period' ? props.periodIndex : null,
  );
  // The map settings and transform as last changed, so a switch away from the map and back keeps them.
  const [mapSettings, setMapSettings] = useState<MapChartSettings | null>(props.chartSettings ?? null);
  const [mapTransform, setMapTransform] = useState(() => ({
    transform: props.savedMapTransform ?? null,
    width: props.savedMapReferenceWidth,
    height: props.savedMapReferenceHeight,
  }));
  // The range's end thumb (line and bar; decision 199): null for the latest period loaded.
  const [chosenEnd, setChosenEndState] = useState<number | null>(null);
  // The range's start when the visitor switched from a range (line, bar, table) to one period (map, horizontal bar).
  const [rangeStart, setRangeStart] = useState<number | null>(null);
  // The table's sort, so that its PNG lists the rows as the visitor sorted them.
  const [tableSort, setTableSort] = useState<TableSort | null>(null);
  // The series the chart brought forward (its legend's or labels' buttons): the one Listen plays.
  const [highlighted, setHighlighted] = useState<string | null>(null);
  // Back and forward: the page hands over the view of that history entry, which the widget shows as if opened with it.
  const [shownKey, setShownKey] = useState(props.viewKey);
  const intent = useRef<'none' | 'push' | 'replace'>('none');
  if (props.viewKey !== shownKey) {
    setShownKey(props.viewKey);
    setType(props.chartType ?? 'bar');
    setSelection({ dimensions: props.dimensions ?? {}, countries: props.countries ?? [] });
    setTransform(props.transform);
    setChosenIndexState(null);
    setChosenEndState(null);
    setRangeStart(null);
    setHighlighted(null);
    intent.current = 'none';
  }
  const [containerRef, width, measured] = useContainerWidth<HTMLDivElement>(props.serverWidth ?? SERVER_WIDTH);
  const figureRef = useRef<HTMLDivElement>(null);
  const md = useMdViewport();
  const theme = useDocumentTheme(props.theme ?? 'light');
  const idError = missingIdError(props.datasetId, props.dataId);
  const datasetId = props.datasetId ?? props.initialData?.data.dataset.id;
  // What every request and URL of the widget keeps from the page: the end of the data loaded and the vintage.
  const fixed = { ...(props.timeEnd ? { timeEnd: props.timeEnd } : {}), ...(props.asOf ? { asOf: props.asOf } : {}) };
  const pathFor = (id: number | string) =>
    datasetFetchPath(id, { chartType: chosenType, ...selection, ...fixed, transform });
  const initial = useMemo(
    () =>
      props.initialData && datasetId !== undefined
        ? {
            path: datasetFetchPath(datasetId, {
              chartType: 'bar',
              dimensions: props.dimensions ?? {},
              countries: props.countries ?? [],
              ...fixed,
              transform: props.transform,
            }),
            value: props.initialData,
          }
        : null,
    // The initial data answers the props the page rendered with, once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const key = JSON.stringify([props.datasetId, props.dataId, selection, props.timeEnd, props.asOf, transform]);
  // A page that already met an error for its selection (the editor is hidden then) needs no request of its own.
  const load = useWidgetData(
    { base, datasetId: props.datasetId, dataId: props.dataId, pathFor, initial, disabled: Boolean(props.initialError) },
    key,
  );
  const value = load.status === 'ready' ? load.value : null;
  const data = value?.data ?? null;
  // A type the dataset does not allow (a map without places, a line of one period) draws its default (decision 190).
  const types = data ? allowedChartTypes(data.dataset) : CHART_TYPES;
  const type = data ? allowedChartType(data.dataset, chosenType) : chosenType;
  const timeline = useMemo(
    () => (data ? widgetTimeline(data, selection.countries) : null),
    [data, selection.countries],
  );
  const periods = timeline?.periods ?? [];
  const opened = sliderModeFor(type) === 'period' ? periodIndexOf(periods, props.time) : null;
  const index = resolvePeriodIndex(
    chosenIndex ??
      opened ??
      initialSliderIndex(type, periods, timeline?.seriesCount ?? 0, props.timeStart, props.timeEnd),
    periods.length,
  );
  const outlines = useOutlines(base, data, type === 'map', props.initialOutlines);

  const height = props.height ?? chartHeightFor(md ? 1024 : 0, type === 'map' ? 'map' : 'chart');
  const panelHeight = Math.max(height, WIDGET_DEFAULT_HEIGHT);
  // Until the widget is measured, the server's drawing stands at the height the page's own will have (which the
  // viewport decides; app.css), so that nothing under it moves as the page comes alive (issue 40). A line or vertical
  // bar chart is as tall as its height whatever its data; the map and the horizontal bars size themselves.
  const held =
    !measured && !props.embed && props.height === undefined && (type === 'line' || type === 'bar')
      ? ({
          '--held-height': `${chartHeightFor(0)}px`,
          '--held-height-md': `${chartHeightFor(MD_BREAKPOINT)}px`,
        } as CSSProperties)
      : undefined;
  const compact = layoutFor(width) === 'half';
  const title = props.title || data?.dataset.dataset_name || 'Chart';
  const subtitle = props.subtitle || (data ? viewLabels(data.dataset, data.data, data.transform).subtitle : '');
  const fit = { width, seriesCount: timeline?.seriesCount ?? 0 };
  const endThumb = chosenEnd ?? -1;
  const end = shownEndIndex(type, index, periods.length, fit, endThumb);
  const view: ChartViewSpec = currentView(
    { chartType: type, ...selection, ...fixed, transform },
    type,
    index,
    periods,
    end,
  );
  const image = { width, height, theme, title: props.title, hideLegend: props.hideLegend };
  const baseView: ChartViewSpec = { chartType: type, ...selection, ...fixed, transform };
  const typeViews = Object.fromEntries(
    CHART_TYPES.map((t) => {
      const i = sliderIndexOnSwitch(type, t, index, periods.length, rangeStart);
      return [t, currentView(baseView, t, i, periods, shownEndIndex(t, i, periods.length, fit, endThumb))];
    }),
  ) as Record<ChartType, ChartViewSpec>;
  const links = props.embed && data ? staticLinksFor(data.dataset.id, view, image, typeViews) : undefined;
  const exports = useExports({
    data,
    view,
    sliderIndex: index,
    endIndex: hasTimeRange(type) ? end : undefined,
    periods,
    title,
    subtitle,
    width,
    height,
    theme,
    hideLegend: props.hideLegend ?? false,
    tableSort,
    figure: figureRef,
  });

  const listen = useMemo(
    () =>
      data && type === 'line' && !props.embed
        ? listenProps(data, selection.countries, index, endThumb, highlighted)
        : null,
    [data, type, props.embed, selection.countries, index, endThumb, highlighted],
  );

  const error =
    idError ??
    props.initialError ??
    (load.status === 'error' ? load.message : null) ??
    (data ? dataError(data, type, index, periods, Object.keys(selection.dimensions).length > 0) : null) ??
    (type === 'map' ? outlines.error : null);

  // What the page's URL names: the slider's position only where it is not the view's default.
  const defaultIndex = initialSliderIndex(type, periods, timeline?.seriesCount ?? 0, undefined, props.timeEnd);
  const moved = periods[index] && index !== defaultIndex ? periods[index] : undefined;
  // The end thumb moved before the latest period: the view's time_end (line and bar).
  const endMoved =
    hasTimeRange(type) && chosenEnd !== null && chosenEnd < periods.length - 1
      ? periods[Math.max(index, chosenEnd)]
      : undefined;
  const urlView: ChartViewSpec = {
    chartType: type,
    dimensions: selection.dimensions,
    countries: selection.countries,
    ...(moved ? (sliderModeFor(type) === 'period' ? { time: moved } : { timeStart: moved }) : {}),
    ...fixed,
    ...(endMoved ? { timeEnd: endMoved } : {}),
    ...(transform ? { transform } : {}),
  };
  const urlKey = data ? JSON.stringify(urlView) : null;
  const onViewChange = useRef(props.onViewChange);
  onViewChange.current = props.onViewChange;
  const latestView = useRef(urlView);
  latestView.current = urlView;
  useEffect(() => {
    const how = intent.current;
    if (!urlKey || how === 'none') return;
    if (how === 'push') {
      intent.current = 'replace';
      onViewChange.current?.(latestView.current, 'push');
      return;
    }
    // A slider drag replaces the entry once it rests (browsers limit how often an address may change).
    const timer = setTimeout(() => onViewChange.current?.(latestView.current, 'replace'), 250);
    return () => clearTimeout(timer);
  }, [urlKey]);
  const mark = (how: 'push' | 'replace') => {
    if (how === 'push' || intent.current !== 'push') intent.current = how;
  };

  const setChosenIndex = (next: number) => {
    mark('replace');
    setChosenIndexState(next);
    props.onPeriodIndexChange?.(next, periods);
  };
  const setChosenEnd = (next: number) => {
    mark('replace');
    setChosenEndState(next >= periods.length - 1 ? null : next);
  };
  const onTypeChange = (next: ChartType) => {
    mark('push');
    if (sliderModeFor(type) !== 'period' && sliderModeFor(next) === 'period') setRangeStart(index);
    setType(next);
    setHighlighted(null);
    props.onChartTypeChange?.(next);
    setChosenIndex(sliderIndexOnSwitch(type, next, index, periods.length, rangeStart));
  };
  const onSelectionChange = (next: Selection) => {
    mark('push');
    setSelection(next);
    setHighlighted(null);
    props.onSelectionChange?.(next);
  };
  const onFollow = () => {
    if (props.onFollowClick) return props.onFollowClick();
    if (datasetId === undefined) return;
    const navigate = props.onNavigate ?? ((href: string) => window.location.assign(href));
    void followChart(base, data?.dataset.id ?? datasetId, {
      // The chart page opens with the view shown here, so that Follow there keeps it.
      navigate: (href) => navigate(`${href}&${joinQuery(viewPairs(view))}`),
      requireSignIn: (id) => props.onRequireSignIn?.(id, joinQuery(viewPairs(view))),
    });
  };

  return (
    <section
      ref={containerRef}
      className="chart-widget @container flex flex-col gap-3"
      data-chart-widget
      data-chart-type={type}
      data-layout={compact ? 'half' : 'full'}
      data-measured={measured ? 'true' : undefined}
      style={held}
      data-state={error ? 'error' : load.status === 'ready' ? 'rendered' : 'loading'}
      aria-label={title}
    >
      <WidgetHeader
        title={title}
        subtitle={subtitle}
        type={type}
        types={types}
        onTypeChange={onTypeChange}
        onExport={exports.onExport}
        onFollow={onFollow}
        following={props.following}
        heading={props.renderHeading?.({ title, subtitle })}
        links={links}
        actions={props.embed || props.readonly ? undefined : props.actions}
        link={
          data && !props.embed
            ? `/datasets/${encodeURIComponent(data.dataset.dataset_code)}?${joinQuery(pageViewPairs(urlView))}`
            : undefined
        }
      >
        {!props.readonly && data && !props.embed ? (
          <>
            <SelectionPopover meta={data.dataset} selection={selection} onChange={onSelectionChange} />
            <TransformMenu
              freq={data.dataset.frequency}
              value={transform}
              base={sliderModeFor(type) === 'period' ? periods[0] : periods[index]}
              onChange={(next) => {
                mark('push');
                setTransform(next);
              }}
            />
          </>
        ) : null}
      </WidgetHeader>
      <div ref={figureRef}>
        <WidgetFigure
          error={error}
          panelHeight={panelHeight}
          narrow={props.embedNarrow}
          view={
            data
              ? {
                  data,
                  type,
                  sliderIndex: index,
                  endIndex: hasTimeRange(type) ? endThumb : undefined,
                  periods,
                  width,
                  height,
                  theme,
                  title,
                  hideLegend: props.hideLegend,
                  countries: selection.countries,
                  outlines: outlines.outlines,
                  mode: props.embed ? 'image' : 'interactive',
                  htmlTable: props.embed,
                  keyWalk: props.embed,
                  onTableSortChange: setTableSort,
                  onHighlightChange: setHighlighted,
                  readonly: props.readonly,
                  onSliderIndexChange: setChosenIndex,
                  chartSettings: mapSettings,
                  customSeriesColors: props.customSeriesColors,
                  savedMapTransform: mapTransform.transform,
                  savedMapReferenceWidth: mapTransform.width,
                  savedMapReferenceHeight: mapTransform.height,
                  onMapTransformChange: (transform, reference) => {
                    setMapTransform({ transform, ...reference });
                    props.onMapTransformChange?.(transform, reference);
                  },
                  onChartSettingsChange: (settings) => {
                    setMapSettings(settings);
                    props.onChartSettingsChange?.(settings);
                  },
                }
              : null
          }
        />
      </div>
      <footer className="flex flex-col gap-2">
        {props.viewNote ? (
          <p data-view-note role="note" className="text-xs text-amber-800 dark:text-amber-300">
            {props.viewNote}
          </p>
        ) : null}
        {data && !error && isSliderVisible(type) ? (
          <TimeSlider
            type={type}
            index={index}
            end={end}
            endIndex={endThumb}
            periods={periods}
            onChange={props.embed ? undefined : setChosenIndex}
            onEndChange={props.embed ? undefined : setChosenEnd}
          />
        ) : null}
        {listen && !error ? <ListenControl key={listen.key} {...listen.props} /> : null}
        {data ? (
          <p className="source-line text-xs text-slate-500 dark:text-slate-400">
            Source:{' '}
            <a
              href={data.dataset.source_url}
              target={props.embed ? '_blank' : undefined}
              className="underline hover:text-slate-700 dark:hover:text-slate-200"
              rel="noopener"
            >
              {`${data.dataset.source_name} (${data.dataset.dataset_code})`}
            </a>
            {props.coverageNote ? (
              <span data-coverage-note>
                {' \u00b7 Newer, partial period \u2014 '}
                <a
                  href={props.coverageNote.href}
                  target={props.embed ? '_blank' : undefined}
                  className="underline hover:text-slate-700 dark:hover:text-slate-200"
                  rel="noopener"
                >
                  {props.coverageNote.text}
                </a>
              </span>
            ) : null}
          </p>
        ) : null}
      </footer>
      {exports.panel ? (
        <CopyDialog
          open
          onOpenChange={(open) => !open && exports.closePanel()}
          title={exports.panel.title}
          description={exports.panel.description}
          text={exports.panel.text}
          feedbackMs={exports.panel.feedbackMs}
          multiline={exports.panel.kind === 'embed'}
        />
      ) : null}
    </section>
  );
}

/**
 * What Listen plays on a line chart: the series brought forward, else the first, over the shown range (decision 214);
 * its key changes with the series and the range, so a new one starts afresh. Null when the chart draws nothing.
 */
function listenProps(
  data: WidgetData['data'],
  countries: readonly string[],
  startIndex: number,
  endIndex: number,
  highlighted: string | null,
): { key: string; props: ListenControlProps } | null {
  const state = buildLineState(data, { countries, startIndex, endIndex });
  if (state.status === 'error') return null;
  const { table } = state;
  const series = table.series.find((s) => s.key === highlighted) ?? table.series[0];
  if (!series) return null;
  const flags = flagIndex(data);
  return {
    key: `${series.key}|${table.periods[0]}|${table.periods.at(-1)}`,
    props: {
      series: {
        label: series.label,
        values: series.values,
        flags: table.periods.map((p) => flags.get(`${series.key}|${p}`) ?? ''),
      },
      periods: table.periods,
      unit: table.unit,
      decimals: state.decimals,
    },
  };
}
