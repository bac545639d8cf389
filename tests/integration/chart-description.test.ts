// Every chart says what it shows in words (issue 40, decision 213): the dataset page's chart carries its description
// as the SVG's <desc> (aria-describedby), and the page's sharing tags carry the card chart's description as
// og:image:alt; the table view is a real <table> with header cells.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headOf, renderDocument } from './page-document';
import { hicp, startSite, type SiteHarness } from './site-harness';

let site: SiteHarness;
beforeAll(async () => {
  site = await startSite([hicp]);
});
afterAll(() => site.close());

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

async function page(path: string): Promise<string> {
  const res = await renderDocument(site.database.db, path);
  expect(res.status).toBe(200);
  return res.html;
}

/** The first chart SVG's description, and whether the SVG points at it. */
function chartDescription(html: string): { desc: string; describedBy: boolean } {
  const svg = /<svg [^>]*data-theme="[^"]*"[^>]*>/.exec(html)?.[0] ?? '';
  const id = /aria-describedby="([^"]+)"/.exec(svg)?.[1] ?? '';
  const desc = new RegExp(`<desc id="${id}">([^<]*)</desc>`).exec(html)?.[1];
  return { desc: decode(desc ?? ''), describedBy: id !== '' && desc !== undefined };
}

const imageAlt = (html: string) =>
  [...headOf(html).matchAll(/<meta property="og:image:alt" content="([^"]*)"\/>/g)].map((m) => decode(m[1]!));

describe('charts described in words', () => {
  it("describes a line chart of one country: start, peak and latest value, the page's chart and its card", async () => {
    const html = await page('/datasets/prc_hicp_manr?chart_type=line&country[]=DE&time_start=1/2020');
    const { desc, describedBy } = chartDescription(html);
    expect(describedBy).toBe(true);
    expect(desc).toMatch(
      /^HICP - monthly data \(annual rate of change\) in Germany rose from [\d.]+ % in January 2020 to a peak of 11\.6 % in October 2022 and was 2\.1 % \(estimated\) in May 2025\.$/,
    );
    // The card draws the asked-for line chart, and its alt text is the chart's words.
    expect(imageAlt(html)).toEqual([desc]);
  });

  it("gives the default page's card (a map of one period) its highest and lowest as alt text", async () => {
    const [alt] = imageAlt(await page('/datasets/prc_hicp_manr'));
    expect(alt).toMatch(
      /^HICP - monthly data \(annual rate of change\) in [A-Z][a-z]+ 20\d\d across .+: the highest is .+ at [\d.]+ % and the lowest .+ at -?[\d.]+ %, of \d+ regions with data\.$/,
    );
  });

  it('draws the table view as a <table> with column and row header cells', async () => {
    const html = await page('/datasets/prc_hicp_manr?chart_type=table&country[]=DE&country[]=FR');
    const table = /<table[\s\S]*?<\/table>/.exec(html)?.[0] ?? '';
    expect(table).toContain('<caption');
    expect(table.match(/<th[^>]*scope="col"/g)?.length).toBeGreaterThan(1);
    expect(table.match(/<th[^>]*scope="row"/g)).toHaveLength(2);
  });
});
