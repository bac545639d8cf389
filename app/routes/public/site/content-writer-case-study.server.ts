// Server helpers of the content-writer case study: the 2021–2023 inflation wave of the countries it discusses.
import type { ReadDb } from '../../../../db/client';
import { caseChart } from '../../../components/site/featured';
import { chartData } from '../../../features/featured/featured-charts.server';

export async function caseStudyData(db: ReadDb) {
  const chart = await chartData(db, { code: caseChart.code, countries: caseChart.countries });
  // The October 2022 values the article quotes, read from the data rather than typed in.
  const row = chart?.data[0]?.rows.find((r) => r.period === '10/2022')?.values ?? {};
  const oct2022: Record<string, number | undefined> = {};
  for (const c of chart?.dataset.available_countries ?? []) oct2022[c.code] = row[c.name];
  return { chart, oct2022 };
}
