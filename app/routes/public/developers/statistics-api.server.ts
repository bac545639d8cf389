// Server helpers of /statistics-api: a real answer of the data API, computed from the stored data.
import { parseSelection, queryOf } from '#core/selection';
import type { ReadDb } from '#db/client';
import { listDatasets } from '#db/queries/datasets';
import { loadView, openDataset } from '#db/queries/view';
import { exampleQuery } from '#app/components/site/featured';

/** What GET /api/datasets/prc_hicp_manr?country=DE,EA20&period_from=10/2022&period_to=10/2022 answers, shortened. */
export async function exampleAnswer(db: ReadDb): Promise<string | null> {
  const opened = await openDataset(db, exampleQuery.code);
  if (!opened) return null;
  const { meta } = opened;
  // The query the page shows, read by the API's own parser and loader.
  const { selection } = parseSelection(
    meta,
    queryOf({ country: exampleQuery.countries.join(','), period_from: exampleQuery.from, period_to: exampleQuery.to }),
  );
  const { data } = await loadView(db, meta, selection);
  const short = {
    dataset: {
      id: meta.id,
      dataset_code: meta.dataset_code,
      dataset_name: meta.dataset_name,
      source_name: meta.source_name,
      unit: meta.unit,
      last_update: meta.last_update,
      last_update_from: meta.last_update_from,
      oldest_period: meta.oldest_period,
      latest_period: meta.latest_period,
      '…': `dimensions and ${meta.available_countries.length} available_countries`,
    },
    data: data.data,
  };
  return JSON.stringify(short, null, 2);
}

export async function statisticsApiData(db: ReadDb) {
  const [example, catalogue] = await Promise.all([exampleAnswer(db), listDatasets(db, { limit: 200, offset: 0 })]);
  return { example, datasets: catalogue.items };
}
