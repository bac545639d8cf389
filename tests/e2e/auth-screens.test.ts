// The sign-in modal's steps in light and dark mode, each checked for problems; with AUTH_SHOTS=<folder>, a screenshot of
// each step there, for review by eye (like the other browser files' pictures, not taken on every run).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeContexts, newPage, sharedBrowser } from '../setup/browser';
import { linkIn } from '../setup/smtp';
import { openModal, password, startAuthWorld, totp, type AuthWorld, visit } from './auth-peers';

let browser: Browser;
let world: AuthWorld;
const out = process.env.AUTH_SHOTS;

/** A confirmed account made over HTTP (not the subject here); returns its session cookie. */
async function confirmedAccount(email: string): Promise<string> {
  const post = (path: string, body: unknown, cookie = '') =>
    fetch(`${world.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
  expect((await post('/api/auth/sign-up/email', { email, password, name: email.split('@')[0] })).status).toBe(200);
  const token = linkIn(await world.smtp.waitFor(email), '/confirm').searchParams.get('token');
  const confirmed = await post('/api/auth/confirm-email', { token });
  const cookie = confirmed.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const onboarding = await fetch(`${world.baseUrl}/onboarding`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, origin: world.baseUrl },
    body: 'intent=skip',
    redirect: 'manual',
  });
  expect(onboarding.status).toBeLessThan(400);
  return cookie;
}

/** The page as it is, in AUTH_SHOTS when that names a folder. */
async function picture(page: Page, name: string, theme: 'light' | 'dark'): Promise<void> {
  if (out) await page.screenshot({ path: path.join(out, `${name}-${theme}.png`) });
}

let twoFactorSecret = '';

beforeAll(async () => {
  [browser, world] = await Promise.all([sharedBrowser(), startAuthWorld()]);
  if (out) mkdirSync(out, { recursive: true });
  // An existing (unconfirmed) account, so the modal reaches its sign-in step.
  const res = await fetch(`${world.baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'existing@example.org', password, name: 'Existing' }),
  });
  expect(res.status).toBe(200);
  // An account with two-factor sign-in, so the modal reaches its code step.
  const cookie = await confirmedAccount('guarded@example.org');
  const enable = (path: string, body: unknown) =>
    fetch(`${world.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
  const enabled = (await (await enable('/api/auth/two-factor/enable', { password })).json()) as { totpURI: string };
  twoFactorSecret = new URL(enabled.totpURI).searchParams.get('secret')!;
  expect((await enable('/api/auth/two-factor/verify-totp', { code: totp(twoFactorSecret) })).status).toBe(200);
  await confirmedAccount('settings@example.org');
});
afterAll(async () => {
  await closeContexts(browser);
  await world?.stop();
});

async function inTheme(page: Page, theme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: theme });
  await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
}

const backgrounds: Record<string, string> = {};

for (const theme of ['light', 'dark'] as const) {
  it(`shows every step of the modal in ${theme} mode`, async () => {
    const { page, problems } = await newPage(browser, { viewport: { width: 1100, height: 760 } });
    const shot = (name: string) => picture(page, name, theme);
    await visit(page, `${world.baseUrl}/`);
    await inTheme(page, theme);
    const dialog = await openModal(page);
    await dialog.getByLabel('E-mail').fill('new.reader@example.org');
    await dialog.getByRole('button', { name: 'Next' }).waitFor();
    backgrounds[theme] = await dialog.evaluate((el) => getComputedStyle(el).backgroundColor);
    await shot('1-email');

    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel('Password', { exact: true }).fill('short');
    await dialog.getByLabel('Confirm password').fill('short');
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    await dialog.getByRole('alert').waitFor();
    await shot('2-sign-up-error');

    await dialog.getByLabel('E-mail').fill('existing@example.org');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Forgot your password?' }).waitFor();
    await dialog.getByLabel('Password', { exact: true }).fill('secret');
    await shot('3-sign-in');

    await dialog.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByRole('dialog', { name: 'Reset Password' }).waitFor();
    await shot('4-reset');

    await visit(page, `${world.baseUrl}/auth?error=account_not_linked`);
    await inTheme(page, theme);
    await page.getByRole('alert').waitFor();
    await shot('5-auth-page-error');

    await visit(page, `${world.baseUrl}/check-email?email=new.reader%40example.org`);
    await inTheme(page, theme);
    await shot('6-check-email');

    await visit(page, `${world.baseUrl}/auth`);
    await inTheme(page, theme);
    await page.getByLabel('E-mail').fill('guarded@example.org');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByLabel('Authentication code').fill('123');
    await shot('7-two-factor');

    await page.getByLabel('Authentication code').fill(totp(twoFactorSecret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/app\/dashboard$/);
    await inTheme(page, theme);
    await shot('8-dashboard');
    expect(problems).toEqual([]);
  });

  it(`shows the two-factor enrolment in the settings in ${theme} mode`, async () => {
    const { page, problems } = await newPage(browser, { viewport: { width: 1100, height: 900 } });
    await visit(page, `${world.baseUrl}/auth`);
    await page.getByLabel('E-mail').fill('settings@example.org');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/app\/dashboard$/);
    await visit(page, `${world.baseUrl}/app/settings`);
    await inTheme(page, theme);
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByLabel('Your password').fill(password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    await picture(page, '9-settings-qr', theme);
    expect(problems).toEqual([]);
  });
}

it('draws the dialog differently in dark mode', () => {
  expect(backgrounds.light).toBeDefined();
  expect(backgrounds.dark).toBeDefined();
  expect(backgrounds.dark).not.toBe(backgrounds.light);
});
