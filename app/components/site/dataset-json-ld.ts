// schema.org Dataset JSON-LD for a dataset page, as a meta descriptor React Router renders into <head>.
import type { MetaDescriptor } from 'react-router';
import { datasetJsonLdObject } from '#core/dataset-json-ld';
import type { DatasetMeta } from '#core/schemas/dataset';

/** Ready to append to a dataset page's `meta` return value. */
export function datasetJsonLd(meta: DatasetMeta, siteUrl: string): MetaDescriptor {
  return { 'script:ld+json': datasetJsonLdObject(meta, siteUrl) };
}
