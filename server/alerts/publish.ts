// What happens after an import commits (docs/decisions/130): open pages hear of it at once (live channel), followers
// get a notification in the app, trend rules are evaluated (each firing recorded with its value), and e-mail goes
// out at once to those who want it (daily digests later; none when off). Never throws: the import has succeeded.
import type { Db } from '../../db/client';
import {
  claimUnmailed,
  datasetBasics,
  findSeries,
  followersOf,
  geoName,
  headlineGeo,
  insertNotifications,
  lastTwoValues,
  recipientsWithUnmailed,
  revisionOf,
  seriesCodes,
  unclaim,
  unsubscribeTokenOf,
  markDigestSent,
  type DatasetBasics,
  type NewNotification,
  type Recipient,
} from '../../db/queries/notifications';
import { activeTrendRules, advanceTrendRule, insertTrendRuleFiring } from '../../db/queries/trend-rules';
import { unitSuffix } from '../../core/assistant/compose';
import { formatPeriod, formatPeriodReadable, type Frequency } from '../../core/periods';
import { addressedAs } from '../../core/schemas/account';
import { publishLive } from '../live/hub';
import { digestMail } from './digest-mail';
import { describeRule, evaluateRule, formatChange, formatNumber } from './rules';
import { alertSettings } from './settings';

export interface DatasetUpdate {
  datasetId: number;
  code: string;
  importRunId: number;
  added: number;
  changed: number;
  removed: number;
}

export interface PublishResult {
  notified: number;
  fired: number;
  mailed: number;
}

/**
 * The one call the import runner makes after a run's transaction commits. `mail: false` leaves the immediate
 * e-mail to the caller, which sends one digest for several datasets (a refresh: sendDigests when it ends).
 */
export async function publishDatasetUpdate(
  db: Db,
  update: DatasetUpdate,
  opts: { mail?: boolean } = {},
): Promise<PublishResult> {
  const settings = alertSettings(db);
  const result: PublishResult = { notified: 0, fired: 0, mailed: 0 };
  try {
    if (update.added + update.changed + update.removed === 0) return result;
    const dataset = await datasetBasics(db, update.datasetId);
    if (!dataset) return result;
    await publishLive(
      db,
      {
        topic: `dataset:${update.datasetId}`,
        event: 'dataset.updated',
        data: {
          datasetId: update.datasetId,
          code: update.code,
          importRunId: update.importRunId,
          added: update.added,
          changed: update.changed,
          removed: update.removed,
          at: new Date().toISOString(),
        },
      },
      settings.redisUrl,
    );
    const notes = [...(await followerNotes(db, dataset, update)), ...(await ruleNotes(db, dataset, update))];
    result.fired = notes.filter((n) => n.kind === 'trend_rule').length;
    const inserted = await insertNotifications(db, notes);
    result.notified = inserted.length;
    for (const n of inserted) {
      await publishLive(
        db,
        {
          topic: `user:${n.userId}`,
          event: 'notification',
          data: { id: n.id, kind: n.kind, title: n.title, body: n.body, url: n.url, datasetId: n.datasetId },
        },
        settings.redisUrl,
      );
    }
    if (opts.mail !== false)
      result.mailed = await sendDigests(db, { only: [...new Set(inserted.map((n) => n.userId))], due: 'immediate' });
  } catch (error) {
    settings.log(`alerts for ${update.code} (run ${update.importRunId}) failed: ${String(error)}`);
  }
  return result;
}

/** A short unit follows the value ("3.7 %", "12 EUR"); a long one ("Percentage of population…") is left to the chart. */
/**
 * What follows a number in a sentence, for the unit the view shows: its selected unit code's words (" % of the labour
 * force", " thousand persons"), else the dataset's unit when it is short; never a bare code such as "PC_ACT".
 */
function inlineUnit(dataset: DatasetBasics, dims: readonly string[]): string {
  const at = dataset.dimensions.findIndex((d) => d === 'unit' || d === 'unit_measure');
  const code = at >= 0 ? dims[at] : undefined;
  if (code) return unitSuffix(code);
  const unit = dataset.unit;
  return unit && unit.length <= 12 && !/^[A-Z0-9_]+$/.test(unit) ? ` ${unit}` : '';
}

/** A period in a sentence for people: "July 2026", "Q1 2025". */
function periodWords(freq: Frequency, ordinal: number): string {
  return formatPeriodReadable(freq, ordinal, 'long');
}

