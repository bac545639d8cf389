// Server helpers of /statistics-api: a real answer of the data API, computed from the stored data.
import { parsePeriod } from '../../../../core/periods';
import type { ReadDb } from '../../../../db/client';
import { findDataset, getDatasetMeta, listDatasets } from '../../../../db/queries/datasets';
import { selectObservations, toSeriesList } from '../../../../db/queries/observations';
import { exampleQuery } from '../../../components/site/featured';

/** What GET /api/datasets/prc_hicp_manr?country=DE,EA20&period_from=10/2022&period_to=10/2022 answers, shortened. */
export async function exampleAnswer(db: ReadDb): Promise<string | null> {
  const row = await findDataset(db, exampleQuery.code);
  if (!row) return null;
  const meta = await getDatasetMeta(db, row);
  const rows = await selectObservations(db, meta, {
    dims: {},
    countries: exampleQuery.countries,
    from: parsePeriod(exampleQuery.from)?.ordinal,
    to: parsePeriod(exampleQuery.to)?.ordinal,
  });
  const short = {
    dataset: {
      id: meta.id,
      dataset_code: meta.dataset_code,
      dataset_name: meta.dataset_name,
      source_name: meta.source_name,
      unit: meta.unit,
      last_update: meta.last_update,
      oldest_period: meta.oldest_period,
      latest_period: meta.latest_period,
      '…': `dimensions and ${meta.available_countries.length} available_countries`,
    },
    data: toSeriesList(meta, rows),
  };
  return JSON.stringify(short, null, 2);
}

export async function statisticsApiData(db: ReadDb) {
  const [example, catalogue] = await Promise.all([exampleAnswer(db), listDatasets(db, { limit: 200, offset: 0 })]);
  return { example, datasets: catalogue.items };
}
