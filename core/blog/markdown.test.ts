import { describe, expect, it } from 'vitest';
import { markdownExcerpt, renderPostMarkdown } from './markdown';

const htmlOf = (md: string) =>
  renderPostMarkdown(md)
    .map((s) => (s.kind === 'html' ? s.html : `[${s.kind}]`))
    .join('');

describe('renderPostMarkdown', () => {
  it('renders Markdown to HTML', () => {
    expect(htmlOf('## Title\n\nSome **bold** text and a [link](https://ec.europa.eu/eurostat).')).toBe(
      '<h2>Title</h2>\n<p>Some <strong>bold</strong> text and a <a href="https://ec.europa.eu/eurostat" rel="noopener nofollow">link</a>.</p>\n',
    );
  });

  it('links each citation marker [n] to the view its source line links (a robot post, issue 41)', () => {
    const url = 'https://stats.example/datasets/prc_hicp_manr?country[]=DE&time_start=2/2025';
    const md = [
      'The latest figure for Germany is 2.6 % [1], for February 2025.',
      '',
      '## Sources',
      '',
      `- [1] Germany, All-items HICP, 2/2025: 2.6 %. [HICP (prc_hicp_manr)](${url})`,
      '- [2] A source line without a link.',
      '',
      'A marker with no source stays text [2], and so does [3].',
    ].join('\n');
    const html = htmlOf(md);
    const href = url.replace(/&/g, '&amp;').replace(/\[/g, '%5B').replace(/\]/g, '%5D');
    expect(html).toContain(`2.6 % <a href="${href}" aria-label="source 1" rel="noopener nofollow">[1]</a>, for`);
    // The source line itself keeps its number as text; markers without a linked source stay text.
    expect(html).toContain('<li>[1] Germany');
    expect(html).toContain('stays text [2], and so does [3].');
  });

  it('shows raw HTML of a post as text: no script, no event handler, no iframe', () => {
    const html = htmlOf(
      '<script>alert(1)</script>\n\nHi <img src=x onerror="alert(2)"> <iframe src="https://evil.example"></iframe>\n\n<a href="javascript:alert(3)">x</a>',
    );
    expect(html).not.toMatch(/<script|<img|<iframe|<a href="javascript/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Hi &lt;img src=x onerror=');
  });

  it('drops links and images with unsafe schemes', () => {
    const html = htmlOf(
      '[a](javascript:alert(1)) [b](vbscript:x) ![c](data:text/html;base64,PHNjcmlwdD4=) [d](/statistics)',
    );
    expect(html).not.toMatch(/href="(javascript|vbscript)|src="data:text/);
    expect(html).toContain('<a href="/statistics">d</a>');
  });

  it('cuts the body at chart shortcodes, in reading order, and keeps bad ones as errors', () => {
    const segments = renderPostMarkdown(
      'Before.\n\n{{< chart dataset="prc_hicp_manr" countries="DE" type="line" >}}\n\nBetween.\n\n{{< chart dataset="x" type="pie" >}}\n\nAfter.',
    );
    expect(segments.map((s) => s.kind)).toEqual(['html', 'chart', 'html', 'chart-error', 'html']);
    expect(segments[1]).toMatchObject({ kind: 'chart', chart: { dataset: 'prc_hicp_manr', countries: ['DE'] } });
  });

  it('leaves shortcodes inside code blocks and a forged placeholder as text', () => {
    const segments = renderPostMarkdown('```\n{{< chart dataset="x" >}}\n```\n\nText <!--chart:0--> here.');
    expect(segments.map((s) => s.kind)).toEqual(['html']);
    expect(htmlOf('Text <!--chart:0-->')).toContain('&lt;!–chart:0–&gt;');
  });
});

describe('markdownExcerpt', () => {
  it('is the plain text of the first paragraph, shortened', () => {
    expect(markdownExcerpt('# Heading\n\nFirst *paragraph* with `code`.\n\nSecond.')).toBe(
      'First paragraph with code.',
    );
    expect(markdownExcerpt('A '.repeat(200), 20)).toHaveLength(20);
  });
});
