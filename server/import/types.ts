// The shape every format parser produces; the import runner writes it to the database.
import type { Observations } from './observations';

// One observation is the observations' own type (observations.ts), named here too for the parsers.
export type { Observation } from './observations';

export type SourceFormat = 'eurostat-tsv' | 'eurostat-tsv-legacy' | 'sdmx-csv' | 'json-stat';

export interface ParsedDimension {
  /** Source dimension id, lower case as Eurostat writes it (unit, coicop, s_adj …). */
  code: string;
  label: string | null;
  /** Codes in first-seen (or source category index) order, with labels where the source has them. */
  values: { code: string; label: string | null }[];
}

export interface ParsedFile {
  format: SourceFormat;
  /** Dataset code where the format carries it (SDMX-CSV DATAFLOW, JSON-stat extension/href). */
  code: string | null;
  /** Dataset title where the format carries it (JSON-stat label). */
  name: string | null;
  /** Release time where the format carries it (SDMX-CSV LAST UPDATE, JSON-stat updated). */
  lastUpdate: Date | null;
  dimensions: ParsedDimension[];
  /** Geo codes with labels where the source has them. */
  geoLabels: Map<string, string>;
  /** Read from the parser's input on every walk, not held in memory (server/import/observations.ts). */
  observations: Observations;
  /** What the file says about itself beyond name and release time (JSON-stat, SDMX-CSV 2.0); absent in TSV. */
  meta?: FileMetadata;
}

export interface FileMetadata {
  /** The file's notes (JSON-stat `note`), one paragraph each: the dataset description when present. */
  description: string | null;
  /** Who published it, as the file names it (JSON-stat `source`, the SDMX agency). */
  source: string | null;
  /** A web address the file gives for itself (JSON-stat `href`). */
  sourceUrl: string | null;
  /** The dimension whose values carry the unit: `unit`, or JSON-stat's metric role. */
  unitDimension: string | null;
  /** Unit label per code of unitDimension, as the file states it (JSON-stat `category.unit`). */
  units: Map<string, string>;
  /** JSON-stat `extension`, as published. */
  extension: Record<string, unknown> | null;
}

/**
 * The place of a dataset that has no geographic dimension (many national files): the whole area the
 * publisher covers. One synthetic geo, so such data is stored, listed and charted like any other place.
 */
export const wholeArea = { code: '_T', name: 'Whole area covered by the source' } as const;

/** Thrown by parsers: names the file, the line (1-based, or null for non-line formats) and the problem. */
export class ImportError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | null,
    readonly problem: string,
  ) {
    super(`${file}${line === null ? '' : `:${line}`}: ${problem}`);
    this.name = 'ImportError';
  }
}
