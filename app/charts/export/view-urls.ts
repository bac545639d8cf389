// Stable URLs of a chart view: data API, embed page and iframe snippet, server-side PNG and data downloads.
import { EMBED_HEIGHT } from '../core/chart-size';
import type { ChartType } from '../core/slider';
import { transformPairs } from '#core/selection';
import { joinQuery } from '#core/view';
import { viewPairs, type ChartViewSpec } from './view-query';

/** Line and bar charts show a range of periods; the other views one period (or, for the table, all). */
export function hasTimeRange(type: ChartType): boolean {
  return type === 'line' || type === 'bar';
}

function withOrigin(origin: string, path: string): string {
  return `${origin.replace(/\/+$/, '')}${path}`;
}

/** Query of the dataset API for a view's data: dimN=codes, country=codes, period_from, period_to, transform. */
export function dataApiPairs(view: ChartViewSpec): [string, string][] {
  const pairs: [string, string][] = Object.keys(view.dimensions)
    .sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)))
    .filter((key) => (view.dimensions[key] ?? []).length > 0)
    .map((key) => [key, (view.dimensions[key] ?? []).join(',')]);
  if (view.countries.length > 0) pairs.push(['country', view.countries.join(',')]);
  if (view.timeStart) pairs.push(['period_from', view.timeStart]);
  if (view.timeEnd) pairs.push(['period_to', view.timeEnd]);
  pairs.push(...transformPairs(view.transform));
  if (view.asOf) pairs.push(['as_of', view.asOf]);
  return pairs;
}

/** The `/api/datasets/{id}/data` URL of the current view (the API export). */
export function dataApiUrl(origin: string, datasetId: number | string, view: ChartViewSpec): string {
  const query = joinQuery(dataApiPairs(view));
  return withOrigin(origin, `/api/datasets/${encodeURIComponent(String(datasetId))}/data${query ? `?${query}` : ''}`);
}

/** The `/api/datasets/{id}` path the widget fetches when the visitor changes the selection. */
export function datasetFetchPath(datasetId: number | string, view: Omit<ChartViewSpec, 'timeStart'>): string {
  const query = joinQuery(dataApiPairs({ ...view, timeStart: undefined }));
  return `/api/datasets/${encodeURIComponent(String(datasetId))}${query ? `?${query}` : ''}`;
}

