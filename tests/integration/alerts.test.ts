// Issue 13, alerts and trend tracking: a refresh that brings a new period or a revision tells the dataset's followers
// (a notification in the app, a digest at the local SMTP peer with a one-click unsubscribe), and a trend rule fires
// once per crossing, recording the value that fired it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { findDataset, getDatasetMeta } from '../../db/queries/datasets';
import { createFollow } from '../../db/queries/follows';
import { datasets, follows, notificationPreferences, notifications, trendRuleFirings, users } from '../../db/schema';
import { sendDigests } from '../../server/alerts/publish';
import { importFile } from '../../server/import/runner';
import { confirmedUser, startHarness, TestClient, type Harness } from './auth-harness';

let h: Harness;
let alice: TestClient;
let aliceId: string;
const aliceEmail = 'alice.alerts@example.com';

/** A small monthly dataset in Eurostat's TSV layout: unemployment by place. */
function release(months: string[], de: string[], fr: string[]): Buffer {
  const head = ['freq,unit,geo\\TIME_PERIOD', ...months.map((m) => `${m} `)].join('\t');
  const row = (geo: string, values: string[]) => [`M,PC_ACT,${geo}`, ...values.map((v) => `${v} `)].join('\t');
  return Buffer.from([head, row('DE', de), row('FR', fr)].join('\n') + '\n');
}

function importRelease(bytes: Buffer) {
  return importFile(h.database.db, { fileName: 'alert_test.tsv', bytes, code: 'alert_test' });
}

beforeAll(async () => {
  h = await startHarness();
  await importRelease(release(['2024-01', '2024-02'], ['3.4', '3.3'], ['7.5', '7.4']));
  alice = new TestClient(h);
  await confirmedUser(h, alice, aliceEmail);
  const [user] = await h.database.db.select({ id: users.id }).from(users).where(eq(users.email, aliceEmail));
  aliceId = user!.id;
  const [ds] = await h.database.db.select({ id: datasets.id }).from(datasets).where(eq(datasets.code, 'alert_test'));
  await h.database.db.insert(follows).values({ userId: aliceId, datasetId: ds!.id, settings: { countries: ['DE'] } });
});

afterAll(async () => {
  await h?.close();
});

