// The part of jsonstat-toolkit (the JSON-stat reference client, npm, no types of its own) the integration tests use.
declare module 'jsonstat-toolkit' {
  export interface JsonStatCategory {
    label: string;
  }

  export interface JsonStatDimension {
    label: string;
    role: string | null;
    id: string[];
    length: number;
    Category(id: string): JsonStatCategory | null;
  }

  export interface JsonStatCell {
    value: number | null;
    status: string | null;
  }

  export interface JsonStatDataset {
    class: 'dataset';
    label: string;
    updated: string | null;
    id: string[];
    length: number;
    /** Cells: the product of the dimensions' sizes. */
    n: number;
    role: { time?: string[]; geo?: string[]; metric?: string[]; classification?: string[] } | null;
    extension: Record<string, unknown> | null;
    Dimension(id: string): JsonStatDimension | null;
    /** The cell at these categories (a category id for every dimension of more than one category). */
    Data(where: Record<string, string>): JsonStatCell | null;
  }

  export default function JSONstat(input: object): JsonStatDataset;
}
