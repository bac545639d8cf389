// Settings in Chromium (issue 12): display name, colours kept on the account and applied on another device, password
// change then sign-in with the new one there, e-mail change confirmed through the local SMTP peer, data download,
// and deleting the account, which signs out every device and ends on /account-deleted.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeContexts, newPage, sharedBrowser } from '../setup/browser';
import { linkIn } from '../setup/smtp';
import { openModal, password, ready, signUpAndConfirm, startAuthWorld, visit, type AuthWorld } from './auth-peers';

let browser: Browser;
let world: AuthWorld;

beforeAll(async () => {
  [browser, world] = await Promise.all([sharedBrowser(), startAuthWorld()]);
});
afterAll(async () => {
  await closeContexts(browser);
  await world?.stop();
});

const newPassword = 'Deflation2026?';
const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

async function screenshots(page: Page) {
  const out = process.env.SETTINGS_SHOTS;
  if (!out) return;
  for (const theme of ['light', 'dark'] as const) {
    await page
      .getByRole('region', { name: 'Appearance' })
      .getByRole('radio', { name: theme === 'light' ? /^Light/ : /^Dark/ })
      .check();
    await page.waitForFunction(
      (dark) => document.documentElement.classList.contains('dark') === dark,
      theme === 'dark',
    );
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(out, `settings-${width}-${theme}.png`), fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

it('changes name, colours, password and e-mail, downloads the data, and deletes the account', async () => {
  const { page, problems } = await newPage(browser);
  await signUpAndConfirm(world, page, 'settings@example.org', 'Sam');
  await visit(page, `${world.baseUrl}/app/settings`);
  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile.getByLabel('Display name').inputValue()).resolves.toBe('Sam');

  // Display name.
  await profile.getByLabel('Display name').fill('Sam Settings');
  await profile.getByRole('button', { name: 'Save name' }).click();
  await profile.getByText('Your display name has been saved.').waitFor();

  // Colours: dark, saved on the account.
  const [saved] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/account/profile') && r.request().method() === 'PATCH'),
    page.getByRole('region', { name: 'Appearance' }).getByRole('radio', { name: /^Dark/ }).check(),
  ]);
  expect(saved.status()).toBe(200);
  expect(await isDark(page)).toBe(true);

  // Password: the specification's messages, then the change.
  const passwordForm = page.getByRole('region', { name: 'Password' });
  await passwordForm.getByLabel('Current password').fill(password);
  await passwordForm.getByLabel('New password', { exact: true }).fill('lowercase1!');
  await passwordForm.getByLabel('Confirm new password').fill('lowercase1!');
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await passwordForm.getByText('Password must contain at least one uppercase letter').waitFor();
  // The field to correct has the focus, marked invalid and described by the message (WCAG 3.3.1, decision 215).
  const blamed = async (label: string) => {
    const field = passwordForm.getByLabel(label, { exact: true });
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect(field.getAttribute('aria-invalid')).resolves.toBe('true');
    const described = await field.evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' '),
    );
    return described;
  };
  await expect(blamed('New password')).resolves.toBe('Password must contain at least one uppercase letter');
  await passwordForm.getByLabel('New password', { exact: true }).fill(newPassword);
  await passwordForm.getByLabel('Confirm new password').fill(`${newPassword}x`);
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await passwordForm.getByText('Passwords do not match').waitFor();
  await expect(blamed('Confirm new password')).resolves.toBe('Passwords do not match');
  await passwordForm.getByLabel('Confirm new password').fill(newPassword);
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await passwordForm.getByText('Your password has been changed. Your other devices have been signed out.').waitFor();

  // Another device, light by its own cookie: signs in with the new password and gets the account's dark colours.
  const other = await newPage(browser);
  await other.page.context().addCookies([{ name: 'theme', value: 'light', url: world.baseUrl }]);
  await visit(other.page, `${world.baseUrl}/`);
  expect(await isDark(other.page)).toBe(false);
  const dialog = await openModal(other.page);
  await dialog.getByLabel('E-mail').fill('settings@example.org');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Password', { exact: true }).fill(newPassword);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await other.page.waitForURL(/\/app\/dashboard$/);
  await other.page.waitForFunction(() => document.documentElement.classList.contains('dark'));
  await visit(other.page, `${world.baseUrl}/app/settings`);
  expect(await isDark(other.page)).toBe(true);
  const cookies = await other.page.context().cookies(world.baseUrl);
  expect(cookies.find((c) => c.name === 'theme')?.value).toBe('dark');

  // E-mail change, confirmed by the link the local SMTP peer received at the new address.
  await profile.getByLabel('New e-mail address').fill('sam.new@example.org');
  await profile.getByRole('button', { name: 'Change e-mail' }).click();
  await profile
    .getByText('We sent a confirmation link to sam.new@example.org. Your address changes once you follow it.')
    .waitFor();
  await expect(profile.textContent()).resolves.toContain('settings@example.org');
  const mail = await world.smtp.waitFor('sam.new@example.org');
  expect(mail.subject).toBe('Confirm your new e-mail address for Statistics publisher');
  await visit(page, linkIn(mail, '/confirm').toString());
  await page.waitForURL(/\/app\/settings\?email=changed$/);
  await ready(page);
  await page.getByText('Your new e-mail address is confirmed and now in use.').waitFor();
  await expect(profile.textContent()).resolves.toContain('sam.new@example.org');

  await screenshots(page);

  // Download my data.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d\d-\d\d\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(data.profile).toMatchObject({ email: 'sam.new@example.org', display_name: 'Sam Settings' });
  expect(data.settings.theme).toBe('dark');

  // Delete: typed confirmation and password; every device is signed out.
  const danger = page.getByRole('region', { name: 'Delete account' });
  const deleteButton = danger.getByRole('button', { name: 'Delete my account' });
  await danger.getByLabel('Type DELETE to confirm').fill('delete');
  await danger.getByLabel('Password').fill(newPassword);
  expect(await deleteButton.isDisabled()).toBe(true);
  await danger.getByLabel('Type DELETE to confirm').fill('DELETE');
  await deleteButton.click();
  await page.waitForURL(/\/account-deleted$/);
  await page.getByRole('heading', { name: 'Your account has been deleted' }).waitFor();
  await other.page.goto(`${world.baseUrl}/app/settings`);
  await other.page.waitForURL(/\/auth\?/);
  expect(problems).toEqual([]);
});
