// One assistant answer: prose whose [n] markers are footnote links, the footnotes (place, period, value, flag and its
// meaning, dataset and series, a link to the chart view), and the chart widget when the answer has a chart.
import { Fragment } from 'react';
import { ChartWidget, parseViewQuery } from '../../charts';
import { useSiteRootData } from '../site/root-data';

export interface AnswerCitation {
  dataset_code: string;
  dataset_name?: string;
  geo: string;
  place?: string;
  period: string;
  value: number;
  flags: string | null;
  flag_meaning?: string | null;
  series?: string;
  url: string;
}

export interface AnswerData {
  answer: string;
  citations: AnswerCitation[];
  chart?: { chart_type: string; embed_url: string };
  engine?: 'builtin' | 'llm';
  declined?: boolean;
}

/** The prose with each [n] as a superscript link to footnote n of this answer. */
function Prose({ text, prefix }: { text: string; prefix: string }) {
  const parts = text.split(/(\[\d+\])/g);
  return (
    <p className="leading-relaxed">
      {parts.map((part, i) => {
        const m = /^\[(\d+)\]$/.exec(part);
        if (!m) return <Fragment key={i}>{part}</Fragment>;
        return (
          <sup key={i}>
            <a
              href={`#${prefix}-${m[1]}`}
              className="font-medium text-brand-dark no-underline hover:underline dark:text-brand"
              aria-label={`source ${m[1]}`}
            >
              [{m[1]}]
            </a>
          </sup>
        );
      })}
    </p>
  );
}

/** The chart widget for the view an answer's embed URL names. */
function AnswerChart({ embedUrl }: { embedUrl: string }) {
  const root = useSiteRootData();
  const url = new URL(embedUrl, 'http://localhost');
  const datasetId = decodeURIComponent(url.pathname.split('/').pop() ?? '');
  const { view } = parseViewQuery(url.searchParams);
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 p-3 dark:border-slate-800">
      <ChartWidget
        datasetId={datasetId}
        chartType={view.chartType}
        dimensions={view.dimensions}
        countries={view.countries}
        timeStart={view.timeStart}
        timeEnd={view.timeEnd}
        height={320}
        serverWidth={720}
        theme={root?.resolvedTheme ?? 'light'}
      />
    </div>
  );
}

export function Answer({ data, id }: { data: AnswerData; id: string }) {
  const prefix = `source-${id}`;
  return (
    <div className="space-y-3">
      <Prose text={data.answer} prefix={prefix} />
      {data.citations.length > 0 && (
        <ol className="space-y-1 text-sm text-slate-600 dark:text-slate-300" aria-label="Sources">
          {data.citations.map((c, i) => (
            <li key={i} id={`${prefix}-${i + 1}`} className="break-words">
              <span className="font-medium text-slate-900 dark:text-slate-100">[{i + 1}]</span> {c.place ?? c.geo},{' '}
              {c.period}: <strong>{c.value}</strong>
              {c.flags ? ` (flag ${c.flags}: ${c.flag_meaning ?? c.flags})` : ''} · {c.dataset_name ?? c.dataset_code}{' '}
              <code className="text-xs">{c.dataset_code}</code>
              {c.series ? ` · ${c.series}` : ''} ·{' '}
              <a href={localPath(c.url)} className="text-brand-dark underline dark:text-brand">
                chart
              </a>
            </li>
          ))}
        </ol>
      )}
      {data.chart && <AnswerChart embedUrl={data.chart.embed_url} />}
    </div>
  );
}

/** A link of ours as a path, so it opens on the host the visitor uses. */
function localPath(url: string): string {
  const u = new URL(url, 'http://localhost');
  return `${u.pathname}${u.search}`;
}
