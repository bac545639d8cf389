// Chart sizes and layout constants from the specification (section 9).
import { estimateTextWidth } from './text-width';

/** Tailwind's md breakpoint, from which charts get their taller height. */
export const MD_BREAKPOINT = 768;
export const CHART_HEIGHT = 368;
export const CHART_HEIGHT_MD = 428;
export const MAP_HEIGHT = 350;
export const MAP_HEIGHT_MD = 452;
export const WIDGET_DEFAULT_HEIGHT = 400;
/** Below this width a layout becomes 'half'. */
export const HALF_LAYOUT_MAX_WIDTH = 500;
/** Height of the embed iframe. */
export const EMBED_HEIGHT = 545;

export type ChartLayout = 'full' | 'half';

/** 'half' below 500px of width, 'full' from 500px. */
export function layoutFor(width: number): ChartLayout {
  return width < HALF_LAYOUT_MAX_WIDTH ? 'half' : 'full';
}

/** The drawing height of a chart or map for a viewport width (taller from the md breakpoint). */
export function chartHeightFor(viewportWidth: number, kind: 'chart' | 'map' = 'chart'): number {
  const md = viewportWidth >= MD_BREAKPOINT;
  if (kind === 'map') return md ? MAP_HEIGHT_MD : MAP_HEIGHT;
  return md ? CHART_HEIGHT_MD : CHART_HEIGHT;
}

/** The embed's narrow copy's drawing width: a 320px frame less the page padding, scaled a little at most. */
export const EMBED_NARROW_WIDTH = 340;

/**
 * The chart's height inside an embed frame: what the padding, header, slider and source line leave of the 545px the
 * specification gives the frame, with a two-line header below 500px. The frame grows beyond it when the title or the
 * notes take more lines (embedFrameHeight; the page's script reports its height, decision 200).
 */
export function embedChartHeight(width: number): number {
  // Padding, title, subtitle (one line; two below 500px), gaps, slider and source line.
  const chrome = 24 + 32 + 20 + 12 + 12 + 20 + 8 + 18 + 4;
  return EMBED_HEIGHT - chrome - (layoutFor(width) === 'half' ? 60 : 0);
}

/**
 * The embed's "Ask this chart" form under the source line (decision 212): its 12px margin, the label's line (20px), a
 * 4px gap and the input (34px), the button beside it at every frame width from 320px.
 */
export const EMBED_ASK_FORM_HEIGHT = 12 + 20 + 4 + 34;

/** Lines a text takes at a font size in a box of a width, wrapped at spaces as a browser does. */
export function wrappedLines(text: string, fontSize: number, width: number): number {
  if (!text) return 0;
  let lines = 1;
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && estimateTextWidth(next, fontSize) > width) {
      lines++;
      line = word;
    } else line = next;
  }
  return lines;
}

/** What an embed frame shows besides its chart, for its no-script height. */
export interface EmbedFrameText {
  title: string;
  subtitle: string;
  /** `Eurostat ({dataset code})` and any note the source line carries, after "Source: ". */
  source: string;
  /** Whether the view has a time slider under the chart. */
  slider: boolean;
  /** Notes above the slider (what the view left out), each its own paragraph. */
  notes?: readonly string[];
  /** A chart that grows with its rows (horizontal bars on a phone) drawn this tall: taller than the frame's chart. */
  grownChart?: number;
}

/** The width the header's buttons (chart type, Export, Follow) take beside the title in the full layout. */
const EMBED_BUTTONS_WIDTH = 250;
/** The page's padding around the widget (p-3). */
const EMBED_PADDING = 12;
/** The drawing width of the embed's first answer, scaled down to frames narrower than it (`max-width: 100%`). */
const EMBED_FIRST_WIDTH = 800;

/**
 * The height of an embed frame's content at a frame width without its script: padding, header (title and subtitle
 * beside the buttons from a 500px widget, above them below), the first answer's drawing as it scales to the frame
 * (800px wide, or the 340px narrow copy below 500px), the notes, the slider and the source line, with the line heights
 * of the page's text (16px/22px title, 14px/19px subtitle, 12px/16px notes and source).
 */
export function embedContentHeight(text: EmbedFrameText, frameWidth: number): number {
  const inner = frameWidth - 2 * EMBED_PADDING;
  const half = layoutFor(inner) === 'half';
  const textWidth = half ? inner : inner - EMBED_BUTTONS_WIDTH;
  const heading =
    Math.ceil(wrappedLines(text.title, 16, textWidth) * 22) +
    (text.subtitle ? 2 + Math.ceil(wrappedLines(text.subtitle, 14, textWidth) * 19.25) : 0);
  const header = half ? heading + 8 + 32 : Math.max(heading, 32);
  const drawn = half ? EMBED_NARROW_WIDTH : EMBED_FIRST_WIDTH;
  const chart = Math.max(embedChartHeight(drawn) * Math.min(1, inner / drawn), text.grownChart ?? 0);
  const footerParts = [
    ...(text.notes ?? []).map((note) => wrappedLines(note, 12, inner) * 16),
    ...(text.slider ? [44] : []),
    wrappedLines(`Source: ${text.source}`, 12, inner) * 16,
  ];
  const footer = footerParts.reduce((sum, h) => sum + h, 0) + 8 * (footerParts.length - 1);
  return 2 * EMBED_PADDING + header + 12 + chart + 12 + footer + EMBED_ASK_FORM_HEIGHT;
}

/** Frame widths where the content is tallest: each layout's narrowest, and where the drawing stops scaling. */
const EMBED_SAMPLE_WIDTHS = [320, 364, 420, 523, 524, 600, 700, 824, 1024, 1280];

/**
 * The iframe height an embed snippet gives without its script (decision 200): the tallest the content is at any frame
 * from 320px wide, and never below the 545px the specification names. With the script the frame takes its content's
 * height instead.
 */
export function embedFrameHeight(text: EmbedFrameText): number {
  const tallest = Math.max(...EMBED_SAMPLE_WIDTHS.map((w) => embedContentHeight(text, w)));
  return Math.max(EMBED_HEIGHT, Math.ceil(tallest));
}
