// Server helpers of /datasets: reading the filters from the query and loading the catalogue with its filter options.
import { z } from 'zod';
import { frequencySchema } from '../../../../core/periods';
import type { ReadDb } from '../../../../db/client';
import { listDatasets } from '../../../../db/queries/datasets';
import { listCategoryOptions, listGeoOptions } from '../../../../db/queries/site';

const empty = (v: unknown) => (v === '' || v === null ? undefined : v);

export const catalogueQuery = z.object({
  q: z.preprocess(empty, z.string().trim().max(200).optional()),
  category: z.preprocess(empty, z.string().max(100).optional()),
  geo: z.preprocess(empty, z.string().max(20).optional()),
  frequency: z.preprocess(empty, frequencySchema.optional().catch(undefined)),
  sort: z.preprocess(empty, z.enum(['relevance', 'updated', 'name']).optional().catch(undefined)),
});

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
  });
  if (!parsed.success) return { sort: 'updated' };
  const { sort, ...rest } = parsed.data;
  const chosen = sort ?? (rest.q ? 'relevance' : 'updated');
  return { ...rest, sort: chosen === 'relevance' && !rest.q ? 'updated' : chosen };
}

export async function catalogueData(db: ReadDb, f: CatalogueQuery) {
  const [result, all, categories, geos] = await Promise.all([
    listDatasets(db, { ...f, limit: 200, offset: 0 }),
    listDatasets(db, { limit: 1, offset: 0 }),
    listCategoryOptions(db),
    listGeoOptions(db),
  ]);
  return { ...result, filters: f, catalogueEmpty: all.total === 0, categories, geos };
}
