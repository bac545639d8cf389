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
  linkMarkers(md);
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

/** A source line of a cited post (the robot's, decision 141): "- [1] Germany, …: 2.6 %. [HICP (prc_hicp_manr)](url)". */
const SOURCE_LINE = /^\s*[-*] \[(\d+)\] .*\]\(([^()\s]+)\)\s*$/;

/** Each source's link by its number: where a marker [n] in the text leads. */
function sourceLinks(markdown: string): Map<string, string> {
  const links = new Map<string, string>();
  for (const line of markdown.split('\n')) {
    const m = SOURCE_LINE.exec(line);
    if (m) links.set(m[1]!, m[2]!);
  }
  return links;
}

/**
 * A post's citation markers ("2.6 % [1]") as links to the chart view its source line names (issue 41, decision 208).
 * Done when rendering, so the Markdown the editor edits, the number checks and the diff keep the plain markers.
 */
function linkMarkers(md: MarkdownIt): void {
  md.core.ruler.push('citation_markers', (state) => {
    const links = (state.env as { sourceLinks?: Map<string, string> }).sourceLinks;
    if (!links || links.size === 0) return;
    for (const block of state.tokens) {
      if (block.type !== 'inline' || !block.children) continue;
      // A source line's own leading number stays text.
      const ownLine = SOURCE_LINE.test(block.content) || /^\[\d+\] .*\]\([^()\s]+\)$/.test(block.content);
      const children = [];
      let inLink = 0;
      for (const token of block.children) {
        if (token.type === 'link_open') inLink++;
        if (token.type === 'link_close') inLink--;
        if (token.type !== 'text' || inLink > 0 || !/\[\d+\]/.test(token.content)) {
          children.push(token);
          continue;
        }
        const parts = token.content.split(/(\[\d+\])/);
        for (const [i, part] of parts.entries()) {
          const n = /^\[(\d+)\]$/.exec(part)?.[1];
          const href = n === undefined ? undefined : links.get(n);
          const leading = ownLine && i === 1 && parts[0] === '' && children.length === 0;
          if (href === undefined || leading || !md.validateLink(href)) {
            if (part) children.push(Object.assign(new state.Token('text', '', 0), { content: part }));
            continue;
          }
          const open = new state.Token('link_open', 'a', 1);
          open.attrs = [
            ['href', md.normalizeLink(href)],
            ['aria-label', `source ${n}`],
          ];
          children.push(open, Object.assign(new state.Token('text', '', 0), { content: part }));
          children.push(new state.Token('link_close', 'a', -1));
        }
      }
      block.children = children;
    }
  });
}

/** The post body as HTML segments and chart segments, in reading order. */
export function renderPostMarkdown(markdown: string): PostSegment[] {
  const env = { sourceLinks: sourceLinks(markdown) };
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
