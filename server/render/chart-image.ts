// A chart view's image as published (SVG from the widget's own components, PNG through resvg): pure functions of the
// view's data, run in the drawing threads (server/render/worker.ts, decision 182) and by anything that needs a chart
// drawn. Nothing here reads the database.
import { Resvg } from '@resvg/resvg-js';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { DatasetData } from '../../core/schemas/dataset';
import {
  ChartView,
  joinQuery,
  publishedSvg,
  sliderFor,
  viewLabels,
  viewPairs,
  type ChartViewSpec,
  type LoadedOutlines,
} from '../../app/charts';

/** PNG exports are drawn at twice the chart's size. */
export const PNG_ZOOM = 2;

export interface ChartImageInput {
  data: DatasetData;
  view: ChartViewSpec;
  width: number;
  height: number;
  theme: 'light' | 'dark';
  title?: string;
  hideLegend?: boolean;
  outlines: LoadedOutlines | null;
  /** The table's rows in this order (`column:direction`). */
  sort?: { column: string; direction: 'ascending' | 'descending' } | null;
}

export { sliderFor };

/** The view's SVG as the widget draws it. */
export function renderChartSvg(input: ChartImageInput): string {
  const { data, view } = input;
  const { periods, index } = sliderFor(data, view);
  const markup = renderToStaticMarkup(
    createElement(ChartView, {
      data,
      type: view.chartType,
      sliderIndex: index,
      periods,
      width: input.width,
      height: input.height,
      theme: input.theme,
      title: input.title,
      hideLegend: input.hideLegend,
      countries: view.countries,
      outlines: input.outlines,
      tableSort: input.sort ?? null,
      mode: 'image',
      readonly: true,
    }),
  );
  // The map view appends its tooltip values as a script element; the image is the <svg> alone.
  return markup.slice(markup.indexOf('<svg'), markup.lastIndexOf('</svg>') + '</svg>'.length);
}

/** The view's page on the site (`/datasets/{code}?…`), printed under an exported chart and atop its CSV. */
export function viewPagePath(datasetCode: string, view: ChartViewSpec): string {
  const pairs = viewPairs(view);
  return `/datasets/${datasetCode}${pairs.length > 0 ? `?${joinQuery(pairs)}` : ''}`;
}

/**
 * The view's image as published: the chart under its title and subtitle (the selected dimension values and unit),
 * over the source line and the view's address (issue 11: exports a newspaper can print as they are).
 */
export function publishedChartSvg(input: ChartImageInput, publicUrl?: string): string {
  const { data, view } = input;
  const meta = data.dataset;
  const path = viewPagePath(meta.dataset_code, view);
  const inner = renderChartSvg(input);
  // Some views draw shorter than asked (a horizontal bar chart of a few bars): the frame fits what was drawn.
  const drawn = Number(/^<svg[^>]*?\sheight="(\d+(?:\.\d+)?)"/.exec(inner)?.[1]);
  return publishedSvg({
    inner,
    width: input.width,
    height: Number.isFinite(drawn) && drawn > 0 ? drawn : input.height,
    theme: input.theme,
    title: input.title || meta.dataset_name,
    subtitle: viewLabels(meta, data.data, data.transform).subtitle,
    source: `Source: ${meta.source_name} (${meta.dataset_code})`,
    url: publicUrl ? `${publicUrl.replace(/\/+$/, '')}${path}` : undefined,
  });
}

/** resvg with the fonts the charts are laid out for; labels would fall back to a serif font otherwise. */
export function rasterise(svg: string, zoom = PNG_ZOOM): Buffer {
  const resvg = new Resvg(svg, {
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
    fitTo: { mode: 'zoom', value: zoom },
  });
  return resvg.render().asPng();
}
