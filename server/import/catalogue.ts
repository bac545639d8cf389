// Editorial overrides of Eurostat's catalogue (decision 188): what a dataset's source file, Eurostat's table of
// contents and code lists do not say as we want it said (a description, a default view, the samples' names and units),
// and the sample files the first start imports. Every field but the code is optional: a dataset not named here is
// described by the table of contents and the code lists, and opens on its view by rule (decision 190).
import { z } from 'zod';
import raw from './catalogue.json' with { type: 'json' };

const catalogueSchema = z.object({
  categories: z.array(z.object({ slug: z.string().regex(/^[a-z0-9-]+$/), name: z.string() })),
  datasets: z.array(
    z.object({
      code: z.string().regex(/^[a-z0-9_]+$/),
      name: z.string().optional(),
      description: z.string().optional(),
      unit: z.string().optional(),
      sourceName: z.string().optional(),
      sourceUrl: z.url().optional(),
      categories: z.array(z.string()).default([]),
      /** Dimension code → value code of the dataset's main series. */
      defaults: z.record(z.string(), z.string()).default({}),
      /**
       * Files under the data mirror, imported in this order on first start: a path, or a path with the time the
       * source released it, for formats that carry none (TSV), as the mirror's README documents it.
       */
      mirror: z.array(z.union([z.string(), z.object({ file: z.string(), released: z.iso.datetime() })])).default([]),
    }),
  ),
});

export type Catalogue = z.infer<typeof catalogueSchema>;
export type CatalogueEntry = Catalogue['datasets'][number];

export const catalogue: Catalogue = catalogueSchema.parse(raw);

/** A dataset's mirror files with their documented release times (undefined where the file states its own). */
export function mirrorFiles(entry: CatalogueEntry): { file: string; released?: Date }[] {
  return entry.mirror.map((m) =>
    typeof m === 'string' ? { file: m } : { file: m.file, released: new Date(m.released) },
  );
}

export function catalogueEntry(code: string): CatalogueEntry | undefined {
  return catalogue.datasets.find((d) => d.code === code);
}