function freqOf(dataset: DatasetBasics): Frequency {
  return dataset.frequency as Frequency;
}

/** The dataset page address of a view: a line chart of this series at this place. */
function viewUrl(dataset: DatasetBasics, dims: readonly string[], geo: string): string {
  const pairs = dims.map((code, i) => `dimension[]=dim${i + 1}:${encodeURIComponent(code)}`);
  return `/datasets/${dataset.code}?chart_type=line&country=${encodeURIComponent(geo)}&${pairs.join('&')}`;
}

/**
 * One notification per followed view (an account may follow several views of the dataset, decision 198): the view's
 * latest value and its change, or the revision this run made. Views that would say the same (the same series and
 * place) notify once.
 */
async function followerNotes(db: Db, dataset: DatasetBasics, update: DatasetUpdate): Promise<NewNotification[]> {
  const followers = await followersOf(db, dataset.id);
  const notes: NewNotification[] = [];
  const freq = freqOf(dataset);
  for (const f of followers) {
    const dims = dataset.dimensions.map(
      (code, i) => f.settings.dimensions?.[`dim${i + 1}`]?.[0] ?? dataset.defaults[code] ?? '',
    );
    const seriesId = await findSeries(db, dataset.id, freq, dims);
    const geo = seriesId ? await headlineGeo(db, seriesId, f.settings.countries?.[0]) : undefined;
    const counts = { added: update.added, changed: update.changed, removed: update.removed };
    if (!seriesId || !geo) {
      notes.push({
        userId: f.userId,
        kind: 'dataset_update',
        datasetId: dataset.id,
        importRunId: update.importRunId,
        title: `New data: ${dataset.name}`,
        body: countsSentence(counts),
        url: `/datasets/${dataset.code}`,
        data: { code: dataset.code, ...counts },
      });
      continue;
    }
    const place = await geoName(db, geo);
    const unit = inlineUnit(dataset, dims);
    const [latest, before] = await lastTwoValues(db, seriesId, geo);
    const revision = await revisionOf(db, update.importRunId, seriesId, geo);
    let title: string;
    let body: string;
    let data: NewNotification['data'] = { code: dataset.code, label: place, unit: dataset.unit, ...counts };
    if (latest && (update.added > 0 || !revision)) {
      const change = before
        ? ` (${formatChange(latest.value - before.value, latest.decimals)} from ${periodWords(freq, before.period)})`
        : '';
      title = `New data: ${dataset.name}`;
      body = `${place}, ${periodWords(freq, latest.period)}: ${formatNumber(latest.value, latest.decimals)}${unit}${change}. ${countsSentence(counts)}`;
      data = {
        ...data,
        period: formatPeriod(freq, latest.period),
        value: latest.value,
        previous: before?.value ?? null,
      };
    } else if (revision) {
      title = `Revised: ${dataset.name}`;
      const from = revision.oldValue === null ? 'no value' : formatNumber(revision.oldValue);
      const to = revision.newValue === null ? 'no value' : formatNumber(revision.newValue);
      body = `${place}, ${periodWords(freq, revision.period)}: revised from ${from} to ${to}${unit}. ${countsSentence(counts)}`;
      data = {
        ...data,
        period: formatPeriod(freq, revision.period),
        value: revision.newValue,
        previous: revision.oldValue,
      };
    } else {
      title = `New data: ${dataset.name}`;
      body = countsSentence(counts);
    }
    notes.push({
      userId: f.userId,
      kind: 'dataset_update',
      datasetId: dataset.id,
      importRunId: update.importRunId,
      title,
      body,
      url: viewUrl(dataset, dims, geo),
      data,
    });
  }
  const said = new Set<string>();
  return notes.filter((n) => {
    const key = JSON.stringify([n.userId, n.title, n.body, n.url]);
    if (said.has(key)) return false;
    said.add(key);
    return true;
  });
}

function countsSentence(c: { added: number; changed: number; removed: number }): string {
  const parts = [
    c.added > 0 ? `${c.added} new ${c.added === 1 ? 'value' : 'values'}` : '',
    c.changed > 0 ? `${c.changed} revised` : '',
    c.removed > 0 ? `${c.removed} withdrawn` : '',
  ].filter(Boolean);
  return `This release: ${parts.join(', ')}.`;
}

