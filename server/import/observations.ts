// A parsed file's observations, read from the parser's input whenever they are needed instead of held as one array
// (issue 15: an 8-million-value file held as objects took 1.4 GB). A parser walks its input once when it parses, which
// checks every cell (errors are thrown then, before any database work) and summarises what the store needs up front;
// the store walks it again, a chunk at a time, while it copies the rows into the database.
import type { Frequency } from '../../core/periods';

export interface Observation {
  /** Codes of the dimensions in ParsedFile.dimensions order (freq, geo and time excluded). */
  dims: string[];
  freq: Frequency;
  geo: string;
  period: number;
  /** null: the cell is missing (':') but carries flags worth keeping. */
  value: number | null;
  /** Decimal places as published ("13.0" → 1), so output can show the value as published. */
  decimals: number | null;
  /** Flags exactly as published ('p', 'e', 'bep', …) or null. */
  flags: string | null;
}

/** What the store needs before it writes a row: series, places, period ranges and counts. */
export interface ObservationSummary {
  /** Observations: values plus missing cells that carry flags. */
  count: number;
  /** Observations with a value. */
  values: number;
  /** Observations with flags. */
  flagged: number;
  /** Every series (frequency and codes of the other dimensions) by `seriesKey`, in first-seen order. */
  series: Map<string, { freq: Frequency; dims: string[] }>;
  geos: Set<string>;
  /** The places each series has at least one value for, by `seriesKey` (the store keeps them in `series_geos`). */
  seriesGeos: Map<string, Set<string>>;
  /** Lowest and highest period and the number of observations, per frequency, in first-seen order. */
  frequencies: Map<Frequency, { lo: number; hi: number; count: number }>;
}

/** Observations per chunk a parser yields: small enough to stay out of the old generation, big enough to amortise. */
export const observationChunk = 10_000;

/** Gathers a parser's observations into chunks of `observationChunk`: `add` hands back a full chunk to yield. */
export class ChunkGatherer {
  private chunk: Observation[] = [];

  add(o: Observation): Observation[] | null {
    this.chunk.push(o);
    if (this.chunk.length < observationChunk) return null;
    const full = this.chunk;
    this.chunk = [];
    return full;
  }

  /** What is left once the input ends, if anything. */
  rest(): Observation[] | null {
    return this.chunk.length > 0 ? this.chunk : null;
  }
}

/** Produces a parser's observations from its input, a chunk at a time; may throw ImportError the first time. */
export type ObservationProducer = () => Iterable<Observation[]>;

export function seriesKey(freq: string, dims: readonly string[]): string {
  return `${freq}|${dims.join('|')}`;
}

export class Observations implements Iterable<Observation> {
  private constructor(
    private readonly produce: ObservationProducer,
    readonly summary: ObservationSummary,
  ) {}

  /** Walks the producer once, checking every cell and summarising; later walks read the input again. */
  static read(produce: ObservationProducer): Observations {
    const summary = new SummaryBuilder();
    for (const chunk of produce()) for (const o of chunk) summary.add(o);
    return new Observations(produce, summary.done());
  }

  /** Observations already in memory (small files, tests). */
  static of(list: readonly Observation[]): Observations {
    return Observations.read(function* () {
      for (let i = 0; i < list.length; i += observationChunk) yield list.slice(i, i + observationChunk);
    });
  }

  get length(): number {
    return this.summary.count;
  }

  chunks(): Iterable<Observation[]> {
    return this.produce();
  }

  *[Symbol.iterator](): Iterator<Observation> {
    for (const chunk of this.produce()) yield* chunk;
  }

  /** Every observation as one array: for small files and tests only, as it holds them all. */
  toArray(): Observation[] {
    const all: Observation[] = [];
    for (const chunk of this.produce()) for (const o of chunk) all.push(o);
    return all;
  }

  filter(keep: (o: Observation) => boolean): Observations {
    const produce = this.produce;
    return Observations.read(function* () {
      for (const chunk of produce()) {
        const kept = chunk.filter(keep);
        if (kept.length > 0) yield kept;
      }
    });
  }
}

class SummaryBuilder {
  private readonly summary: ObservationSummary = {
    count: 0,
    values: 0,
    flagged: 0,
    series: new Map(),
    geos: new Set(),
    seriesGeos: new Map(),
    frequencies: new Map(),
  };
  // Parsers share one dims array among a series' observations: its key is built once per run of them.
  private lastDims: readonly string[] | null = null;
  private lastFreq: Frequency | null = null;
  private lastGeos = new Set<string>();

  add(o: Observation): void {
    const s = this.summary;
    s.count++;
    if (o.value !== null) s.values++;
    if (o.flags) s.flagged++;
    s.geos.add(o.geo);
    const range = s.frequencies.get(o.freq);
    if (!range) s.frequencies.set(o.freq, { lo: o.period, hi: o.period, count: 1 });
    else {
      if (o.period < range.lo) range.lo = o.period;
      if (o.period > range.hi) range.hi = o.period;
      range.count++;
    }
    if (o.dims !== this.lastDims || o.freq !== this.lastFreq) {
      this.lastDims = o.dims;
      this.lastFreq = o.freq;
      const key = seriesKey(o.freq, o.dims);
      if (!s.series.has(key)) s.series.set(key, { freq: o.freq, dims: o.dims });
      let geos = s.seriesGeos.get(key);
      if (!geos) s.seriesGeos.set(key, (geos = new Set()));
      this.lastGeos = geos;
    }
    if (o.value !== null) this.lastGeos.add(o.geo);
  }

  done(): ObservationSummary {
    return this.summary;
  }
}
