// The researcher's report writer (issue 16, decision 146): pure, numbers in → findings with a citation for every
// number, a table and method notes per step. A number is written only through the chat's AnswerBuilder: a cited
// observation ("6.2 % [1]") or the difference of two cited ones, listed in `derived` with both citations.
import {
  AnswerBuilder,
  formatValue,
  unitStatedOnce,
  unitSuffix,
  unitSymbol,
  type Citation,
  type Derived,
} from '../assistant/compose';
import { describeFlags } from '../flags';
import { readablePeriod } from '../periods';
import type { PlanStep, ResearchPlan } from './plan';

/** A finding's period in its sentence, for people (January 2020); citations and tables keep the API's 1/2020. */
const when = (o: { citation: { period: string } }) => readablePeriod(o.citation.period, 'long');

/** One stored observation of a step, with its citation (built by the caller from the dataset). */
export interface StepObservation {
  /** For order: the period's ordinal in the dataset's frequency. */
  ordinal: number;
  citation: Omit<Citation, 'flag_meaning'>;
}

export interface StepPlace {
  geo: string;
  /** How sentences name it: "Estonia", "European Union – 27 countries, from 2020 (EU27_2020)". */
  name: string;
  observations: StepObservation[];
}

/** What the run read for a step; `missing` says why nothing could be read (no dataset, no such series). */
export interface StepData {
  step: PlanStep;
  dataset_name: string;
  /** The series' dimension values in words. */
  series: string;
  unit: string;
  /** "annual inflation (HICP)". */
  measure: string;
  /** Places in the step's order, the reference last. */
  places: StepPlace[];
  /** The periods read, in display format (the plan's, with an open end made the latest stored). */
  period_from: string;
  period_to: string | null;
  links: StepLinks;
  /** Values of the selection that later imports changed (decision 125), and when the latest change was made. */
  revisions: { count: number; latest: string | null; url: string };
  missing: string | null;
}

export interface StepLinks {
  /** The data API's JSON of the step's selection. */
  api_url: string;
  /** The same selection as CSV. */
  csv_url: string;
  /** The dataset page in the step's chart view, and its embed. */
  chart_url: string;
  embed_url: string;
  /** A static image of the chart. */
  png_url: string;
}

export interface ReportTable {
  columns: { geo: string; name: string }[];
  /** Oldest first: the period and one cell per column (the value as published and its flags), or null. */
  rows: { period: string; cells: ({ value: string; flags: string | null } | null)[] }[];
}

export interface ReportStep {
  id: string;
  title: string;
  dataset_code: string;
  dataset_name: string;
  series: string;
  places: string[];
  reference: string | null;
  period_from: string;
  period_to: string | null;
  reason: string;
  /** Sentences in Markdown; each number followed by its citation marker [n] (1-based, the report's citations). */
  findings: string[];
  no_data: boolean;
  notes: string[];
  table: ReportTable;
  links: StepLinks;
}

export interface Report {
  question: string;
  steps: ReportStep[];
  citations: Citation[];
  derived: Derived[];
  /** How the question was read (from the plan). */
  notes: string[];
  /** Set when nothing could be reported: why. */
  declined: string | null;
}

