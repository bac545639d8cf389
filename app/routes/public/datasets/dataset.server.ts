// Server helpers for dataset pages: the data of a chart view (opened by core/view.ts), the visitor's follows, and map
// outlines.
import type { DatasetMeta } from '#core/schemas/dataset';
import type { PageSelection } from '#core/selection';
import { selectionOf, type ChartViewSpec } from '#core/view';
import type { AccountSession } from '#core/schemas/account';
import type { ReadDb } from '#db/client';
import { followViewKey, listFollowsOfDataset, type FollowSettings } from '#db/queries/follows';
import { NotYetImported } from '#db/queries/revisions';
import { loadView, ViewTooLarge, viewTooLargeNote } from '#db/queries/view';
import {
  chooseOutlines,
  geoCodesOf,
  NO_DATA_MESSAGE,
  NO_MATCHING_SERIES_MESSAGE,
  type LoadedOutlines,
  type WidgetData,
} from '#app/charts';
import type { PageOutlines } from '#app/load-context';

/**
 * The widget's data for a view: every period (the slider needs them) up to time_end, in the API's shape
 * (values with their flags), through the one loader; the specification's message when nothing asked for is left.
 */
export function chartData(
  db: ReadDb,
  meta: DatasetMeta,
  view: ChartViewSpec,
): Promise<{ value: WidgetData } | { error: string }> {
  return chartDataOf(db, meta, selectionOf(meta, view));
}

/** chartData of a view already opened (core/view.ts): its selection, checked against the dataset once. */
export async function chartDataOf(
  db: ReadDb,
  meta: DatasetMeta,
  page: PageSelection,
): Promise<{ value: WidgetData } | { error: string }> {
  if (page.empty === 'no_series') return { error: NO_MATCHING_SERIES_MESSAGE };
  if (page.empty === 'no_data') return { error: NO_DATA_MESSAGE };
  try {
    const loaded = await loadView(db, meta, page.selection);
    return { value: { data: loaded.data } };
  } catch (error) {
    // as_of before the first import here: the data API's message, shown where the chart would be; so is a view over
    // the value cap (db/queries/view.ts), read no further than its count.
    if (error instanceof NotYetImported) return { error: error.message };
    if (error instanceof ViewTooLarge) return { error: viewTooLargeNote(error) };
    throw error;
  }
}

/** One of the visitor's followed views of the dataset: its identity (core/view.ts `viewIdentity`) and settings. */
export interface VisitorFollow {
  id: number;
  key: string;
  settings: FollowSettings;
}

/**
 * The signed-in visitor's followed views of the dataset, so the Follow button reads "Following" on the view that is
 * followed and no other (decisions 103, 198). Anonymous pages (the ones the response cache keeps) never ask: they
 * are the same for every visitor.
 */
export async function visitorFollows(
  db: ReadDb,
  session: AccountSession | null,
  meta: DatasetMeta,
): Promise<VisitorFollow[]> {
  if (!session) return [];
  const follows = await listFollowsOfDataset(db, session.user.id, meta.id);
  return follows.map((f) => ({ id: f.id, key: followViewKey(meta, f.settings), settings: f.settings }));
}

/** Outlines for a map of this data; null when the server has none (regional data without a data mirror). */
export function outlinesForData(outlines: PageOutlines, data: WidgetData['data']): Promise<LoadedOutlines | null> {
  return outlines.forChoice(chooseOutlines(geoCodesOf(data)));
}
