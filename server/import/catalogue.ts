// The project's dataset catalogue: metadata the source files do not carry, and the sample files per dataset.
import { z } from 'zod';
import raw from './catalogue.json' with { type: 'json' };

const catalogueSchema = z.object({
  categories: z.array(z.object({ slug: z.string().regex(/^[a-z0-9-]+$/), name: z.string() })),
  datasets: z.array(
    z.object({
      code: z.string().regex(/^[a-z0-9_]+$/),
      name: z.string(),
      description: z.string(),
      unit: z.string(),
      sourceName: z.string(),
      sourceUrl: z.url(),
      categories: z.array(z.string()),
      /** Dimension code → value code of the dataset's main series. */
      defaults: z.record(z.string(), z.string()),
      /**
       * Files under the data mirror, imported in this order on first start: a path, or a path with the time the
       * source released it, for formats that carry none (TSV), as the mirror's README documents it.
       */
      mirror: z.array(z.union([z.string(), z.object({ file: z.string(), released: z.iso.datetime() })])),
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
