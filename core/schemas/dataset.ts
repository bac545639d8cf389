// The dataset API's response shapes (specification section 3 and 7), shared by server, pages and charts.
import { z } from 'zod';
import { frequencySchema } from '../periods';

export const dimensionValueSchema = z.object({
  code: z.string(),
  label: z.string(),
});

export const dimensionSchema = z.object({
  /** dim1 … dimN */
  key: z.string().regex(/^dim[1-9]\d*$/),
  /** Source dimension id: unit, coicop, s_adj … */
  code: z.string(),
  label: z.string(),
  values: z.array(dimensionValueSchema),
  /** The value of the dataset's main series for this dimension. */
  default: z.string(),
});

export const countrySchema = z.object({ code: z.string(), name: z.string() });

export const categoryRefSchema = z.object({ slug: z.string(), name: z.string() });

export const datasetSchema = z.object({
  id: z.number().int(),
  dataset_code: z.string(),
  dataset_name: z.string(),
  description: z.string(),
  source_name: z.string(),
  source_url: z.string(),
  unit: z.string(),
  frequency: frequencySchema,
  categories: z.array(categoryRefSchema),
  last_update: z.string().nullable(),
  /**
   * Who dated `last_update`: `source`, the source's own "last update of data" (the file's, the one the import was told,
   * or Eurostat's table of contents'); `import`, when the source gave none and `last_update` is when the data was
   * imported here, which is no release (issue 41, decision 208).
   */
  last_update_from: z.enum(['source', 'import']),
  oldest_period: z.string().nullable(),
  latest_period: z.string().nullable(),
});

/**
 * A dataset in the catalogue's lists (decision 188): imported here (`imported`, with its id and the periods of its
 * data) or listed by Eurostat and imported on demand (no id; title, periods and last update from the table of
 * contents). `theme` is its place in Eurostat's tree of themes, from the top theme down (breadcrumbs).
 */
export const catalogueItemSchema = datasetSchema.extend({
  id: z.number().int().nullable(),
  frequency: frequencySchema.nullable(),
  imported: z.boolean(),
  theme: z.array(categoryRefSchema),
  /** When Eurostat's table of contents stopped listing it; null while listed (or never listed: an upload). */
  withdrawn_at: z.string().nullable(),
});

export const datasetMetaSchema = datasetSchema.extend({
  dimensions: z.array(dimensionSchema),
  available_countries: z.array(countrySchema),
});

/** `/api/datasets/{id}/meta`: the dataset information, and what its source file said about itself. */
export const datasetMetaResponseSchema = datasetMetaSchema.extend({
  /** The source file's JSON-stat `extension` object as published (Eurostat: annotations, DOI, structure); null if none. */
  extension: z.record(z.string(), z.unknown()).nullable(),
});

export const seriesKeySchema = z.record(z.string().regex(/^dim[1-9]\d*_value$/), z.string());

export const rowSchema = z.object({
  /** YYYY, S{n}/YYYY, Q{n}/YYYY, M/YYYY, W{n}/YYYY or YYYY-MM-DD */
  period: z.string(),
  /** Country (geo) name → value; geos without a value in this period are absent. */
  values: z.record(z.string(), z.number()),
  /**
   * Country (geo) name → the value's observation flags as Eurostat published them (p provisional, e estimated,
   * b break in series …), for the values that carry any; absent when none in the row does.
   */
  flags: z.record(z.string(), z.string()).optional(),
});

export const seriesSchema = z.object({
  id: z.number().int(),
  series_key: seriesKeySchema,
  rows: z.array(rowSchema),
});

/** The transformation a view's values went through (decision 034); absent for values as published. */
export const viewTransformSchema = z.object({
  kind: z.enum(['index', 'change', 'diff']),
  /** index: the period that is 100. */
  base: z.string().optional(),
  /** change and diff: how many periods back. */
  lag: z.number().int().optional(),
  /** 'Index, 1/2020 = 100', '% change on previous month', 'Difference on previous month' (the unit follows). */
  label: z.string(),
});

export const datasetDataSchema = z.object({
  dataset: datasetMetaSchema,
  data: z.array(seriesSchema),
  transform: viewTransformSchema.optional(),
});

export type Dataset = z.infer<typeof datasetSchema>;
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;
export type DatasetMeta = z.infer<typeof datasetMetaSchema>;
export type Dimension = z.infer<typeof dimensionSchema>;
export type Series = z.infer<typeof seriesSchema>;
export type Row = z.infer<typeof rowSchema>;
export type DatasetData = z.infer<typeof datasetDataSchema>;
export type ViewTransform = z.infer<typeof viewTransformSchema>;
