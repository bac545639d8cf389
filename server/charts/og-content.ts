// What a page's sharing card says: title, description and, for dataset pages and chart views, the chart itself.
import { readablePeriod } from '../../core/periods';
import { FREE_DAILY_API_REQUESTS } from '../../core/plans';
import { siblingSlugs } from '../../core/slugs';
import type { ReadDb } from '../../db/client';
import { findPublishedPost } from '../../db/queries/blog';
import { NotYetImported } from '../../db/queries/revisions';
import { loadView, openDataset, openView, ViewTooLarge, viewTooLargeNote } from '../../db/queries/view';
import { sitemapPlaces } from '../../db/queries/site';
import { cardView, dataError, sliderFor, viewLabels } from '../../app/charts';
import { outlineStore, type OutlineStore } from '../geo/outline-store';
import { chartJobInput, renderPool } from '../render/pool';
import { CARD_CHART, type CardContent } from './og-card';
import { renderQueue } from '../http/middleware/work-limits';

export { CARD_CHART };

const pages: Record<string, [string, string]> = {
  '/': [
    'European statistics, exactly as published',
    'Inflation, unemployment and GDP for every European country and region, as charts, maps, tables and an API.',
  ],
  '/datasets': [
    'Datasets',
    'Official Eurostat datasets on inflation, unemployment and GDP, with every value and flag.',
  ],
  '/about': [
    'About',
    'Official statistics imported with every value, flag and revision, published as charts and an open API.',
  ],
  '/contact': ['Contact', 'Questions about a figure, the data API, the Pro plan or a dataset you would like to see.'],
  '/pricing': [
    'Pricing',
    `Free: every chart, export and embed, and ${FREE_DAILY_API_REQUESTS.toLocaleString('en-GB')} API requests a day. Pro: unlimited API access.`,
  ],
  '/terms': ['Terms of use', 'Reuse of Eurostat data, the data API and its daily limit, accounts and the Pro plan.'],
  '/privacy': ['Privacy notice', 'What personal data the site keeps, why, for how long, and your rights.'],
  '/researcher': [
    'For researchers',
    'Eurostat series with flags, decimals and revisions, in CSV, JSON or JSON-stat 2.0.',
  ],
  '/collaboration': [
    'Collaboration',
    'Organisation accounts, shared charts, embeds for newsrooms and dataset partnerships.',
  ],
  '/api-developers': [
    'API for developers',
    'List datasets, read metadata, select series by country and period, cache with ETags.',
  ],
  '/statistics-api': ['Statistics API', 'European inflation, unemployment and GDP as JSON, CSV and JSON-stat 2.0.'],
  '/trend-tracking': ['Trend tracking', 'Follow inflation, unemployment and GDP release by release.'],
  '/content-writer-case-study': [
    'Case study: writing about the 2022 inflation peak',
    'From a question to a published chart with official figures.',
  ],
  '/api-docs': ['API reference', 'Every endpoint with its parameters and answers, and a form to try each one.'],
  '/statistics': [
    'Statistics by country',
    'Inflation, unemployment and GDP for each European country and its regions.',
  ],
  '/blog': ['Blog', 'Articles on European inflation, labour markets and growth, with live charts.'],
};

// Cards draw world maps only (regional data gets sorted bars), so they need no data mirror: callers without the
// server's store (tests) get this one.
const worldOnly = outlineStore(null);

