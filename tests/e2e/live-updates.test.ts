// Issue 13, live pages and alerts in Chromium: two app processes serve one PostgreSQL database; this test process
// imports into it (another process, as the refresh command would), and the open dataset pages of both app processes
// redraw with "Updated just now" without a reload, the bell counts the new notifications, the follower's digest reaches
// the SMTP peer, and the trend alert made with "Track a trend…" from the chart's menu fires once, not twice.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { datasets, follows, trendRuleFirings, users } from '../../db/schema';
import { importFile } from '../../server/import/runner';
import { startAppServer, type AppServer } from '../setup/app-server';
import { closeContexts, newPage, sharedBrowser } from '../setup/browser';
import { signUpAndConfirm, startAuthWorld, visit, type AuthWorld } from './auth-peers';

const adminUrl = process.env.DATABASE_URL?.startsWith('postgres')
  ? process.env.DATABASE_URL
  : 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `e2e_live_${randomBytes(4).toString('hex')}`;
const dbUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

let browser: Browser;
let world: AuthWorld;
/** A second app process on the same database (the "two app processes on one PostgreSQL"). */
let second: AppServer;
let database: Database;

function release(months: string[], de: string[], fr: string[]): Buffer {
  const head = ['freq,unit,geo\\TIME_PERIOD', ...months.map((m) => `${m} `)].join('\t');
  const row = (geo: string, values: string[]) => [`M,PC_ACT,${geo}`, ...values.map((v) => `${v} `)].join('\t');
  return Buffer.from([head, row('DE', de), row('FR', fr)].join('\n') + '\n');
}
const importRelease = (bytes: Buffer) =>
  importFile(database.db, { fileName: 'live_demo.tsv', bytes, code: 'live_demo' });

