// API keys in Chromium: sign up, create a key in settings (secret shown once), call the API with it from a program
// and from the API reference's try-it, see the usage; revoke it and the program is refused; the page's own token is honoured, a forged one is not.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeContexts, newPage, sharedBrowser } from '../setup/browser';
import { signUpAndConfirm, startAuthWorld, visit, type AuthWorld } from './auth-peers';

let browser: Browser;
let world: AuthWorld;

beforeAll(async () => {
  [browser, world] = await Promise.all([sharedBrowser(), startAuthWorld()]);
});
afterAll(async () => {
  await closeContexts(browser);
  await world?.stop();
});

it('creates a key in settings, a program calls the API with it, the usage shows, and a revoked key is refused', async () => {
  const { page, problems } = await newPage(browser);
  await signUpAndConfirm(world, page, 'keys@example.org', 'Kira');
  await visit(page, `${world.baseUrl}/app/settings`);
  await page.getByRole('heading', { name: 'API keys' }).waitFor();
  await page.getByText('No API keys yet.').waitFor();

  await page.getByLabel('Key name').fill('Notebook');
  await page.getByRole('button', { name: 'Create key' }).click();
  await page.getByText('Key “Notebook” created. Copy it now: it will not be shown again.').waitFor();
  const key = (await page.locator('[data-api-key]').textContent())!;
  expect(key).toMatch(/^spk_[A-Za-z0-9_-]{43}$/);
  const row = page.getByRole('row', { name: /Notebook/ });
  await expect(row.getByRole('cell').nth(1).textContent()).resolves.toBe(`${key.slice(0, 12)}…`);
  await expect(row.getByRole('cell').nth(3).textContent()).resolves.toBe('Never');

  // A program, outside the browser: no cookies, only the key.
  const programs: Record<string, string>[] = [
    { Authorization: `Bearer ${key}` },
    { 'X-API-Key': key },
    { Authorization: `Bearer ${key}` },
  ];
  for (const headers of programs) {
    const res = await fetch(`${world.baseUrl}/api/datasets?limit=1`, { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-policy')).toBe('"daily";q=1000;w=86400');
  }
  const last = await fetch(`${world.baseUrl}/api/datasets`, { headers: { 'X-API-Key': key } });
  expect(last.headers.get('x-ratelimit-remaining')).toBe('996');

  // The API reference's try-it forms send the key typed once at the top.
  await visit(page, `${world.baseUrl}/api-docs`);
  await page.getByLabel('Your API key').fill(key);
  const form = page.getByRole('form', { name: 'Try GET /api/datasets', exact: true });
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.getByRole('status', { name: 'Response' }).textContent()).resolves.toContain(
    '200 OK · application/json · ',
  );
  await expect(form.getByRole('status', { name: 'Response' }).textContent()).resolves.toContain(
    '995 requests left today',
  );

  // Once shown, the secret is gone from the page for good.
  await visit(page, `${world.baseUrl}/app/settings`);
  await expect(page.locator('[data-api-key]').count()).resolves.toBe(0);
  await expect(page.content()).resolves.not.toContain(key);
  const listed = page.getByRole('row', { name: /Notebook/ });
  await expect(listed.getByRole('cell').nth(4).textContent()).resolves.toBe('5');
  await expect(listed.getByRole('cell').nth(3).textContent()).resolves.toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
  await expect(page.locator('[data-usage-summary]').textContent()).resolves.toMatch(/^Today: 5 of 1,000 requests/);
  const todayBar = page.locator('svg[role="img"] g[data-day]').last();
  await expect(todayBar.getAttribute('data-total')).resolves.toBe('5');
  await expect(todayBar.locator('title').textContent()).resolves.toMatch(/: 5 requests \(Notebook 5\)$/);

  await listed.getByRole('button', { name: 'Revoke key Notebook' }).click();
  await page.getByRole('button', { name: 'Revoke Notebook' }).click();
  await page.getByText('No API keys yet.').waitFor();
  const refused = await fetch(`${world.baseUrl}/api/datasets?limit=1`, { headers: { Authorization: `Bearer ${key}` } });
  expect(refused.status).toBe(401);
  expect(((await refused.json()) as any).error.code).toBe('invalid_api_key');
  // The revoked key's requests stay on the chart under its name.
  await expect(page.locator('figcaption').textContent()).resolves.toContain('Notebook (revoked)');
  expect(problems).toEqual([]);
});

it('does not count the page’s own fetches with its signed token, but counts a forged token or the header alone', async () => {
  const { page, problems } = await newPage(browser);
  await visit(page, `${world.baseUrl}/datasets`);
  const token = await page.locator('meta[name="page-token"]').getAttribute('content');
  expect(token).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
  const limitHeaders = await page.evaluate(async (good) => {
    const get = async (headers: Record<string, string>) =>
      (await fetch('/api/datasets?limit=1', { headers, cache: 'no-store' })).headers.get('x-ratelimit-limit');
    return [
      await get({ 'X-Page-Token': good }),
      await get({ 'X-Page-Token': `${good.split('.')[0]}.${'A'.repeat(43)}` }),
      await get({}),
    ];
  }, token!);
  expect(limitHeaders).toEqual([null, '1000', '1000']);
  expect(problems).toEqual([]);
});
