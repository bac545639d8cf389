// What a list of datasets is asked with and answers (the catalogue's list and the search's), apart from both, so the
// list (datasets.ts) and the search (search.ts) share it without importing each other.
import type { Frequency } from '../../core/periods';
import type { CatalogueItem } from '../../core/schemas/dataset';

export interface DatasetListFilters {
  q?: string;
  category?: string;
  geo?: string;
  frequency?: Frequency;
  /** With q, relevance (the default) ranks by the search; without q it means name. */
  sort?: 'name' | 'updated' | 'relevance';
  /**
   * The whole catalogue (decision 188): Eurostat's entries not imported yet too (/datasets, /api/datasets, the
   * sitemaps). Without it, imported datasets only: what has data to chart, cite or count.
   */
  catalogue?: boolean;
  /** With `catalogue`: only the datasets whose data is here (true), or only those imported on demand (false). */
  imported?: boolean;
  limit: number;
  offset: number;
}

/**
 * A dataset in a list, with the view a search opens it on (`country[]=DE` when the query named Germany) and the labels
 * of the values it opens on (`["Females"]` for "female unemployment": decision 242).
 */
export type DatasetListItem = CatalogueItem & { view_query?: string; view_labels?: string[] };

export interface DatasetSearchResult {
  items: DatasetListItem[];
  total: number;
  /** The places the query named (q only): results have data for each, and open on it. */
  places?: { text: string; name: string; codes: string[] }[];
}
