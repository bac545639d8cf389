// schema.org Dataset JSON-LD of a dataset: what Google Dataset Search reads, for pages and the API's data catalogue.
import type { DatasetMeta } from './schemas/dataset';
import { SITE_NAME } from './site';

/** A displayed period (2022, Q3/2022, S1/2022, 10/2022) as an ISO 8601 date prefix (2022, 2022-07, 2022-01, 2022-10). */
export function isoPeriod(period: string): string {
  let m = /^(\d{4})$/.exec(period);
  if (m) return m[1]!;
  m = /^Q([1-4])\/(\d{4})$/.exec(period);
  if (m) return `${m[2]}-${String((Number(m[1]) - 1) * 3 + 1).padStart(2, '0')}`;
  m = /^S([12])\/(\d{4})$/.exec(period);
  if (m) return `${m[2]}-${m[1] === '1' ? '01' : '07'}`;
  m = /^(\d{1,2})\/(\d{4})$/.exec(period);
  if (m) return `${m[2]}-${m[1]!.padStart(2, '0')}`;
  return period;
}

/** The JSON-LD object: what Google Dataset Search reads. `siteUrl` has no trailing slash. */
export function datasetJsonLdObject(meta: DatasetMeta, siteUrl: string): Record<string, unknown> {
  const page = `${siteUrl}/datasets/${meta.dataset_code}`;
  const api = `${siteUrl}/api/datasets/${meta.dataset_code}/data`;
  const coverage =
    meta.oldest_period && meta.latest_period
      ? `${isoPeriod(meta.oldest_period)}/${isoPeriod(meta.latest_period)}`
      : undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    name: meta.dataset_name,
    description: meta.description.length >= 50 ? meta.description : `${meta.dataset_name}. ${meta.description}`,
    url: page,
    identifier: meta.dataset_code,
    keywords: [...meta.categories.map((c) => c.name), meta.dataset_code, meta.source_name],
    isAccessibleForFree: true,
    license: 'https://creativecommons.org/licenses/by/4.0/',
    creator: { '@type': 'Organization', name: meta.source_name, url: meta.source_url },
    publisher: { '@type': 'Organization', name: SITE_NAME, url: siteUrl },
    isBasedOn: meta.source_url,
    ...(coverage ? { temporalCoverage: coverage } : {}),
    ...(meta.last_update ? { dateModified: meta.last_update } : {}),
    spatialCoverage: meta.available_countries.slice(0, 60).map((c) => ({ '@type': 'Place', name: c.name })),
    variableMeasured: meta.unit,
    includedInDataCatalog: { '@type': 'DataCatalog', name: SITE_NAME, url: `${siteUrl}/datasets` },
    distribution: [
      { '@type': 'DataDownload', encodingFormat: 'text/csv', contentUrl: `${api}?format=csv` },
      { '@type': 'DataDownload', encodingFormat: 'application/json', contentUrl: `${api}?format=json` },
    ],
  };
}
