// A post's body: its sanitised HTML between read-only chart widgets, in reading order.
import { CHART_ERROR_TITLE } from '../../charts';
import { PlaceChartView } from '../statistics/place-chart-view';
import type { PostBlock } from './post-data';

/** Typography for rendered Markdown, without a plugin: headings, paragraphs, lists, quotes, code and tables. */
export const proseClass = [
  'max-w-none leading-7 text-slate-800 dark:text-slate-200',
  '[&_h1]:mt-10 [&_h1]:text-2xl [&_h1]:font-semibold',
  '[&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold',
  '[&_h3]:mt-8 [&_h3]:text-lg [&_h3]:font-semibold',
  '[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1',
  '[&_a]:text-brand-dark [&_a]:underline dark:[&_a]:text-brand',
  '[&_blockquote]:mt-4 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-4 [&_blockquote]:text-slate-600 dark:[&_blockquote]:border-slate-700 dark:[&_blockquote]:text-slate-400',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-[0.9em] dark:[&_code]:bg-slate-800',
  '[&_pre]:mt-4 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-slate-100 [&_pre]:p-3 dark:[&_pre]:bg-slate-900',
  '[&_table]:mt-4 [&_table]:w-full [&_table]:text-sm [&_th]:border-b [&_th]:py-1 [&_th]:text-left [&_td]:border-b [&_td]:border-slate-100 [&_td]:py-1 dark:[&_td]:border-slate-800',
  '[&_img]:mt-4 [&_img]:max-w-full [&_img]:rounded-md [&_hr]:my-8 [&_hr]:border-slate-200 dark:[&_hr]:border-slate-800',
].join(' ');

export function ChartErrorPanel({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="my-6 rounded-lg border border-red-200 bg-red-50 p-4 text-sm dark:border-red-900 dark:bg-red-950/40"
    >
      <p className="font-semibold text-red-800 dark:text-red-300">{CHART_ERROR_TITLE}</p>
      <p className="mt-1 text-red-700 dark:text-red-300">{message}</p>
    </div>
  );
}

export function PostBody({ blocks }: { blocks: readonly PostBlock[] }) {
  return (
    <div>
      {blocks.map((b, i) =>
        b.kind === 'html' ? (
          // The HTML comes from markdown-it with raw HTML disabled: a post's own tags are escaped text.
          <div key={i} className={proseClass} dangerouslySetInnerHTML={{ __html: b.html }} />
        ) : b.kind === 'chart' ? (
          <figure key={i} className="my-8 rounded-lg border border-slate-200 p-4 dark:border-slate-800" data-post-chart>
            <PlaceChartView chart={b.chart} />
          </figure>
        ) : (
          <ChartErrorPanel key={i} message={b.message} />
        ),
      )}
    </div>
  );
}
