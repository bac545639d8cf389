// Shapes of the statistics pages' loader data, shared by the server helpers that build them and the components.
import type { PackedDatasetData } from '#core/packed-series';
import type { ChartType, MapCountry, MapRow, Outlines } from '../../charts';

/** A country or NUTS region on the path of a page, with its canonical link. */
export interface TrailPlace {
  code: string;
  name: string;
  level: number;
  slug: string;
  path: string;
}

export interface DatasetSource {
  datasetId: number;
  datasetCode: string;
  datasetName: string;
  sourceName: string;
  sourceUrl: string;
}

export interface KeyFigure {
  key: string;
  label: string;
  /** What the number measures: "HICP, annual rate of change". */
  note: string;
  value: number;
  valueText: string;
  unit: string;
  period: string;
  flags: string | null;
  flagText: string | null;
  previous: { period: string; valueText: string } | null;
  change: { value: number; text: string; direction: 'up' | 'down' | 'flat' } | null;
  source: DatasetSource;
}

/** One chart widget with the data the server read for its first paint (a dataset filtered to places). */
export interface PlaceChart {
  title: string;
  chartType: ChartType;
  /** dim1…dimN → codes; empty for the dataset's main series. */
  dimensions: Record<string, string[]>;
  countries: string[];
  /** The slider's first period and the last period loaded (display format). */
  timeStart?: string;
  timeEnd?: string;
  /** Drawing height; the widget's default when absent. */
  height?: number;
  /** The data response for the widget's first paint, its series packed in columns (decision 169). */
  data: PackedDatasetData;
  source: DatasetSource;
  latestPeriod: string | null;
}

export interface RegionalMap {
  title: string;
  unit: string;
  period: string;
  rows: MapRow[];
  countries: MapCountry[];
  outlines: Outlines;
  source: DatasetSource;
}

export interface ChildRegion {
  code: string;
  name: string;
  path: string;
  /** Latest GDP per inhabitant, when published. */
  figure: { valueText: string; period: string } | null;
}

/**
 * How many datasets a place's page charts: the first by name. Thousands of datasets may have data for a country; the
 * page charts these and lists every one, PLACE_LIST_PAGE at a time (issue 42), so its build is bounded.
 */
export const PLACE_CHARTS = 12;
export const PLACE_LIST_PAGE = 50;

/**
 * The address of a page of a place's dataset list: the page itself for the first (its canonical address), `?page=N`
 * after it. Each page is its own canonical address, so a search engine keeps the datasets the later pages list.
 */
export function pagedPath(path: string, page: number): string {
  return page > 1 ? `${path}?page=${page}` : path;
}

/** A page's title with its page of the list after the first: "Germany statistics … (page 2)". */
export function pagedTitle(title: string, page: number): string {
  return page > 1 ? `${title} (page ${page})` : title;
}

/** A dataset of a place's list: a link to its page, opened on the place. */
export interface PlaceListItem {
  code: string;
  name: string;
  latestPeriod: string | null;
}

export interface PlaceDatasets {
  /** The first PLACE_CHARTS datasets (by name), each charted for the place alone. */
  charts: PlaceChart[];
  /** One page of the list of every dataset with data for the place, by name. */
  list: PlaceListItem[];
  total: number;
  page: number;
  pages: number;
}