describe('alerts', () => {
  it('needs a session for notifications and rules', async () => {
    const anonymous = new TestClient(h);
    expect((await anonymous.request('/api/notifications')).res.status).toBe(401);
    expect((await anonymous.request('/api/trend-rules')).res.status).toBe(401);
    const post = await anonymous.post('/api/trend-rules', {
      dataset: 'alert_test',
      geo: 'DE',
      kind: 'above',
      threshold: 1,
    });
    expect(post.res.status).toBe(401);
  });

  it('refuses bad rules in the one error shape', async () => {
    const noSuch = await alice.post('/api/trend-rules', { dataset: 'nope', geo: 'DE', kind: 'above', threshold: 1 });
    expect(noSuch.res.status).toBe(404);
    expect(noSuch.body.error.code).toBe('not_found');
    const badKind = await alice.post('/api/trend-rules', {
      dataset: 'alert_test',
      geo: 'DE',
      kind: 'up',
      threshold: 1,
    });
    expect(badKind.res.status).toBe(400);
    expect(badKind.body.error.message).toMatch(/kind/);
    const noPlace = await alice.post('/api/trend-rules', {
      dataset: 'alert_test',
      geo: 'XX',
      kind: 'above',
      threshold: 1,
    });
    expect(noPlace.res.status).toBe(404);
    const stillMoves = await alice.post('/api/trend-rules', {
      dataset: 'alert_test',
      geo: 'DE',
      kind: 'moves',
      threshold: 0,
    });
    expect(stillMoves.res.status).toBe(400);
  });

  it('a revision reaches the follower by mail and in the app, and a threshold rule fires once, not twice', async () => {
    // DE stands at 3.3: the rule is "below 3.25", not yet met, so it must not fire at creation.
    const created = await alice.post('/api/trend-rules', {
      dataset: 'alert_test',
      geo: 'DE',
      kind: 'below',
      threshold: 3.25,
    });
    expect(created.res.status).toBe(201);
    expect(created.body.description).toBe('Germany goes below 3.25');
    expect(created.body.last_value).toBe(3.3);
    const ruleId = created.body.id as number;

    // The next release revises DE 2/2024 from 3.3 to 3.2.
    await importRelease(release(['2024-01', '2024-02'], ['3.4', '3.2'], ['7.5', '7.4']));
    const mail = await h.smtp.waitFor(aliceEmail, (m) => /Revised|Trend|updates/.test(m.subject));
    expect(mail.text).toContain('Germany, February 2024: revised from 3.3 to 3.2 % of the labour force');
    expect(mail.text).toContain('Trend alert: Germany goes below 3.25');
    expect(mail.html).toContain('/api/charts/download-png?');
    const headerBlock = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
    const listUnsubscribe = /^List-Unsubscribe: <([^>]+)>/im.exec(headerBlock)?.[1];
    expect(listUnsubscribe).toMatch(/^http:\/\/localhost:3000\/unsubscribe\?token=/);
    expect(headerBlock).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);

    const list = await alice.request('/api/notifications');
    expect(list.res.status).toBe(200);
    expect(list.body.unread).toBe(2);
    const kinds = list.body.items.map((n: any) => n.kind).sort();
    expect(kinds).toEqual(['dataset_update', 'trend_rule']);
    const firing = await h.database.db.select().from(trendRuleFirings).where(eq(trendRuleFirings.ruleId, ruleId));
    expect(firing.map((f) => f.value)).toEqual([3.2]);
    expect(firing[0]!.previousValue).toBe(3.3);

    // The same release again changes nothing; a new period that stays below does not fire again either.
    await importRelease(release(['2024-01', '2024-02'], ['3.4', '3.2'], ['7.5', '7.4']));
    await importRelease(release(['2024-01', '2024-02', '2024-03'], ['3.4', '3.2', '3.1'], ['7.5', '7.4', '7.3']));
    const newPeriod = await h.smtp.waitFor(aliceEmail, (m) => m.subject.startsWith('New data'));
    expect(newPeriod.text).toContain(
      'Germany, March 2024: 3.1 % of the labour force (−0.1 from February 2024). This release: 2 new values.',
    );
    const after = await h.database.db.select().from(trendRuleFirings).where(eq(trendRuleFirings.ruleId, ruleId));
    expect(after).toHaveLength(1);
    const rules = await alice.request('/api/trend-rules');
    expect(rules.body.items[0]).toMatchObject({
      id: ruleId,
      firings: 1,
      last_firing: { value: 3.2, period: '2/2024' },
      last_period: '3/2024',
    });

    // Back above, then below again: a second crossing fires a second time.
    await importRelease(
      release(['2024-01', '2024-02', '2024-03', '2024-04'], ['3.4', '3.2', '3.1', '3.3'], ['7.5', '7.4', '7.3', '7.2']),
    );
    await importRelease(
      release(
        ['2024-01', '2024-02', '2024-03', '2024-04', '2024-05'],
        ['3.4', '3.2', '3.1', '3.3', '3.0'],
        ['7.5', '7.4', '7.3', '7.2', '7.1'],
      ),
    );
    const twice = await h.database.db.select().from(trendRuleFirings).where(eq(trendRuleFirings.ruleId, ruleId));
    expect(twice.map((f) => f.value).sort()).toEqual([3, 3.2]);

    // Read all: the bell's count drops to 0.
    const read = await alice.post('/api/notifications/read', {});
    expect(read.body.unread).toBe(0);

    // One click (RFC 8058): a POST to the List-Unsubscribe address turns e-mail off; the app keeps notifying.
    const url = new URL(listUnsubscribe!);
    const res = await h.app.request(`${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    const [prefs] = await h.database.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, aliceId));
    expect(prefs!.delivery).toBe('off');
    expect((await alice.request('/api/notifications/preferences')).body).toEqual({ delivery: 'off' });
    const bad = await h.app.request('/unsubscribe?token=forged', { method: 'POST' });
    expect(bad.status).toBe(404);
  });

  it('pauses, resumes and deletes rules; another account cannot touch them', async () => {
    const created = await alice.post('/api/trend-rules', {
      dataset: 'alert_test',
      geo: 'FR',
      kind: 'moves',
      threshold: 0.5,
    });
    expect(created.res.status).toBe(201);
    const id = created.body.id;
    const paused = await alice.request(`/api/trend-rules/${id}`, { method: 'PATCH', json: { paused: true } });
    expect(paused.body.paused).toBe(true);
    const bob = new TestClient(h);
    await confirmedUser(h, bob, 'bob.alerts@example.com');
    expect((await bob.request(`/api/trend-rules/${id}`, { method: 'DELETE' })).res.status).toBe(404);
    expect((await alice.request(`/api/trend-rules/${id}`, { method: 'DELETE' })).res.status).toBe(204);
    expect((await alice.request(`/api/trend-rules/${id}`, { method: 'DELETE' })).res.status).toBe(404);
    expect((await alice.request('/api/trend-rules/abc', { method: 'DELETE' })).res.status).toBe(400);
  });

  it('keeps preferences: immediate, daily or off', async () => {
    const months = ['2024-01', '2024-02', '2024-03', '2024-04', '2024-05', '2024-06', '2024-07'];
    const de = ['3.4', '3.2', '3.1', '3.3', '3.0', '2.9', '2.7'];
    const fr = ['7.5', '7.4', '7.3', '7.2', '7.1', '7.0', '6.9'];
    const mailsOf = () => h.smtp.mails.filter((m) => m.to.includes(aliceEmail)).length;
    // E-mail is off (unsubscribed above): 6/2024 arrives in the app only.
    const offMails = mailsOf();
    await importRelease(release(months.slice(0, 6), de.slice(0, 6), fr.slice(0, 6)));
    expect(mailsOf()).toBe(offMails);
    const put = await alice.request('/api/notifications/preferences', { method: 'PUT', json: { delivery: 'daily' } });
    expect(put.body).toEqual({ delivery: 'daily' });
    // Daily: a release mails nothing at once; the daily pass sends one digest, then nothing more that day.
    await importRelease(release(months, de, fr));
    expect(mailsOf()).toBe(offMails);
    expect(await sendDigests(h.database.db, { due: 'daily' })).toBe(1);
    const daily = await h.smtp.waitFor(aliceEmail, (m) => m.text.includes('July 2024'));
    expect(daily.text).toContain('Germany, July 2024: 2.7 % of the labour force (−0.2 from June 2024)');
    // What arrived while e-mail was off stays in the app, not in a late digest.
    expect(daily.text).not.toContain('Germany, June 2024');
    expect(await sendDigests(h.database.db, { due: 'daily' })).toBe(0);
    const list = await alice.request('/api/notifications?limit=5');
    expect(list.body.items.map((n: any) => n.body.slice(0, 19))).toContain('Germany, June 2024:');
    const bad = await alice.request('/api/notifications/preferences', { method: 'PUT', json: { delivery: 'hourly' } });
    expect(bad.res.status).toBe(400);
    const noOrigin = await alice.request('/api/notifications/preferences', {
      method: 'PUT',
      json: { delivery: 'off' },
      headers: { origin: 'https://evil.example' },
    });
    expect(noOrigin.res.status).toBe(403);
  });

  it('notifies each followed view of a dataset: one note per place followed, one for views that say the same', async () => {
    const db = h.database.db;
    await db
      .insert(users)
      .values({ id: 'cleo-alerts', name: 'Cleo', email: 'cleo.alerts@example.com', emailVerified: true });
    const meta = await getDatasetMeta(db, (await findDataset(db, 'alert_test'))!);
    for (const settings of [
      { chart_type: 'line' as const, countries: ['DE'] },
      { chart_type: 'line' as const, countries: ['FR'] },
      // Another view of Germany's series: its note would say the same as the first's.
      { chart_type: 'table' as const, countries: ['DE'] },
    ])
      expect((await createFollow(db, meta, { userId: 'cleo-alerts', settings })).status).toBe('created');
    const months = ['2024-01', '2024-02', '2024-03', '2024-04', '2024-05', '2024-06', '2024-07', '2024-08'];
    await importRelease(
      release(
        months,
        ['3.4', '3.2', '3.1', '3.3', '3.0', '2.9', '2.7', '2.6'],
        ['7.5', '7.4', '7.3', '7.2', '7.1', '7.0', '6.9', '6.8'],
      ),
    );
    const bodies = async () =>
      (await db.select().from(notifications).where(eq(notifications.userId, 'cleo-alerts'))).map(
        (n) => n.body.split(':')[0],
      );
    await expect.poll(bodies).toHaveLength(2);
    expect((await bodies()).sort()).toEqual(['France, August 2024', 'Germany, August 2024']);
  });
});