const withArticle = new Set(['NL', 'UK', 'US']);
function named(p: Pick<StepPlace, 'geo' | 'name'>): string {
  return withArticle.has(p.geo) ? `the ${p.name}` : p.name;
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function extreme(obs: StepObservation[], high: boolean): StepObservation {
  // The first period the extreme was reached.
  return obs.reduce((a, o) =>
    (high ? o.citation.value > a.citation.value : o.citation.value < a.citation.value) ? o : a,
  );
}

/** Writes the findings of one step into the builder; returns the sentences. */
function stepFindings(b: AnswerBuilder, d: StepData): { findings: string[]; noData: boolean } {
  const unit = d.unit;
  // A unit of words is said once, first; each number keeps only its symbol (issue 41: not twenty times).
  const said = unitStatedOnce(unit);
  const cite = (o: StepObservation) => b.cite(o.citation, unit, said !== null);
  const full = (o: StepObservation) => b.citations[b.marker(o.citation) - 1]!;
  const range = `${d.period_from} to ${d.period_to ?? 'the latest stored period'}`;
  const out: string[] = [];
  const withData = d.places.filter((p) => p.observations.length > 0);
  if (withData.length === 0) {
    out.push(
      `There is no stored observation of ${d.measure} (${d.series}) in ${d.step.dataset_code} for ${d.places.map(named).join(', ')} from ${range}, so this step reports no numbers.`,
    );
    return { findings: out, noData: true };
  }
  if (said) out.push(`Values in ${said}.`);
  const ref = d.step.reference ? d.places.find((p) => p.geo === d.step.reference) : undefined;
  const refObs = ref && ref.observations.length > 0 ? ref : undefined;
  const ordered = [...(refObs ? [refObs] : []), ...d.places.filter((p) => p !== ref)];
  // In comparisons an aggregate is named by its code (its full name opens its own line).
  const refName = refObs ? (/^(EU|EA)/.test(refObs.geo) ? refObs.geo : named(refObs)) : '';
  for (const p of ordered) {
    const obs = p.observations;
    if (obs.length === 0) {
      out.push(`There is no stored observation for ${named(p)} in this selection (${range}).`);
      continue;
    }
    const first = obs[0]!;
    const last = obs[obs.length - 1]!;
    const parts: string[] = [];
    if (obs.length === 1) {
      parts.push(`**${capitalize(named(p))}**: one stored value in this selection, ${cite(first)} in ${when(first)}.`);
      out.push(parts.join(' '));
      continue;
    }
    const a = cite(first);
    const z = cite(last);
    const move =
      last.citation.value === first.citation.value
        ? 'unchanged'
        : `${last.citation.value > first.citation.value ? 'up' : 'down'} ${b.difference(full(last), full(first), unit)}`;
    parts.push(
      `**${capitalize(named(p))}**: ${a} in ${when(first)} and ${z} in ${when(last)} (the latest in this selection), ${move}.`,
    );
    const hi = extreme(obs, true);
    const lo = extreme(obs, false);
    parts.push(`It peaked at ${cite(hi)} in ${when(hi)} and was lowest at ${cite(lo)} in ${when(lo)}.`);
    if (refObs && p !== refObs) {
      const r = refObs.observations;
      // The latest period both have, then the peaks.
      const common = [...obs].reverse().find((o) => r.some((x) => x.ordinal === o.ordinal));
      if (common) {
        const rc = r.find((x) => x.ordinal === common.ordinal)!;
        const mine = cite(common);
        const theirs = cite(rc);
        const gap = common.citation.value - rc.citation.value;
        parts.push(
          gap === 0
            ? `In ${when(common)} it was ${mine}, the same as ${refName} (${theirs}).`
            : `In ${when(common)} it was ${mine}, ${b.difference(full(common), full(rc), unit)} ${gap > 0 ? 'above' : 'below'} ${refName} (${theirs}).`,
        );
      } else parts.push(`It has no period in common with ${refName} in this selection.`);
      const rhi = extreme(r, true);
      const mineHi = cite(hi);
      const theirHi = cite(rhi);
      const peakGap = hi.citation.value - rhi.citation.value;
      parts.push(
        peakGap === 0
          ? `Its peak equalled that of ${refName} (${theirHi} in ${when(rhi)}).`
          : `Its peak (${mineHi}) was ${b.difference(full(hi), full(rhi), unit)} ${peakGap > 0 ? 'higher' : 'lower'} than that of ${refName} (${theirHi} in ${when(rhi)}).`,
      );
    }
    out.push(parts.join(' '));
  }
  if (d.step.reference && !refObs)
    out.push(
      `There is no stored observation for the reference ${d.step.reference} in this selection, so no comparison is made.`,
    );
  return { findings: out, noData: false };
}

/** Method notes of a step: flags (breaks in series first), revisions, aggregates, units. */
function stepNotes(d: StepData): string[] {
  const notes: string[] = [];
  const byFlag = new Map<string, string[]>();
  for (const p of d.places)
    for (const o of p.observations)
      for (const f of (o.citation.flags ?? '').replace(/^[@|]/, '')) {
        const list = byFlag.get(f) ?? [];
        list.push(`${p.geo} ${o.citation.period}`);
        byFlag.set(f, list);
      }
  const flags = [...byFlag.keys()].sort((a, b) => (a === 'b' ? -1 : b === 'b' ? 1 : a.localeCompare(b)));
  for (const f of flags) {
    const list = byFlag.get(f)!;
    const shown = list.slice(0, 6).join(', ');
    const more = list.length > 6 ? ` and ${list.length - 6} more` : '';
    notes.push(
      f === 'b'
        ? `Break in series (flag b): ${shown}${more}. Values before and after a break are not strictly comparable.`
        : `Flag ${f} (${describeFlags(f)}): ${shown}${more}.`,
    );
  }
  if (flags.length === 0 && d.places.some((p) => p.observations.length > 0))
    notes.push('No value of this selection carries a flag (no breaks in series, estimates or provisional values).');
  notes.push(
    d.revisions.count > 0
      ? `Revisions: later imports here changed ${d.revisions.count} value(s) of this selection, the latest on ${d.revisions.latest}; every earlier value stays readable with as_of (${d.revisions.url}).`
      : 'Revisions: no value of this selection has been revised since it was first imported here.',
  );
  const geos = d.places.map((p) => p.geo);
  if (geos.includes('EU27_2020'))
    notes.push('EU27_2020 is the EU in its composition since 1 February 2020, computed back for earlier periods.');
  if (geos.includes('EA20'))
    notes.push('EA20 is the euro area of 20 countries (since 2023, with Croatia), computed back for earlier periods.');
  const suffix = unitSuffix(d.unit);
  if (suffix.startsWith(' %'))
    notes.push(`Values are ${d.measure} as published (${d.unit}); differences between them are in percentage points.`);
  return notes;
}

function tableOf(d: StepData): ReportTable {
  const columns = d.places.map((p) => ({ geo: p.geo, name: p.name }));
  const periods = new Map<number, string>();
  for (const p of d.places) for (const o of p.observations) periods.set(o.ordinal, o.citation.period);
  const rows = [...periods]
    .sort((a, b) => a[0] - b[0])
    .map(([ordinal, period]) => ({
      period,
      cells: d.places.map((p) => {
        const o = p.observations.find((x) => x.ordinal === ordinal);
        return o ? { value: formatValue(o.citation.value, o.citation.decimals), flags: o.citation.flags } : null;
      }),
    }));
  return { columns, rows };
}

/** The report of a run: findings with citations per step, tables and method notes. */
export function writeReport(plan: ResearchPlan, data: StepData[]): Report {
  const b = new AnswerBuilder();
  const steps: ReportStep[] = data.map((d) => {
    const base = {
      id: d.step.id,
      title: d.step.title,
      dataset_code: d.step.dataset_code,
      dataset_name: d.dataset_name,
      series: d.series,
      places: d.step.places,
      reference: d.step.reference,
      period_from: d.period_from,
      period_to: d.period_to,
      reason: d.step.reason,
      links: d.links,
    };
    if (d.missing) {
      return { ...base, findings: [d.missing], no_data: true, notes: [], table: { columns: [], rows: [] } };
    }
    const { findings, noData } = stepFindings(b, d);
    return { ...base, findings, no_data: noData, notes: stepNotes(d), table: tableOf(d) };
  });
  return {
    question: plan.question,
    steps,
    citations: b.citations,
    derived: b.derived,
    notes: plan.notes,
    declined: plan.declined ?? (steps.length === 0 ? 'The plan has no step to run.' : null),
  };
}

/** Where a report is shared: a public page, readable without signing in, not indexed (decision 148). */
export function sharedReportPath(token: string): string {
  return `/researcher/reports/${token}`;
}

// ---- exports ----

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Text for the Markdown export (decision 186): `&`, `<` and `>` as entities, so that a Markdown renderer shows
 * them and never renders HTML. The report's own Markdown (**bold**, [n] markers) is kept: for what the report writes
 * from the database (findings, names, labels).
 */
function mdSafe(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * What the user wrote (the question, a step's title and reason, the plan's notes) for the Markdown export: no HTML
 * (`mdSafe`), no Markdown of its own (emphasis, links, code, tables, headings: backslash-escaped) and on one line.
 */
function mdText(s: string): string {
  return mdSafe(s.replace(/\s*[\r\n]+\s*/g, ' ')).replace(/[\\`*_[\]|#~]/g, '\\$&');
}

/** A table cell of the Markdown export: no HTML, and a `|` does not end the cell. */
function mdCell(s: string): string {
  return mdSafe(s).replace(/\|/g, '\\|');
}

function citationLine(c: Citation): string {
  const flag = c.flags ? ` (${c.flags}: ${c.flag_meaning})` : '';
  return `${c.place}, ${c.period}: ${formatValue(c.value, c.decimals)}${unitSymbol(c.unit)}${flag}. ${c.dataset_name} (${c.dataset_code}), ${c.series}`;
}

function cell(c: { value: string; flags: string | null } | null): string {
  return c ? `${c.value}${c.flags ? ` ${c.flags}` : ''}` : ':';
}

/** The report as Markdown: findings with footnote links, a table per step, method notes and the sources. */
export function reportMarkdown(r: Report, meta: { url: string; created_at: string }): string {
  const lines: string[] = [
    `# ${mdText(r.question)}`,
    '',
    `Research report, ${meta.created_at.slice(0, 10)}: ${meta.url}`,
    '',
  ];
  if (r.declined) lines.push(mdText(r.declined), '');
  for (const n of r.notes) lines.push(`- ${mdText(n)}`);
  if (r.notes.length > 0) lines.push('');
  for (const s of r.steps) {
    lines.push(`## ${mdText(capitalize(s.title))}`, '');
    lines.push(
      `${mdSafe(s.dataset_name)} (${s.dataset_code}) · ${s.places.join(', ')}${s.reference ? ` vs ${s.reference}` : ''} · ${s.period_from} to ${s.period_to ?? 'latest'}`,
      '',
      `_Why:_ ${mdText(s.reason)}`,
      '',
      '### Findings',
      '',
    );
    for (const f of s.findings) lines.push(`- ${mdSafe(f).replace(/\[(\d+)\]/g, '[[$1]](#source-$1)')}`);
    lines.push('', `Chart: ${s.links.chart_url}  `, `CSV: ${s.links.csv_url}  `, `API: ${s.links.api_url}`, '');
    if (s.table.rows.length > 0) {
      lines.push(`| Period | ${s.table.columns.map((c) => mdCell(c.name)).join(' | ')} |`);
      lines.push(`|---|${s.table.columns.map(() => '---:').join('|')}|`);
      for (const row of s.table.rows)
        lines.push(`| ${mdCell(row.period)} | ${row.cells.map((c) => mdCell(cell(c))).join(' | ')} |`);
      lines.push('');
    }
    if (s.notes.length > 0) {
      lines.push('### Method notes', '');
      for (const n of s.notes) lines.push(`- ${mdSafe(n)}`);
      lines.push('');
    }
  }
  if (r.citations.length > 0) {
    lines.push('## Sources', '');
    r.citations.forEach((c, i) =>
      lines.push(`<a id="source-${i + 1}"></a>${i + 1}. ${mdSafe(citationLine(c))}. ${c.url}`),
    );
    lines.push('');
  }
  return lines.join('\n');
}

/** The report as one self-contained HTML page (inline style, no script): a table per step and every link. */
export function reportHtml(r: Report, meta: { url: string; created_at: string }): string {
  const e = escapeHtml;
  const link = (href: string, text: string) => `<a href="${e(href)}">${e(text)}</a>`;
  const marked = (text: string) =>
    e(text)
      .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
      .replace(/\[(\d+)\]/g, '<a href="#source-$1">[$1]</a>');
  const body: string[] = [
    `<h1>${e(r.question)}</h1>`,
    `<p class="meta">Research report, ${e(meta.created_at.slice(0, 10))} · ${link(meta.url, meta.url)}</p>`,
  ];
  if (r.declined) body.push(`<p>${e(r.declined)}</p>`);
  if (r.notes.length > 0) body.push(`<ul>${r.notes.map((n) => `<li>${e(n)}</li>`).join('')}</ul>`);
  for (const s of r.steps) {
    body.push(
      `<section><h2>${e(capitalize(s.title))}</h2>`,
      `<p class="meta">${e(s.dataset_name)} (${e(s.dataset_code)}) · ${e(s.places.join(', '))}${s.reference ? ` vs ${e(s.reference)}` : ''} · ${e(s.period_from)} to ${e(s.period_to ?? 'latest')}</p>`,
      `<p><em>Why:</em> ${e(s.reason)}</p>`,
      `<h3>Findings</h3><ul>${s.findings.map((f) => `<li>${marked(f)}</li>`).join('')}</ul>`,
      `<p>${link(s.links.chart_url, 'Chart')} · ${link(s.links.csv_url, 'CSV')} · ${link(s.links.api_url, 'API')}</p>`,
    );
    if (s.table.rows.length > 0)
      body.push(
        `<table><caption>${e(s.series)}</caption><thead><tr><th scope="col">Period</th>${s.table.columns.map((c) => `<th scope="col">${e(c.name)}</th>`).join('')}</tr></thead><tbody>`,
        ...s.table.rows.map(
          (row) =>
            `<tr><th scope="row">${e(row.period)}</th>${row.cells.map((c) => `<td>${e(cell(c))}</td>`).join('')}</tr>`,
        ),
        '</tbody></table>',
      );
    if (s.notes.length > 0)
      body.push(`<h3>Method notes</h3><ul>${s.notes.map((n) => `<li>${e(n)}</li>`).join('')}</ul>`);
    body.push('</section>');
  }
  if (r.citations.length > 0)
    body.push(
      `<h2>Sources</h2><ol>${r.citations.map((c, i) => `<li id="source-${i + 1}">${e(citationLine(c))}. ${link(c.url, 'chart view')}</li>`).join('')}</ol>`,
    );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${e(r.question)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
.meta{color:#555}table{border-collapse:collapse;font-variant-numeric:tabular-nums;margin:1rem 0}
th,td{border:1px solid #ccc;padding:.2rem .5rem;text-align:right}th[scope=col]{background:#f3f3f3}
caption{text-align:left;font-weight:600}a{color:#0645ad}</style></head>
<body>
${body.join('\n')}
</body></html>
`;
}
