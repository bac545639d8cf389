// Server helpers of the content-writer case study: the 2021–2023 inflation wave of the countries it discusses.
import type { AppLoadContext } from 'react-router';
import { renderPostMarkdown } from '#core/blog/markdown';
import { packDatasetData } from '#core/packed-series';
import type { ReadDb } from '#db/client';
import type { PostBlock } from '#app/components/blog/post-data';
import { resolveShortcode } from '../blog/post-charts.server';
import { caseChart } from '#app/components/site/featured';
import { chartData } from '#app/features/featured/featured-charts.server';

/** The robot's article (a published or pending one, else the example written now) as blog blocks with live charts. */
async function robotOutput(db: ReadDb, context: AppLoadContext) {
  const showcase = (await context.robot?.showcase()) ?? null;
  if (!showcase) return null;
  const blocks: PostBlock[] = [];
  for (const segment of renderPostMarkdown(showcase.markdown)) {
    if (segment.kind === 'html') blocks.push(segment);
    else if (segment.kind === 'chart-error') blocks.push({ kind: 'chart-error', message: segment.message });
    else {
      const resolved = await resolveShortcode(db, segment.chart);
      blocks.push(
        resolved.ok ? { kind: 'chart', chart: resolved.chart } : { kind: 'chart-error', message: resolved.message },
      );
    }
  }
  const { markdown: _markdown, ...about } = showcase;
  return { ...about, blocks };
}

export async function caseStudyData(db: ReadDb, context: AppLoadContext) {
  const chart = await chartData(db, { code: caseChart.code, countries: caseChart.countries });
  // The October 2022 values the article quotes, read from the data rather than typed in.
  const row = chart?.data[0]?.rows.find((r) => r.period === '10/2022')?.values ?? {};
  const oct2022: Record<string, number | undefined> = {};
  for (const c of chart?.dataset.available_countries ?? []) oct2022[c.code] = row[c.name];
  return {
    // The chart's values in columns: row objects would be most of the page (decision 169).
    chart: chart && packDatasetData(chart),
    oct2022,
    robot: await robotOutput(db, context),
  };
}
