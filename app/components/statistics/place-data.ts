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