/** Evaluates the dataset's active rules on their series' latest value; a firing is recorded and notified. */
async function ruleNotes(db: Db, dataset: DatasetBasics, update: DatasetUpdate): Promise<NewNotification[]> {
  const rules = await activeTrendRules(db, dataset.id);
  const notes: NewNotification[] = [];
  const freq = freqOf(dataset);
  for (const rule of rules) {
    const [latest] = await lastTwoValues(db, rule.seriesId, rule.geo);
    if (!latest) continue;
    if (latest.period === rule.lastPeriod && latest.value === rule.lastValue) continue;
    const evaluation = evaluateRule(rule, latest);
    // Only the evaluation that moves the rule's recorded state fires (another process may evaluate the same release).
    const moved = await advanceTrendRule(
      db,
      rule.id,
      { lastState: evaluation.state, lastValue: latest.value, lastPeriod: latest.period },
      { lastValue: rule.lastValue, lastPeriod: rule.lastPeriod },
    );
    if (!moved || !evaluation.fire) continue;
    await insertTrendRuleFiring(db, {
      ruleId: rule.id,
      importRunId: update.importRunId,
      period: latest.period,
      value: latest.value,
      previousValue: evaluation.previous,
    });
    const seriesRow = await seriesDims(db, dataset, rule.seriesId);
    const unit = inlineUnit(dataset, seriesRow);
    const period = formatPeriod(freq, latest.period);
    const was = evaluation.previous === null ? '' : ` (was ${formatNumber(evaluation.previous, latest.decimals)})`;
    notes.push({
      userId: rule.userId,
      kind: 'trend_rule',
      datasetId: dataset.id,
      ruleId: rule.id,
      importRunId: update.importRunId,
      title: `Trend alert: ${rule.label} ${describeRule(rule.kind, rule.threshold)}`,
      body: `${dataset.name}: ${rule.label}, ${periodWords(freq, latest.period)}: ${formatNumber(latest.value, latest.decimals)}${unit}${was}.`,
      url: viewUrl(dataset, seriesRow, rule.geo),
      data: {
        code: dataset.code,
        period,
        value: latest.value,
        previous: evaluation.previous,
        label: rule.label,
        unit: dataset.unit,
      },
    });
  }
  return notes;
}

async function seriesDims(db: Db, dataset: DatasetBasics, seriesId: number): Promise<string[]> {
  return (await seriesCodes(db, seriesId)) ?? dataset.dimensions.map((code) => dataset.defaults[code] ?? '');
}

/** How long a daily-digest account waits between digests. */
export const DAILY_MS = 24 * 60 * 60 * 1000;

/**
 * Mails each account its notifications not yet mailed, in one digest: `immediate` accounts (after a refresh, `only`
 * those it notified), or `daily` accounts whose last digest is a day old. Accounts that turned mail off are skipped
 * (their notifications stay in the app). Returns how many e-mails went out.
 */
export async function sendDigests(
  db: Db,
  opts: { due: 'immediate' | 'daily'; only?: readonly string[]; now?: Date },
): Promise<number> {
  const settings = alertSettings(db);
  const now = opts.now ?? new Date();
  if (opts.only?.length === 0) return 0;
  const recipients = (await recipientsWithUnmailed(db, opts.only)).filter((r) => isDue(r, opts.due, now));
  let sent = 0;
  for (const r of recipients) {
    const items = await claimUnmailed(db, r.userId, now);
    if (items.length === 0) continue;
    const base = settings.publicUrl.replace(/\/+$/, '');
    const token = await unsubscribeTokenOf(db, r.userId);
    const mail = digestMail({
      to: r.email,
      name: addressedAs(r),
      items,
      publicUrl: base,
      unsubscribeUrl: `${base}/unsubscribe?token=${encodeURIComponent(token)}`,
      settingsUrl: `${base}/app/settings#notifications`,
      daily: opts.due === 'daily',
    });
    try {
      await settings.mailer.send(mail);
      sent++;
      if (opts.due === 'daily') await markDigestSent(db, r.userId, now);
    } catch (error) {
      await unclaim(
        db,
        items.map((i) => i.id),
      );
      settings.log(`digest to ${r.email} failed, kept for the next attempt: ${String(error)}`);
    }
  }
  return sent;
}

function isDue(r: Recipient, due: 'immediate' | 'daily', now: Date): boolean {
  if (r.delivery !== due) return false;
  if (due === 'daily') return !r.lastDigestAt || now.getTime() - r.lastDigestAt.getTime() >= DAILY_MS - 60_000;
  return true;
}
