// What a default view says when it ends before the newest period: '7/2026: Germany only'.

/** A period newer than the covered one, with the places that have reached it. */
export interface PartialPeriod {
  period: string;
  places: string[];
}

/** Where a default view ends (db/queries/datasets.ts getDatasetCoverage computes it). */
export interface Coverage {
  /** The latest period (M/YYYY …) more than half of the places have a value for; null without data. */
  period: string | null;
  /** Newer periods than `period`, oldest first, with the places that have a value there. */
  partial: PartialPeriod[];
  /** How many places the main series has. */
  places: number;
}

/** The coverage note of a view that ends before the newest period: '7/2026: Germany only'. */
export function coverageNote(coverage: Coverage): string | null {
  const total = coverage.places;
  const newest = coverage.partial.at(-1);
  if (!newest) return null;
  const names = newest.places;
  const who =
    names.length <= 3
      ? `${names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`} only`
      : `${names.length}${total ? ` of ${total}` : ''} places`;
  return `${newest.period}: ${who}`;
}