beforeAll(async () => {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${dbName}`);
  await admin.end();
  [browser, world] = await Promise.all([sharedBrowser(), startAuthWorld({ env: { DATABASE_URL: dbUrl } })]);
  // Started once the first has migrated the database.
  second = await startAppServer({
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      REFRESH_SCHEDULE: 'off',
      SEED_ON_START: '0',
      PORT: '0',
      HOST: '127.0.0.1',
    },
  });
  // The server has migrated the database; this process is the "refresh" that imports into it, configured like the
  // server (alerts in a command-line process mail through SMTP_URL with links to PUBLIC_URL).
  // Put back when the file ends (keep-globals.ts): later files start servers with the worker's environment.
  process.env.SMTP_URL = world.smtp.url;
  process.env.PUBLIC_URL = world.baseUrl;
  database = await openDatabase(dbUrl, '');
  await importRelease(release(['2024-01', '2024-02'], ['3.4', '3.3'], ['7.5', '7.4']));
});

afterAll(async () => {
  await closeContexts(browser);
  await world?.stop();
  if (second) {
    const exited = new Promise((resolve) => second.child.once('exit', resolve));
    second.child.kill('SIGTERM');
    await exited;
  }
  await database?.close();
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
});

it('an open page redraws on new data, the bell counts it, the digest arrives, and a trend alert fires once', async () => {
  const { page, problems } = await newPage(browser);
  await signUpAndConfirm(world, page, 'lena@example.org', 'Lena');
  const [user] = await database.db.select().from(users).where(eq(users.email, 'lena@example.org'));
  const [ds] = await database.db.select().from(datasets).where(eq(datasets.code, 'live_demo'));
  await database.db.insert(follows).values({ userId: user!.id, datasetId: ds!.id, settings: { countries: ['DE'] } });

  // The chart as a table of Germany (newest period first), and a trend alert made from it: Germany goes below 3.25 (it stands at 3.3).
  await visit(page, `${world.baseUrl}/datasets/live_demo?chart_type=table&country=DE`);
  const table = page.locator('table tbody').first();
  await expect(table.innerText()).resolves.toMatch(/3\.3\s+3\.4/);
  // From the chart's own menu; the form opens under the chart with the focus on its heading.
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Track a trend…' }).click();
  await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Tell me when…');
  await page.getByLabel('Place', { exact: true }).selectOption('DE');
  await page.getByLabel('Condition', { exact: true }).selectOption('below');
  await page.getByLabel('Value', { exact: true }).fill('3.25');
  await page.getByRole('button', { name: 'Create alert' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We will tell you when' }).textContent()).resolves.toBe(
    'We will tell you when Germany goes below 3.25.',
  );
  await expect(page.getByText('Updated just now').count()).resolves.toBe(0);
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  // A second tab on the app shows the bell.
  const app = await page.context().newPage();
  await visit(app, `${world.baseUrl}/app/notifications`);
  await app.getByRole('heading', { name: 'Notifications' }).waitFor();
  // The bell re-reads its count after the form's answer: wait for the badge to go rather than reading it at once.
  await app.getByTestId('unread-count').waitFor({ state: 'detached' });
  await expect(app.getByTestId('unread-count').count()).resolves.toBe(0);
  // A visitor's page of the same view, served by the second app process.
  const { page: other, problems: otherProblems } = await newPage(browser);
  await visit(other, `${second.base}/datasets/live_demo?chart_type=table&country=DE`);
  const otherTable = other.locator('table tbody').first();
  await expect(otherTable.innerText()).resolves.toMatch(/3\.3\s+3\.4/);
  // The pages have joined the live channel before the release lands.
  for (const p of [page, other]) await p.locator('html[data-live="joined"]').waitFor({ state: 'attached' });

  // The next release revises DE 2/2024 from 3.3 to 3.2, imported by this (other) process.
  await importRelease(release(['2024-01', '2024-02'], ['3.4', '3.2'], ['7.5', '7.4']));
  await page.getByText('Updated just now').waitFor({ timeout: 60_000 });
  await expect(table.innerText()).resolves.toMatch(/3\.2\s+3\.4/);
  // The other app process heard of the import through the database (LISTEN/NOTIFY) and updated its page too.
  await other.getByText('Updated just now').waitFor({ timeout: 60_000 });
  await expect(otherTable.innerText()).resolves.toMatch(/3\.2\s+3\.4/);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await app.getByTestId('unread-count').waitFor({ timeout: 60_000 });
  await expect(app.getByRole('link', { name: /^Notifications, 2 unread$/ }).count()).resolves.toBe(1);

  const mail = await world.smtp.waitFor('lena@example.org', (m) => m.text.includes('revised from 3.3 to 3.2'));
  expect(mail.text).toContain('Trend alert: Germany goes below 3.25');
  expect(mail.raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);

  // The same release again, then a new period still below 3.25: the alert does not fire a second time.
  await importRelease(release(['2024-01', '2024-02'], ['3.4', '3.2'], ['7.5', '7.4']));
  await importRelease(release(['2024-01', '2024-02', '2024-03'], ['3.4', '3.2', '3.1'], ['7.5', '7.4', '7.3']));
  await world.smtp.waitFor('lena@example.org', (m) => m.subject.startsWith('New data'));
  const firings = await database.db.select().from(trendRuleFirings);
  expect(firings.map((f) => f.value)).toEqual([3.2]);

  // The list shows them; reading all clears the bell.
  await visit(app, `${world.baseUrl}/app/notifications`);
  await app.getByText('Trend alert: Germany goes below 3.25').waitFor();
  await app.getByRole('button', { name: 'Mark all as read' }).click();
  await app.getByText('All read').waitFor();
  // The bell re-reads its count after the form's answer: wait for the badge to go rather than reading it at once.
  await app.getByTestId('unread-count').waitFor({ state: 'detached' });
  await expect(app.getByTestId('unread-count').count()).resolves.toBe(0);
  expect(problems).toEqual([]);
  expect(otherProblems).toEqual([]);
});
