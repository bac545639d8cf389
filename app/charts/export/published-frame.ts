// A chart image ready to publish: title, subtitle (the selection and unit) above, the source line and address below.
import { FONT_FAMILY, themeColors, type Theme } from '../core/palette';
import { estimateTextWidth, truncateText } from '../core/text-width';

export interface PublishedFrameInput {
  /** The chart's own <svg> markup (renderToStaticMarkup or XMLSerializer). */
  inner: string;
  width: number;
  height: number;
  theme: Theme;
  title: string;
  subtitle: string;
  /** 'Source: Eurostat (prc_hicp_manr)'. */
  source: string;
  /** The view's address, so that a reader can find the live chart. */
  url?: string;
}

const PAD = 16;
const TITLE_SIZE = 18;
const SUBTITLE_SIZE = 13;
const FOOT_SIZE = 11;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Words to lines no wider than `max` pixels (a word longer than a line gets a line of its own). */
export function wrapText(text: string, max: number, fontSize: number, bold = false): string[] {
  const factor = bold ? 1.08 : 1;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && estimateTextWidth(next, fontSize) * factor > max) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** The view's address if it fits the line, else the dataset page's (a cut address would lead nowhere). */
function fittingUrl(url: string, max: number): string {
  if (estimateTextWidth(url, FOOT_SIZE) <= max) return url;
  return truncateText(url.split('?')[0] ?? url, max, FOOT_SIZE);
}

/** The height a frame adds above and below a chart of this width, for callers that size the whole image. */
export function publishedChrome(input: Pick<PublishedFrameInput, 'width' | 'title' | 'subtitle' | 'url'>): {
  top: number;
  bottom: number;
} {
  const max = input.width - 2 * PAD;
  const titleLines = wrapText(input.title, max, TITLE_SIZE, true).length;
  const subLines = input.subtitle ? wrapText(input.subtitle, max, SUBTITLE_SIZE).length : 0;
  const top = PAD + titleLines * (TITLE_SIZE + 6) + subLines * (SUBTITLE_SIZE + 5) + 6;
  const bottom = 8 + (FOOT_SIZE + 5) * (input.url ? 2 : 1) + PAD - 4;
  return { top, bottom };
}

/**
 * The chart's SVG inside a newspaper-style frame: title and subtitle over it, the source line and the view's
 * address under it, on the theme's background. The chart keeps its size; the image grows by the frame.
 */
export function publishedSvg(input: PublishedFrameInput): string {
  const colors = themeColors(input.theme);
  const max = input.width - 2 * PAD;
  const { top, bottom } = publishedChrome(input);
  const total = Math.round(top + input.height + bottom);
  const parts: string[] = [];
  let y = PAD + TITLE_SIZE - 2;
  for (const line of wrapText(input.title, max, TITLE_SIZE, true)) {
    parts.push(
      `<text class="published-title" x="${PAD}" y="${y}" font-size="${TITLE_SIZE}" font-weight="700" fill="${colors.text}">${escapeXml(line)}</text>`,
    );
    y += TITLE_SIZE + 6;
  }
  y += SUBTITLE_SIZE - TITLE_SIZE + 2;
  if (input.subtitle) {
    for (const line of wrapText(input.subtitle, max, SUBTITLE_SIZE)) {
      parts.push(
        `<text class="published-subtitle" x="${PAD}" y="${y}" font-size="${SUBTITLE_SIZE}" fill="${colors.mutedText}">${escapeXml(line)}</text>`,
      );
      y += SUBTITLE_SIZE + 5;
    }
  }
  const chart = input.inner.replace(/^<svg\b/, `<svg x="0" y="${Math.round(top)}"`);
  let fy = Math.round(top + input.height) + 8 + FOOT_SIZE;
  const foot = [
    `<text class="published-source" x="${PAD}" y="${fy}" font-size="${FOOT_SIZE}" fill="${colors.mutedText}">${escapeXml(truncateText(input.source, max, FOOT_SIZE))}</text>`,
  ];
  if (input.url) {
    fy += FOOT_SIZE + 5;
    foot.push(
      `<text class="published-url" x="${PAD}" y="${fy}" font-size="${FOOT_SIZE}" fill="${colors.mutedText}">${escapeXml(fittingUrl(input.url, max))}</text>`,
    );
  }
  // The chart's own words (its <desc>, already escaped) describe the exported image too (decision 213).
  const desc = /<desc\b[^>]*>([\s\S]*?)<\/desc>/.exec(input.inner)?.[1] ?? '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${input.width}" height="${total}" viewBox="0 0 ${input.width} ${total}" font-family="${escapeXml(FONT_FAMILY)}" role="img" aria-labelledby="published-title" aria-describedby="published-desc">` +
    `<title id="published-title">${escapeXml(input.title)}</title>` +
    `<desc id="published-desc">${desc}</desc>` +
    `<rect width="${input.width}" height="${total}" fill="${colors.background}"/>` +
    parts.join('') +
    chart +
    foot.join('') +
    '</svg>'
  );
}
