import { describe, expect, it } from 'vitest';
import { CHART_TYPES } from '../core/slider';
import {
  dataApiUrl,
  dataDownloadUrl,
  datasetFetchPath,
  embedSnippet,
  embedUrl,
  exportFileName,
  hasTimeRange,
  pngDownloadUrl,
  staticLinksFor,
} from './view-urls';
import type { ChartViewSpec } from './view-query';

const origin = 'https://stats.example';
const line: ChartViewSpec = {
  chartType: 'line',
  dimensions: { dim2: ['CP00'] },
  countries: ['DE', 'FR'],
  timeStart: '1/2020',
  timeEnd: '5/2025',
};

describe('view URLs', () => {
  it('writes the data API URL of a view', () => {
    expect(dataApiUrl(origin, 12, line)).toBe(
      'https://stats.example/api/datasets/12/data?dim2=CP00&country=DE,FR&period_from=1/2020&period_to=5/2025',
    );
    expect(dataApiUrl(origin, 'prc_hicp_manr', { chartType: 'bar', dimensions: {}, countries: [] })).toBe(
      'https://stats.example/api/datasets/prc_hicp_manr/data',
    );
  });

  it('fetches every period up to time_end for the widget', () => {
    expect(datasetFetchPath(12, line)).toBe('/api/datasets/12?dim2=CP00&country=DE,FR&period_to=5/2025');
  });

  it('writes the embed URL of the specification, times for line and bar only', () => {
    expect(embedUrl(origin, 12, line)).toBe(
      'https://stats.example/datasets/12?embed=true&chart_type=line&dimension[]=dim2:CP00&country[]=DE&country[]=FR&time_start=1/2020&time_end=5/2025',
    );
    expect(embedUrl(origin, 12, { ...line, chartType: 'map' })).toBe(
      'https://stats.example/datasets/12?embed=true&chart_type=map&dimension[]=dim2:CP00&country[]=DE&country[]=FR',
    );
    expect(CHART_TYPES.filter(hasTimeRange)).toEqual(['line', 'bar']);
  });

  it('writes a full-width iframe snippet of the height it is given (545px at least by default), escaping attributes', () => {
    const url = embedUrl(origin, 12, line);
    const [frame, script] = embedSnippet(url, 'Inflation "HICP" <2025>', 611.2).split('\n');
    expect(frame).toBe(
      `<iframe src="${url.replace(/&/g, '&amp;')}" width="100%" height="612" title="Inflation &quot;HICP&quot; &lt;2025&gt;" style="border:0" loading="lazy"></iframe>`,
    );
    expect(embedSnippet(url, 'x')).toContain('height="545"');
    // The frame's text alternative: the chart's name and what it shows in words (issue 40).
    expect(embedSnippet(url, 'HICP', 545, 'Annual inflation in Germany rose from 1.4 % to 2.1 %.')).toContain(
      'title="HICP: Annual inflation in Germany rose from 1.4 % to 2.1 %."',
    );
    // The script hears only the embed's origin, and sets the height of the frame that sent the message.
    expect(script).toMatch(/^<script>window\.addEventListener\("message",function\(e\)\{.*\}\)<\/script>$/);
    expect(script).toContain('e.origin!=="https://stats.example"');
    expect(script).toContain('d.type!=="embed-height"');
    expect(script).toContain('f[i].contentWindow===e.source');
  });

  it("the snippet's script sizes the frame that sent a message from the embed's origin, and no other", () => {
    const script = /<script>(.*)<\/script>/.exec(embedSnippet(embedUrl(origin, 12, line), 'x'))![1]!;
    const frames = [
      { contentWindow: {}, style: { height: '' } },
      { contentWindow: {}, style: { height: '' } },
    ];
    let listener: ((e: { origin: string; source: unknown; data: unknown }) => void) | undefined;
    const window = { addEventListener: (_: string, fn: typeof listener) => (listener = fn) };
    const document = { getElementsByTagName: () => frames };
    new Function('window', 'document', script)(window, document);
    listener!({
      origin: 'https://evil.example',
      source: frames[0]!.contentWindow,
      data: { type: 'embed-height', height: 900 },
    });
    listener!({
      origin: 'https://stats.example',
      source: frames[0]!.contentWindow,
      data: { type: 'other', height: 900 },
    });
    expect(frames.map((f) => f.style.height)).toEqual(['', '']);
    listener!({
      origin: 'https://stats.example',
      source: frames[1]!.contentWindow,
      data: { type: 'embed-height', height: 612.4 },
    });
    expect(frames.map((f) => f.style.height)).toEqual(['', '613px']);
  });

  it('names server downloads with the same parameters and datasetId', () => {
    expect(pngDownloadUrl(origin, 12, line, { width: 800.4, height: 428, theme: 'dark', hideLegend: true })).toBe(
      'https://stats.example/api/charts/download-png?datasetId=12&chart_type=line&dimension[]=dim2:CP00&country[]=DE&country[]=FR&time_start=1/2020&time_end=5/2025&width=800&height=428&theme=dark&hide_legend=true',
    );
    expect(dataDownloadUrl('', 12, { ...line, countries: [] }, 'csv')).toBe(
      '/api/charts/download?datasetId=12&chart_type=line&dimension[]=dim2:CP00&time_start=1/2020&time_end=5/2025&format=csv',
    );
    expect(exportFileName('prc_hicp_manr', 'horizontal-bar', 'png')).toBe('prc_hicp_manr-horizontal-bar.png');
    expect(exportFileName('', 'map', 'json')).toBe('chart-map.json');
  });

  it('links the embed controls: each type to the view it would show, files and API of the current view', () => {
    const map: ChartViewSpec = { ...line, chartType: 'map', timeStart: '5/2025', timeEnd: '5/2025' };
    const typeViews = Object.fromEntries(
      CHART_TYPES.map((t) => [
        t,
        { ...map, chartType: t, ...(t === 'line' ? { timeStart: undefined, timeEnd: undefined } : {}) },
      ]),
    ) as Record<(typeof CHART_TYPES)[number], ChartViewSpec>;
    const links = staticLinksFor(12, map, { width: 600 }, typeViews);
    expect(links.types.line).toBe(
      '/datasets/12?embed=true&chart_type=line&dimension[]=dim2:CP00&country[]=DE&country[]=FR',
    );
    expect(links.types.bar).toBe(
      '/datasets/12?embed=true&chart_type=bar&dimension[]=dim2:CP00&country[]=DE&country[]=FR&time_start=5/2025&time_end=5/2025',
    );
    expect(links.types.map).toBe(
      '/datasets/12?embed=true&chart_type=map&dimension[]=dim2:CP00&country[]=DE&country[]=FR',
    );
    expect(links.png).toContain('/api/charts/download-png?datasetId=12&chart_type=map');
    expect(links.png).toContain('time_start=5/2025&time_end=5/2025&width=600');
    expect(links.csv).toContain('/api/charts/download?datasetId=12&chart_type=map');
    expect(links.api).toBe('/api/datasets/12/data?dim2=CP00&country=DE,FR&period_from=5/2025&period_to=5/2025');
    expect(links.follow).toBe('/app/chart?id=12');
  });
});
