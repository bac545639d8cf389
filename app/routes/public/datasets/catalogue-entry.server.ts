// /datasets/{code} of a dataset Eurostat lists that is not imported yet (decision 188): what it is, from the
// catalogue, and its import on demand, asked for when a person opens the page (not a crawler, not a prefetch).
import { isbot } from 'isbot';
import type { AppLoadContext } from 'react-router';
import type { ImportState } from '#core/catalogue-imports';
import type { CatalogueItem } from '#core/schemas/dataset';
import { catalogueItems } from '#db/queries/catalogue-items';

export interface CatalogueEntryData {
  entry: CatalogueItem;
  /** Null when this server imports nothing on demand (no import queue). */
  state: ImportState | null;
}

/** Null when the catalogue does not list the code, or when its data is here (the dataset page then). */
export async function catalogueEntryData(
  context: AppLoadContext,
  code: string,
  request: Request,
): Promise<CatalogueEntryData | null> {
  if (!/^[A-Za-z0-9_]+$/.test(code)) return null;
  const entry = (await catalogueItems(context.db, [code])).get(code.toLowerCase());
  if (!entry || entry.imported) return null;
  const imports = context.catalogueImports;
  if (!imports) return { entry, state: null };
  const prefetch = /prefetch/i.test(request.headers.get('sec-purpose') ?? request.headers.get('purpose') ?? '');
  const person = request.method === 'GET' && !prefetch && !isbot(request.headers.get('user-agent') ?? '');
  // A withdrawn entry can no longer be downloaded; a crawler following the sitemap starts nothing.
  const ask = person && !entry.withdrawn_at;
  const state = ask ? await imports.request(entry.dataset_code, 'visitor') : await imports.state(entry.dataset_code);
  return { entry, state };
}
