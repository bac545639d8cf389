// What the drawing threads draw (decision 182): the jobs the main thread posts and how a thread draws each. The main
// thread reads the database and the outlines; a job carries everything its drawing needs, as plain data.
import type { LoadedOutlines } from '../../app/charts';
import type { CardContent } from '../charts/og-card';
import { drawCard } from './card-image';
import { PNG_ZOOM, publishedChartSvg, rasterise, renderChartSvg, type ChartImageInput } from './chart-image';

/** Map outlines as a job carries them: their GeoJSON text, parsed once per thread and kept by `key`. */
export interface OutlinesRef {
  key: string;
  kind: LoadedOutlines['kind'];
  path: string;
  json: string;
}

export type ChartJobInput = Omit<ChartImageInput, 'outlines'> & { outlines: OutlinesRef | null };

export type RenderJob =
  /** A chart view's published SVG (the downloads' frame with title, source and address). */
  | { kind: 'chart-svg'; input: ChartJobInput; publicUrl?: string }
  /** The same as a PNG at twice its size. */
  | { kind: 'chart-png'; input: ChartJobInput; publicUrl?: string }
  /** The bare chart of a sharing card, as a PNG at twice its size. */
  | { kind: 'card-chart'; input: ChartJobInput }
  /** A 1200 × 630 sharing card (satori lays it out, resvg draws it). */
  | { kind: 'card'; card: CardContent; host: string };

export type RenderResult<J extends RenderJob> = J extends { kind: 'chart-svg' } ? string : Uint8Array;

/** Outlines already parsed in this thread, by key: the last few (a store has five files at most). */
const parsed = new Map<string, LoadedOutlines>();

function outlinesOf(ref: OutlinesRef | null): LoadedOutlines | null {
  if (!ref) return null;
  let loaded = parsed.get(ref.key);
  if (!loaded) {
    loaded = { kind: ref.kind, path: ref.path, outlines: JSON.parse(ref.json) } as LoadedOutlines;
    parsed.set(ref.key, loaded);
    if (parsed.size > 8) parsed.delete(parsed.keys().next().value!);
  }
  return loaded;
}

const chartInput = (input: ChartJobInput): ChartImageInput => ({ ...input, outlines: outlinesOf(input.outlines) });

/** Draws a job (in a drawing thread): an SVG's text, or a PNG's bytes. */
export async function runJob(job: RenderJob): Promise<string | Uint8Array> {
  switch (job.kind) {
    case 'chart-svg':
      return publishedChartSvg(chartInput(job.input), job.publicUrl);
    case 'chart-png':
      return rasterise(publishedChartSvg(chartInput(job.input), job.publicUrl), PNG_ZOOM);
    case 'card-chart':
      return rasterise(renderChartSvg(chartInput(job.input)), 2);
    case 'card':
      return drawCard(job.card, job.host);
  }
}
