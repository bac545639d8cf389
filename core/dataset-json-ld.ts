// schema.org Dataset JSON-LD of a dataset: what Google Dataset Search reads, for pages and the API's data catalogue.
import { convertOrdinal, formatSourcePeriod, parsePeriod } from './periods';
import type { DatasetMeta } from './schemas/dataset';
import { SITE_NAME } from './site';

/**
 * A displayed period as ISO 8601: a year (2022), the first month of a half-year, quarter or month (S2/2022 → 2022-07,
 * Q3/2022 → 2022-07, 10/2022 → 2022-10), a week (2022-W05) or a day (2022-10-03). Other text comes back as it is.
 */
export function isoPeriod(period: string): string {
  const p = parsePeriod(period);
  if (!p) return period;
  if (p.freq === 'A' || p.freq === 'W' || p.freq === 'D') return formatSourcePeriod(p.freq, p.ordinal);
  return formatSourcePeriod('M', convertOrdinal(p.freq, p.ordinal, 'M', 'start'));
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
