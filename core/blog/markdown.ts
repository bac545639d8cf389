// Post Markdown to safe HTML: raw HTML in a post is shown as text, unsafe link schemes are dropped,
// and each chart shortcode becomes a chart segment between HTML segments.
import MarkdownIt from 'markdown-it';
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';
import { parseChartShortcode, SHORTCODE_LINE, type ChartShortcode } from './chart-shortcode';

export type PostSegment =
  | { kind: 'html'; html: string }
  | { kind: 'chart'; index: number; chart: ChartShortcode }
  | { kind: 'chart-error'; index: number; message: string };

/** A comment the renderer alone can write: with `html: false` a post's own `<!--` is escaped. */
const PLACEHOLDER = /<!--chart:(\d+)-->\n?/;

function chartBlockRule(state: StateBlock, startLine: number, _endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const start = state.bMarks[startLine]! + state.tShift[startLine]!;
  const line = state.src.slice(start, state.eMarks[startLine]);
  const m = SHORTCODE_LINE.exec(line);
  if (!m) return false;
  if (silent) return true;
  const token = state.push('chart_shortcode', '', 0);
  token.content = m[1] ?? '';
  token.map = [startLine, startLine + 1];
  token.block = true;
  state.line = startLine + 1;
  return true;
}

function createRenderer(): MarkdownIt {
  const md = new MarkdownIt({ html: false, linkify: true, typographer: true });
  md.block.ruler.before('paragraph', 'chart_shortcode', chartBlockRule, { alt: ['paragraph'] });
  md.renderer.rules.chart_shortcode = (tokens, i) => `<!--chart:${Number(tokens[i]!.meta)}-->\n`;
  const linkOpen =
    md.renderer.rules.link_open ?? ((tokens, i, options, _env, self) => self.renderToken(tokens, i, options));
  md.renderer.rules.link_open = (tokens, i, options, env, self) => {
    const href = tokens[i]!.attrGet('href') ?? '';
    if (/^https?:\/\//i.test(href)) tokens[i]!.attrSet('rel', 'noopener nofollow');
    return linkOpen(tokens, i, options, env, self);
  };
  return md;
}

const renderer = createRenderer();

/** The post body as HTML segments and chart segments, in reading order. */
export function renderPostMarkdown(markdown: string): PostSegment[] {
  const env = {};
  const tokens = renderer.parse(markdown, env);
  const attributes: string[] = [];
  for (const token of tokens) {
    if (token.type !== 'chart_shortcode') continue;
    token.meta = attributes.length;
    attributes.push(token.content);
  }
  const html = renderer.renderer.render(tokens, renderer.options, env);
  const segments: PostSegment[] = [];
  let rest = html;
  for (let m = PLACEHOLDER.exec(rest); m; m = PLACEHOLDER.exec(rest)) {
    const before = rest.slice(0, m.index);
    if (before.trim()) segments.push({ kind: 'html', html: before });
    const index = Number(m[1]);
    const parsed = parseChartShortcode(attributes[index] ?? '');
    segments.push(
      parsed.ok
        ? { kind: 'chart', index, chart: parsed.chart }
        : { kind: 'chart-error', index, message: parsed.message },
    );
    rest = rest.slice(m.index + m[0].length);
  }
  if (rest.trim()) segments.push({ kind: 'html', html: rest });
  return segments;
}

/** Plain text of the first paragraph, for descriptions when a post has no summary. */
export function markdownExcerpt(markdown: string, maxLength = 200): string {
  const tokens = renderer.parse(markdown, {});
  const start = tokens.findIndex((t, i) => t.type === 'paragraph_open' && tokens[i + 1]?.content.trim());
  const inline = start === -1 ? undefined : tokens[start + 1];
  const text = (inline?.children ?? [])
    .filter((t) => t.type === 'text' || t.type === 'code_inline')
    .map((t) => t.content)
    .join('')
    .trim();
  return text.length <= maxLength ? text : `${text.slice(0, maxLength - 1).trimEnd()}…`;
}
