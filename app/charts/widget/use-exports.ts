// The Export menu's actions for the current view: PNG and SVG (client-side), CSV (server file), JSON (built here), API,
// Embed.
import { useState, type RefObject } from 'react';
import type { DatasetData } from '#core/schemas/dataset';
import type { Theme } from '../core/palette';
import { isSliderVisible, shownRange } from '../core/slider';
import { embedFrameHeight } from '../core/chart-size';
import { buildJsonExport } from '../export/json-export';
import type { ChartViewSpec } from '../export/view-query';
import {
  dataApiUrl,
  dataDownloadUrl,
  embedSnippet,
  embedUrl,
  exportFileName,
  pngDownloadUrl,
  svgDownloadUrl,
} from '../export/view-urls';
import { describeView } from './chart-view';
import { COPY_FEEDBACK_MS } from './copy-dialog';
import { saveBlob, svgMarkupToPng } from './widget-actions';
import { publishedSvg } from '../export/published-frame';
import { joinQuery } from '#core/view';
import { viewPairs } from '../export/view-query';
import type { ExportKind } from './widget-menus';

export interface CopyPanel {
  kind: 'api' | 'embed';
  title: string;
  description: string;
  text: string;
  feedbackMs: number;
}

export interface ExportContext {
  data: DatasetData | null;
  view: ChartViewSpec;
  sliderIndex: number;
  /** The last period drawn (the end thumb, or grouped bars cut short); absent: the view's own end. */
  endIndex?: number;
  /** The widget's timeline, which the slider indexes. */
  periods: readonly string[];
  title: string;
  /** The selected dimension values and unit, printed under the title of a PNG. */
  subtitle: string;
  width: number;
  height: number;
  theme: Theme;
  hideLegend: boolean;
  /** The table view's sort, carried into its server-drawn image. */
  tableSort?: { column: string; direction: 'ascending' | 'descending' } | null;
  figure: RefObject<HTMLElement | null>;
}

function origin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}

function followLink(href: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
}

/** The drawn height of a chart that grew past the height it was given (a bar per place, a table's rows), else none. */
function grownChartHeight(figure: HTMLElement | null, asked: number): number | undefined {
  // The chart's SVG (ChartFrame's, with its data-theme): an image, or a group when it holds links (decision 207).
  const drawn = figure?.querySelector('svg[data-theme], table')?.getBoundingClientRect().height ?? 0;
  return drawn > asked ? Math.ceil(drawn) : undefined;
}

/** Handlers for the Export menu and the state of its copy dialog. */
export function useExports(ctx: ExportContext): {
  onExport: (kind: ExportKind) => void;
  panel: CopyPanel | null;
  closePanel: () => void;
} {
  const [panel, setPanel] = useState<CopyPanel | null>(null);
  const onExport = (kind: ExportKind) => {
    const { data, view } = ctx;
    if (!data) return;
    const id = data.dataset.id;
    const code = data.dataset.dataset_code;
    const image = {
      width: ctx.width,
      height: ctx.height,
      theme: ctx.theme,
      title: ctx.title,
      hideLegend: ctx.hideLegend,
      sort: view.chartType === 'table' ? ctx.tableSort : null,
    };
    // Published as it is: title and subtitle over the chart, source and the view's address under it. The table is
    // HTML: its images are drawn by the server from the same view.
    const framedSvg = (): string | null => {
      const svg = ctx.figure.current?.querySelector<SVGSVGElement>('svg[data-theme]');
      if (!svg || view.chartType === 'table') return null;
      return publishedSvg({
        inner: new XMLSerializer().serializeToString(svg),
        width: Number(svg.getAttribute('width')) || ctx.width,
        height: Number(svg.getAttribute('height')) || ctx.height,
        theme: ctx.theme,
        title: ctx.title,
        subtitle: ctx.subtitle,
        source: `Source: ${data.dataset.source_name} (${code})`,
        url: `${origin()}/datasets/${code}${viewPairs(view).length > 0 ? `?${joinQuery(viewPairs(view))}` : ''}`,
      });
    };
    switch (kind) {
      case 'svg': {
        const name = exportFileName(code, view.chartType, 'svg');
        const framed = framedSvg();
        if (!framed) return followLink(svgDownloadUrl(origin(), id, view, image), name);
        return saveBlob(new Blob([framed], { type: 'image/svg+xml' }), name);
      }
      case 'png': {
        const name = exportFileName(code, view.chartType, 'png');
        const framed = framedSvg();
        if (!framed) return followLink(pngDownloadUrl(origin(), id, view, image), name);
        const size = /<svg[^>]*\bwidth="(\d+)"[^>]*\bheight="(\d+)"/.exec(framed);
        svgMarkupToPng(framed, Number(size?.[1]), Number(size?.[2])).then(
          (blob) => saveBlob(blob, name),
          (error: unknown) => {
            console.warn('Client-side PNG failed, using the server:', error);
            followLink(pngDownloadUrl(origin(), id, view, image), name);
          },
        );
        return;
      }
      case 'csv':
        return followLink(dataDownloadUrl(origin(), id, view, 'csv'), exportFileName(code, view.chartType, 'csv'));
      case 'json': {
        const shown = shownRange(view.chartType, ctx.sliderIndex, ctx.periods.length);
        const range =
          shown && ctx.endIndex !== undefined && ctx.endIndex >= shown.start
            ? { ...shown, end: Math.min(shown.end, ctx.endIndex) }
            : shown;
        const body = buildJsonExport({
          dataset: data.dataset,
          series: data.data,
          transform: data.transform,
          view,
          range,
        });
        const blob = new Blob([`${JSON.stringify(body, null, 2)}\n`], { type: 'application/json' });
        return saveBlob(blob, exportFileName(code, view.chartType, 'json'));
      }
      case 'api':
        return setPanel({
          kind,
          title: 'API URL',
          description: 'The data of this view from the public data API (JSON; add format=csv or format=jsonstat).',
          text: dataApiUrl(origin(), id, view),
          feedbackMs: COPY_FEEDBACK_MS.api,
        });
      case 'embed':
        return setPanel({
          kind,
          title: 'Embed code',
          description:
            'Paste this into a web page to show this chart: it takes the width of the page and, with its script, the height of its content.',
          text: embedSnippet(
            embedUrl(origin(), id, view),
            ctx.title,
            embedFrameHeight({
              title: ctx.title,
              subtitle: ctx.subtitle,
              source: `${data.dataset.source_name} (${code})`,
              slider: isSliderVisible(view.chartType),
              grownChart: grownChartHeight(ctx.figure.current, ctx.height),
            }),
            // The view in words, as its chart says it (decision 213): the frame's text alternative.
            describeView({
              data,
              type: view.chartType,
              sliderIndex: ctx.sliderIndex,
              endIndex: ctx.endIndex,
              title: ctx.title,
              countries: view.countries,
              periods: ctx.periods,
            }),
          ),
          feedbackMs: COPY_FEEDBACK_MS.embed,
        });
    }
  };
  return { onExport, panel, closePanel: () => setPanel(null) };
}
