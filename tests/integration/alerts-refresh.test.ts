// Issue 13's quality bar through the real refresh: Eurostat (the local peer) publishes a newer vintage of une_rt_m,
// `runRefresh` imports it, the follower's digest reaches the SMTP peer with its one-click unsubscribe, and a trend
// alert on Germany fires once, not again on the next refresh. The same refresh also brings a revision of tec00118,
// which the follower follows too: one e-mail for the whole refresh, not one per dataset.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { datasets, follows, notifications, trendRuleFirings, users } from '../../db/schema';
import { importFile } from '../../server/import/runner';
import { runRefresh } from '../../server/refresh/refresh';
import { mirror } from '../setup/database';
import { startEurostatPeer, TEST_GEOS, trimTsv, type EurostatPeer } from '../setup/eurostat-peer';
import { confirmedUser, startHarness, TestClient, type Harness } from './auth-harness';

let h: Harness;
let peer: EurostatPeer;
const email = 'rhea.refresh@example.com';

beforeAll(async () => {
  [h, peer] = await Promise.all([
    startHarness(),
    startEurostatPeer({ vintage: 1, datasets: ['une_rt_m', 'tec00118'], geos: { une_rt_m: TEST_GEOS } }),
  ]);
  // tec00118 as we last had it: Austria's 2024 figure at 3.0, which Eurostat's release (the peer) has at 2.9.
  const hicp = (await readFile(path.join(mirror, 'eurostat/tec00118/estat_tec00118.tsv'), 'utf8')).replace(
    /^(A,RCH_A_AVG,CP00,AT\t.*)\t2\.9 $/m,
    '$1\t3.0 ',
  );
  expect(hicp).toMatch(/^A,RCH_A_AVG,CP00,AT\t.*\t3\.0 $/m);
  await importFile(h.database.db, {
    fileName: 'estat_tec00118.tsv',
    bytes: Buffer.from(hicp),
    code: 'tec00118',
    released: new Date('2025-01-10T23:00:00Z'),
  });
  await importFile(h.database.db, {
    fileName: 'une_rt_m.tsv',
    bytes: trimTsv(await readFile(path.join(mirror, 'eurostat/une_rt_m/une_rt_m.tsv')), TEST_GEOS),
    code: 'une_rt_m',
    released: new Date('2025-06-06T23:00:00Z'),
  });
});

afterAll(async () => {
  await peer?.close();
  await h?.close();
});

it('a refresh with a new vintage mails the follower and fires the trend alert once', async () => {
  const client = new TestClient(h);
  await confirmedUser(h, client, email);
  const [user] = await h.database.db.select().from(users).where(eq(users.email, email));
  const [ds] = await h.database.db.select().from(datasets).where(eq(datasets.code, 'une_rt_m'));
  await h.database.db.insert(follows).values({ userId: user!.id, datasetId: ds!.id, settings: { countries: ['DE'] } });
  const [annual] = await h.database.db.select().from(datasets).where(eq(datasets.code, 'tec00118'));
  await h.database.db
    .insert(follows)
    .values({ userId: user!.id, datasetId: annual!.id, settings: { countries: ['AT'] } });
  // Germany's unemployment rate (the main series) stands at 3.6 in the June 2025 release.
  const rule = await client.post('/api/trend-rules', {
    dataset: 'une_rt_m',
    geo: 'DE',
    kind: 'above',
    threshold: 3.95,
  });
  expect(rule.res.status).toBe(201);
  expect(rule.body).toMatchObject({ description: 'Germany goes above 3.95', last_value: 3.6 });

  // Eurostat's September 2026 release: Germany to 7/2026 (4.0; JSON-stat carries no decimals, so it reads 4) and
  // 2/2024 revised from 3.3 to 3.2.
  peer.setVintage(2);
  const report = await runRefresh(h.database.db, { baseUrl: peer.url, log: () => {} });
  expect(report.imported.map((i) => i.code).sort()).toEqual(['tec00118', 'une_rt_m']);
  // Sent before runRefresh returned (each send waits for the peer's acceptance): one digest for both datasets.
  expect(h.smtp.mails.filter((m) => m.to.includes(email) && m.subject.includes('charts you follow'))).toHaveLength(1);
  const mail = await h.smtp.waitFor(email, (m) => m.subject === '3 updates to charts you follow');
  expect(mail.text).toContain('Austria');
  expect(mail.text).toContain(
    'Germany, July 2026: 4 % of the labour force (unchanged from June 2026). This release: 15 new values, 4 revised.',
  );
  expect(mail.text).toContain('Germany, July 2026: 4 % of the labour force (was 3.6).');
  expect(mail.text).toContain('Trend alert: Germany goes above 3.95');
  expect(mail.html).toContain('/api/charts/download-png?');
  const headers = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const unsubscribe = /^List-Unsubscribe: <([^>]+)>/im.exec(headers)?.[1];
  expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
  const firings = await h.database.db.select().from(trendRuleFirings);
  expect(firings.map((f) => [f.value, f.previousValue])).toEqual([[4, 3.6]]);

  // The next refresh finds nothing new: no mail, no second firing (re-importing an identical release is covered in
  // alerts.test.ts).
  const before = (await h.database.db.select().from(notifications)).length;
  const again = await runRefresh(h.database.db, { baseUrl: peer.url, log: () => {} });
  expect(again).toMatchObject({ outcome: 'done', imported: [] });
  expect(again.unchanged.sort()).toEqual(['tec00118', 'une_rt_m']);
  expect(await h.database.db.select().from(trendRuleFirings)).toHaveLength(1);
  expect(await h.database.db.select().from(notifications)).toHaveLength(before);

  // One click (RFC 8058) turns e-mail off.
  const url = new URL(unsubscribe!);
  const res = await h.app.request(`${url.pathname}${url.search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(res.status).toBe(200);
  expect((await client.request('/api/notifications/preferences')).body).toEqual({ delivery: 'off' });
});