/** The dataset's chart for a view; without a chart_type the card shows a map (or sorted bars for regions). */
async function datasetCard(
  db: ReadDb,
  id: string,
  query: URLSearchParams,
  outlines: OutlineStore,
  signal?: AbortSignal,
): Promise<CardContent | null> {
  const found = await openDataset(db, id);
  if (!found) return null;
  const { row, meta } = found;
  // The card shows what the page shows: the view opened by the one rule (core/view.ts), the coverage rule included.
  const opened = await openView(db, row, meta, query);
  const { selection } = opened.selection;
  // A card of an earlier vintage says which (decision 125); the footer names the source either way.
  const asOf = selection.asOf ? ` · as of ${readablePeriod(selection.asOf.toISOString().slice(0, 10), 'long')}` : '';
  const eyebrow = `Dataset · ${meta.dataset_code}${asOf}`;
  const footer = `Source: ${meta.source_name} (${meta.dataset_code})`;
  let data: Awaited<ReturnType<typeof loadView>>['data'];
  try {
    ({ data } = await loadView(db, meta, selection));
  } catch (error) {
    // A vintage from before the first import here, or a view over the value cap: the page says so where the chart
    // would be, and so does the card.
    if (error instanceof ViewTooLarge)
      return { eyebrow, title: meta.dataset_name, description: viewTooLargeNote(error), footer };
    if (!(error instanceof NotYetImported)) throw error;
    return { eyebrow, title: meta.dataset_name, description: error.message, footer };
  }
  // The card's chart: the view's, or a world map or sorted bars (cardView, shared with the page's og:image:alt).
  const view = cardView(data, meta, opened.view, query.has('chart_type'));
  const { periods, index } = sliderFor(data, view);
  const period = periods[index];
  let chart: string | undefined;
  if (!dataError(data, view.chartType, index, periods, Object.keys(view.dimensions).length > 0)) {
    const world = view.chartType === 'map' ? await outlines.forChoice({ kind: 'world' }) : null;
    // Drawn in a drawing thread behind the render queue, as every image (decision 182).
    const input = chartJobInput({ data, view, ...CARD_CHART, theme: 'light', outlines: world });
    const png = await renderQueue.run(signal, () => renderPool.run({ kind: 'card-chart', input }));
    chart = `data:image/png;base64,${Buffer.from(png).toString('base64')}`;
  }
  // The selection in words (its dimension values and unit), so a card of a Food view does not say all-items.
  const { subtitle } = viewLabels(meta, data.data, data.transform);
  return {
    eyebrow,
    title: meta.dataset_name,
    description: `${subtitle || meta.unit}. ${meta.oldest_period ?? ''} – ${meta.latest_period ?? ''}${period && view.chartType !== 'line' ? ` · shown: ${period}` : ''}`,
    chart,
    footer,
  };
}

async function statisticsCard(db: ReadDb, segments: string[]): Promise<CardContent | null> {
  const places = await sitemapPlaces(db);
  let siblings = places.filter((p) => p.kind === 'country');
  const trail: string[] = [];
  for (const segment of segments) {
    if (segment === 'categories') break;
    const slugs = siblingSlugs(siblings);
    const place = siblings.find((p) => slugs.get(p.code) === segment);
    if (!place) return null;
    trail.push(place.name);
    siblings = places.filter((p) => p.kind === 'region' && p.parent === place.code);
  }
  if (trail.length === 0) return null;
  return {
    eyebrow: 'Statistics',
    title: `Statistics for ${trail.at(-1)}`,
    description:
      trail.length > 1
        ? `${trail.join(' › ')}: inflation, labour market and GDP.`
        : `Inflation, unemployment and GDP for ${trail[0]} and its regions.`,
    footer: 'Source: Eurostat',
  };
}

/**
 * The card of a page path (with its query, for chart views); the site's own card for paths it does not know. The
 * server passes its outline store, so the world outlines are read once per process, and the request's signal, so a
 * card's chart is not drawn for a client that has gone.
 */
export async function cardFor(
  db: ReadDb,
  pagePath: string,
  outlines: OutlineStore = worldOnly,
  signal?: AbortSignal,
): Promise<CardContent> {
  const url = new URL(pagePath, 'http://card.invalid');
  const segments = url.pathname
    .split('/')
    .filter(Boolean)
    .map((s) => decodeURIComponent(s));
  let card: CardContent | null = null;
  if (segments[0] === 'datasets' && segments.length === 2)
    card = await datasetCard(db, segments[1]!, url.searchParams, outlines, signal);
  else if (segments[0] === 'statistics' && segments.length > 1) card = await statisticsCard(db, segments.slice(1));
  else if (segments[0] === 'blog' && segments.length === 2) {
    const post = await findPublishedPost(db, segments[1]!);
    if (post)
      card = {
        eyebrow: 'Blog',
        title: post.title,
        description: post.summary ?? '',
        footer: post.author ?? 'Statistics publisher',
      };
  }
  const known = pages[url.pathname.replace(/\/+$/, '') || '/'];
  return (
    card ??
    (known
      ? {
          eyebrow: 'Statistics publisher',
          title: known[0],
          description: known[1],
          footer: 'Data: © European Union, Eurostat',
        }
      : {
          eyebrow: 'Statistics publisher',
          title: pages['/']![0],
          description: pages['/']![1],
          footer: 'Data: © European Union, Eurostat',
        })
  );
}
