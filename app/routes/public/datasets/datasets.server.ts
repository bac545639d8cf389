// Server helpers of /datasets: reading the filters from the query and loading the catalogue with its filter options.
import { z } from 'zod';
import { frequencySchema } from '#core/periods';
import type { ReadDb } from '#db/client';
import { catalogueSize } from '#db/queries/catalogue-items';
import { listDatasets } from '#db/queries/datasets';
import { findCategory, listCategoryOptions, listGeoOptions } from '#db/queries/site';

const empty = (v: unknown) => (v === '' || v === null ? undefined : v);

export const catalogueQuery = z.object({
  q: z.preprocess(empty, z.string().trim().max(200).optional()),
  category: z.preprocess(empty, z.string().max(100).optional()),
  geo: z.preprocess(empty, z.string().max(20).optional()),
  frequency: z.preprocess(empty, frequencySchema.optional().catch(undefined)),
  sort: z.preprocess(empty, z.enum(['relevance', 'updated', 'name']).optional().catch(undefined)),
  page: z.preprocess(empty, z.coerce.number().int().min(1).max(1000).optional().catch(undefined)),
});

/** Datasets per page of the catalogue (the whole of Eurostat's is some 7,000). */
export const PAGE_SIZE = 50;

/** A search is ordered by relevance unless another order is asked; the catalogue by last update (relevance: too). */
export type CatalogueQuery = Omit<z.infer<typeof catalogueQuery>, 'sort'> & { sort: 'relevance' | 'updated' | 'name' };

export function readCatalogueQuery(url: URL): CatalogueQuery {
  const get = (k: string) => url.searchParams.get(k);
  const parsed = catalogueQuery.safeParse({
    q: get('q'),
    category: get('category'),
    geo: get('geo'),
    frequency: get('frequency'),
    sort: get('sort'),
    page: get('page'),
  });
  if (!parsed.success) return { sort: 'updated' };
  const { sort, ...rest } = parsed.data;
  const chosen = sort ?? (rest.q ? 'relevance' : 'updated');
  return { ...rest, sort: chosen === 'relevance' && !rest.q ? 'updated' : chosen };
}

export async function catalogueData(db: ReadDb, f: CatalogueQuery) {
  const page = f.page ?? 1;
  const [result, size, options, geos] = await Promise.all([
    listDatasets(db, { ...f, catalogue: true, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    catalogueSize(db),
    listCategoryOptions(db),
    listGeoOptions(db),
  ]);
  // A narrower theme, reached from a dataset's breadcrumbs, is shown as chosen.
  const chosen = f.category && !options.some((c) => c.slug === f.category) ? await findCategory(db, f.category) : null;
  const categories = chosen ? [...options, { ...chosen, datasets: result.total, group: 'Chosen theme' }] : options;
  return {
    ...result,
    filters: f,
    page,
    pages: Math.max(1, Math.ceil(result.total / PAGE_SIZE)),
    catalogueEmpty: size === 0,
    categories,
    geos,
  };
}