/** The embed page of a view: times only for line and bar (specification §2). */
export function embedUrl(origin: string, datasetId: number | string, view: ChartViewSpec): string {
  const shown = hasTimeRange(view.chartType) ? view : { ...view, timeStart: undefined, timeEnd: undefined };
  const query = joinQuery([['embed', 'true'], ...viewPairs(shown)]);
  return withOrigin(origin, `/datasets/${encodeURIComponent(String(datasetId))}?${query}`);
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The Embed export (decision 200): a full-width iframe whose height fits the view without scripts (`height`, from
 * `embedFrameHeight`; 545px at least), and a small script that sets each such frame's height to its content's, from
 * the embed page's `{ type: 'embed-height', height }` messages, heard only from the embed's own origin and applied
 * only to the iframe that sent it.
 */
export function embedSnippet(url: string, title: string, height: number = EMBED_HEIGHT, description = ''): string {
  const origin = JSON.stringify(new URL(url).origin);
  // The frame's title is its one text alternative a host page's screen reader hears: the chart's name and what it
  // shows in words (decision 213).
  const text = description ? `${title}: ${description}` : title;
  return (
    `<iframe src="${escapeAttribute(url)}" width="100%" height="${Math.ceil(height)}" ` +
    `title="${escapeAttribute(text)}" style="border:0" loading="lazy"></iframe>\n` +
    `<script>window.addEventListener("message",function(e){var d=e.data,f=document.getElementsByTagName("iframe"),i;` +
    `if(e.origin!==${origin}||!d||d.type!=="embed-height"||typeof d.height!=="number")return;` +
    `for(i=0;i<f.length;i++)if(f[i].contentWindow===e.source)f[i].style.height=Math.ceil(d.height)+"px"})</script>`
  );
}

export type DownloadFormat = 'csv' | 'json';

/** How a downloaded image is drawn: the widget passes what the visitor sees. */
export interface ImageOptions {
  width?: number;
  height?: number;
  theme?: 'light' | 'dark';
  title?: string;
  hideLegend?: boolean;
  /** The table's sort, so its image lists the rows as the visitor sorted them: `5/2025:descending`. */
  sort?: { column: string; direction: 'ascending' | 'descending' } | null;
}

function imagePairs(options: ImageOptions): [string, string][] {
  const pairs: [string, string][] = [];
  if (options.width) pairs.push(['width', String(Math.round(options.width))]);
  if (options.sort) pairs.push(['sort', `${options.sort.column}:${options.sort.direction}`]);
  if (options.height) pairs.push(['height', String(Math.round(options.height))]);
  if (options.theme === 'dark') pairs.push(['theme', 'dark']);
  if (options.title) pairs.push(['title', options.title]);
  if (options.hideLegend) pairs.push(['hide_legend', 'true']);
  return pairs;
}

/** `/api/charts/download-png?datasetId=…&chart_type=…`: the view as a PNG at twice its size. */
export function pngDownloadUrl(
  origin: string,
  datasetId: number | string,
  view: ChartViewSpec,
  options: ImageOptions = {},
): string {
  return imageDownloadUrl('png', origin, datasetId, view, options);
}

/** `/api/charts/download-svg?…`: the same published image as an SVG (the same query as the PNG). */
export function svgDownloadUrl(
  origin: string,
  datasetId: number | string,
  view: ChartViewSpec,
  options: ImageOptions = {},
): string {
  return imageDownloadUrl('svg', origin, datasetId, view, options);
}

function imageDownloadUrl(
  format: 'png' | 'svg',
  origin: string,
  datasetId: number | string,
  view: ChartViewSpec,
  options: ImageOptions,
): string {
  const query = joinQuery([['datasetId', String(datasetId)], ...viewPairs(view), ...imagePairs(options)]);
  return withOrigin(origin, `/api/charts/download-${format}?${query}`);
}

/** `/api/charts/download?datasetId=…&format=csv|json`: the view's data as a file. */
export function dataDownloadUrl(
  origin: string,
  datasetId: number | string,
  view: ChartViewSpec,
  format: DownloadFormat,
): string {
  const query = joinQuery([['datasetId', String(datasetId)], ...viewPairs(view), ['format', format]]);
  return withOrigin(origin, `/api/charts/download?${query}`);
}

/** A file name for a view's export: prc_hicp_manr-line.png. */
export function exportFileName(datasetCode: string, type: ChartType, extension: string): string {
  const base = (datasetCode || 'chart').replace(/[^A-Za-z0-9_-]+/g, '_');
  return `${base}-${type}.${extension}`;
}

/** Where the embed page's controls lead: every control is a link, since no chart script runs there. */
export interface StaticLinks {
  types: Record<ChartType, string>;
  png: string;
  svg: string;
  csv: string;
  json: string;
  api: string;
  follow: string;
}

/**
 * Links of the embed page's controls for the current view: each chart type's embed URL (from the view
 * that type would show after a switch), the server-side PNG, SVG, CSV and JSON files, the API URL and the
 * chart page behind Follow.
 */
export function staticLinksFor(
  datasetId: number | string,
  view: ChartViewSpec,
  image: ImageOptions,
  typeViews: Readonly<Record<ChartType, ChartViewSpec>>,
): StaticLinks {
  const types = Object.fromEntries(
    Object.entries(typeViews).map(([t, v]) => [t, embedUrl('', datasetId, v)]),
  ) as Record<ChartType, string>;
  return {
    types,
    png: pngDownloadUrl('', datasetId, view, image),
    svg: svgDownloadUrl('', datasetId, view, image),
    csv: dataDownloadUrl('', datasetId, view, 'csv'),
    json: dataDownloadUrl('', datasetId, view, 'json'),
    api: dataApiUrl('', datasetId, view),
    follow: `/app/chart?id=${encodeURIComponent(String(datasetId))}`,
  };
}
