import { describe, expect, it } from 'vitest';
import { publishedChrome, publishedSvg, wrapText } from './published-frame';

const inner = '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="300" role="img"><rect/></svg>';

describe('publishedSvg', () => {
  it('puts title, subtitle, source and address around the chart (issue 11, item 7)', () => {
    const svg = publishedSvg({
      inner,
      width: 600,
      height: 300,
      theme: 'light',
      title: 'HICP - monthly data (annual rate of change)',
      subtitle: 'Food and non-alcoholic beverages · Annual rate of change (%)',
      source: 'Source: Eurostat (prc_hicp_manr)',
      url: 'https://example.org/datasets/prc_hicp_manr?chart_type=line',
    });
    const { top, bottom } = publishedChrome({
      width: 600,
      title: 'HICP - monthly data (annual rate of change)',
      subtitle: 'Food and non-alcoholic beverages · Annual rate of change (%)',
      url: 'x',
    });
    expect(svg).toMatch(
      new RegExp(`^<svg xmlns="http://www.w3.org/2000/svg" width="600" height="${Math.round(top + 300 + bottom)}"`),
    );
    expect(svg).toContain('>HICP - monthly data (annual rate of change)</text>');
    expect(svg).toContain('>Food and non-alcoholic beverages · Annual rate of change (%)</text>');
    expect(svg).toContain('>Source: Eurostat (prc_hicp_manr)</text>');
    expect(svg).toContain('>https://example.org/datasets/prc_hicp_manr?chart_type=line</text>');
    expect(svg).toContain(`<svg x="0" y="${Math.round(top)}" xmlns="http://www.w3.org/2000/svg" width="600"`);
  });

  it("carries the chart's title and description as its own <title> and <desc> (issue 40)", () => {
    const described =
      '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="300" role="img"><title id="c-title">T</title>' +
      '<desc id="c-desc">Annual inflation in Germany rose from 1.4 % &amp; more.</desc><rect/></svg>';
    const svg = publishedSvg({
      inner: described,
      width: 600,
      height: 300,
      theme: 'light',
      title: 'A & B',
      subtitle: '',
      source: 'S',
    });
    expect(svg).toMatch(/^<svg [^>]*role="img" aria-labelledby="published-title" aria-describedby="published-desc">/);
    expect(svg).toContain(
      '<title id="published-title">A &amp; B</title><desc id="published-desc">Annual inflation in Germany rose from 1.4 % &amp; more.</desc>',
    );
  });

  it('escapes text and wraps a long title', () => {
    const svg = publishedSvg({
      inner,
      width: 300,
      height: 200,
      theme: 'dark',
      title: 'A & <B>',
      subtitle: '',
      source: 'S',
    });
    expect(svg).toContain('>A &amp; &lt;B&gt;</text>');
    expect(svg).not.toContain('published-url');
    expect(
      wrapText('Gross domestic product (GDP) at current market prices by NUTS 3 regions', 200, 18, true).length,
    ).toBeGreaterThan(2);
  });
});
