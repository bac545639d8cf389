// A research report as the app and the shared page show it: per step the findings with every number's marker a link
// to its source, a chart, the table, method notes and the step's CSV and API addresses; the sources at the end.
import { formatValue, unitSuffix, unitSymbol, type Citation } from '#core/assistant/compose';
import type { Report, ReportStep } from '#core/researcher/report';
import { useResolvedTheme } from '../site/theme';

/** A finding's text: **bold** place names, and [n] markers as links to the cited observation's chart view. */
function Finding({ text, citations }: { text: string; citations: Citation[] }) {
  const parts = text.split(/(\*\*[^*]+\*\*|\[\d+\])/g).filter(Boolean);
  return (
    <>
      {parts.map((p, i) => {
        const bold = /^\*\*(.+)\*\*$/.exec(p);
        if (bold) return <strong key={i}>{bold[1]}</strong>;
        const marker = /^\[(\d+)\]$/.exec(p);
        if (marker) {
          const n = Number(marker[1]);
          const c = citations[n - 1];
          if (!c) return <span key={i}>{p}</span>;
          return (
            <a
              key={i}
              href={relative(c.url)}
              title={`${c.place}, ${c.period}: ${formatValue(c.value, c.decimals)}${unitSuffix(c.unit)} (${c.dataset_code})`}
              aria-label={`source ${n}`}
              className="text-xs align-super text-brand-dark underline dark:text-brand"
            >
              [{n}]
            </a>
          );
        }
        return <span key={i}>{p}</span>;
      })}
    </>
  );
}

/** Our own links without the origin, so they work wherever the page is served. */
function relative(url: string): string {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}

function Step({ step, citations }: { step: ReportStep; citations: Citation[] }) {
  const links = step.links;
  // The chart image follows the site's theme (the PNG route draws both).
  const theme = useResolvedTheme();
  return (
    <section
      aria-labelledby={`step-${step.id}`}
      className="space-y-4 border-t border-slate-200 pt-6 dark:border-slate-800"
      data-step
    >
      <div>
        <h3 id={`step-${step.id}`} className="text-lg font-semibold first-letter:uppercase">
          {step.title}
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {step.dataset_name} ({step.dataset_code}) · {step.places.join(', ')}
          {step.reference ? ` vs ${step.reference}` : ''} · {step.period_from} to {step.period_to ?? 'latest'}
        </p>
      </div>
      <ul className="list-disc space-y-2 pl-5" aria-label="Findings">
        {step.findings.map((f, i) => (
          <li key={i}>
            <Finding text={f} citations={citations} />
          </li>
        ))}
      </ul>
      {!step.no_data && links.png_url && (
        <figure className="space-y-1">
          <img
            src={`${relative(links.png_url)}${theme === 'dark' ? '&theme=dark' : ''}`}
            alt={`Chart: ${step.title}, ${step.places.join(', ')}${step.reference ? ` and ${step.reference}` : ''}`}
            width={800}
            height={400}
            loading="lazy"
            className="h-auto w-full max-w-3xl rounded border border-slate-200 bg-white dark:border-slate-800"
          />
          <figcaption className="text-sm">
            <a href={relative(links.chart_url)} className="text-brand-dark underline dark:text-brand">
              Open the chart
            </a>
          </figcaption>
        </figure>
      )}
      {links.api_url && (
        <dl className="grid gap-1 text-sm sm:grid-cols-[4rem_1fr]">
          <dt className="font-medium">CSV</dt>
          <dd className="min-w-0 break-all">
            <a href={relative(links.csv_url)} className="text-brand-dark underline dark:text-brand">
              {links.csv_url}
            </a>
          </dd>
          <dt className="font-medium">API</dt>
          <dd className="min-w-0 break-all">
            <a href={relative(links.api_url)} className="text-brand-dark underline dark:text-brand">
              {links.api_url}
            </a>
          </dd>
        </dl>
      )}
      {step.table.rows.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">Table ({step.series})</summary>
          <div className="mt-2 max-h-96 overflow-auto">
            <table className="border-collapse tabular-nums">
              <thead>
                <tr>
                  <th scope="col" className="sticky top-0 bg-slate-100 px-2 py-1 text-left dark:bg-slate-800">
                    Period
                  </th>
                  {step.table.columns.map((c) => (
                    <th
                      key={c.geo}
                      scope="col"
                      className="sticky top-0 bg-slate-100 px-2 py-1 text-right dark:bg-slate-800"
                    >
                      {c.geo}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {step.table.rows.map((r) => (
                  <tr key={r.period} className="border-t border-slate-200 dark:border-slate-800">
                    <th scope="row" className="px-2 py-0.5 text-left font-normal">
                      {r.period}
                    </th>
                    {r.cells.map((c, i) => (
                      <td key={i} className="px-2 py-0.5 text-right">
                        {c ? `${c.value}${c.flags ? ` ${c.flags}` : ''}` : ':'}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
      {step.notes.length > 0 && (
        <div className="text-sm">
          <h4 className="font-medium">Method notes</h4>
          <ul className="list-disc pl-5 text-slate-700 dark:text-slate-300">
            {step.notes.map((n, i) => (
              <li key={i} className="break-words">
                {n}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

export function ReportView({ report }: { report: Report }) {
  return (
    <article className="space-y-6" data-report>
      {report.declined && <p role="status">{report.declined}</p>}
      {report.notes.length > 0 && (
        <ul className="text-sm text-slate-600 dark:text-slate-300" aria-label="How the question was read">
          {report.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
      {report.steps.map((s) => (
        <Step key={s.id} step={s} citations={report.citations} />
      ))}
      {report.citations.length > 0 && (
        <section
          aria-labelledby="sources-heading"
          className="border-t border-slate-200 pt-4 text-sm dark:border-slate-800"
        >
          <h3 id="sources-heading" className="font-semibold">
            Sources
          </h3>
          <ol className="mt-2 list-decimal space-y-1 pl-6" aria-label="Sources">
            {report.citations.map((c, i) => (
              <li key={i}>
                {c.place}, {c.period}: {formatValue(c.value, c.decimals)}
                {unitSymbol(c.unit)}
                {c.flags ? ` (${c.flags}: ${c.flag_meaning})` : ''} · {c.dataset_code} ·{' '}
                <a href={relative(c.url)} className="text-brand-dark underline dark:text-brand">
                  chart
                </a>
              </li>
            ))}
          </ol>
        </section>
      )}
    </article>
  );
}
