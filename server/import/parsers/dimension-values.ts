// Collects each dimension's codes in first-seen order while a parser walks the rows.
import type { ParsedDimension } from '../types';

export class DimensionValues {
  private readonly seen: Map<string, string | null>[];

  constructor(
    private readonly codes: string[],
    private readonly labels: (string | null)[] = codes.map(() => null),
  ) {
    this.seen = codes.map(() => new Map());
  }

  add(index: number, code: string, label: string | null = null): void {
    const values = this.seen[index];
    if (values && !values.has(code)) values.set(code, label);
  }

  toParsed(): ParsedDimension[] {
    return this.codes.map((code, i) => ({
      code,
      label: this.labels[i] ?? null,
      values: [...(this.seen[i] ?? new Map<string, string | null>())].map(([value, label]) => ({ code: value, label })),
    }));
  }
}
