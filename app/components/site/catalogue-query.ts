// The catalogue's query string: only the parameters that narrow or order it, so every view has one short address.

export interface CatalogueFilters {
  q?: string;
  category?: string;
  geo?: string;
  frequency?: string;
  sort?: 'updated' | 'name';
  /** 1 is the first page (no parameter). */
  page?: number;
}

export function catalogueSearch(f: CatalogueFilters): string {
  const params = new URLSearchParams();
  if (f.q) params.set('q', f.q);
  if (f.category) params.set('category', f.category);
  if (f.geo) params.set('geo', f.geo);
  if (f.frequency) params.set('frequency', f.frequency);
  if (f.sort && f.sort !== 'updated') params.set('sort', f.sort);
  if (f.page && f.page > 1) params.set('page', String(f.page));
  const s = params.toString();
  return s ? `?${s}` : '';
}
