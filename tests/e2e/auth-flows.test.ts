// Accounts in Chromium: sign up with a real mail, confirm, onboarding; sign in; wrong password; reset; sign out.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeContexts, newPage, sharedBrowser } from '../setup/browser';
import { linkIn } from '../setup/smtp';
import { openModal, password, signUpAndConfirm as signUp, startAuthWorld, type AuthWorld, visit } from './auth-peers';

let browser: Browser;
let world: AuthWorld;

beforeAll(async () => {
  [browser, world] = await Promise.all([sharedBrowser(), startAuthWorld()]);
});
afterAll(async () => {
  await closeContexts(browser);
  await world?.stop();
});

const signUpAndConfirm = (page: Parameters<typeof signUp>[1], email: string, name: string) =>
  signUp(world, page, email, name);

/** Problems left once the failures a test provokes on purpose (a wrong password's 400) are set aside. */
const besides = (problems: string[], ...expected: RegExp[]) => problems.filter((p) => !expected.some((e) => e.test(p)));

it('signs up with the modal, reads the confirmation from the SMTP server, confirms, onboards and lands on the dashboard', async () => {
  const { page, problems } = await newPage(browser);
  await visit(page, `${world.baseUrl}/`);
  const dialog = await openModal(page);
  await expect(dialog.getByRole('button', { name: 'Next' }).count()).resolves.toBe(0);
  await dialog.getByLabel('E-mail').fill('Nina@Example.org');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Sign Up' }).waitFor();
  await expect(dialog.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).resolves.toBe('/terms');
  await expect(dialog.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).resolves.toBe('/privacy');

  await dialog.getByLabel('Password', { exact: true }).fill('inflation2025!');
  await dialog.getByLabel('Confirm password').fill('inflation2025!');
  await dialog.getByRole('button', { name: 'Sign Up' }).click();
  await expect(dialog.getByRole('alert').textContent()).resolves.toBe(
    'Password must contain at least one uppercase letter',
  );
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign Up' }).click();
  await expect(dialog.getByRole('alert').textContent()).resolves.toBe('Passwords do not match');
  await dialog.getByLabel('Confirm password').fill(password);
  await dialog.getByRole('button', { name: 'Sign Up' }).click();

  await page.waitForURL(/\/check-email\?email=nina%40example\.org/);
  await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
  const mail = await world.smtp.waitFor('nina@example.org');
  // Greeted by the address: the modal's random full_name (User_XXXXXX) is not her name (issue 41).
  expect(mail.text).toMatch(/^Hello nina@example\.org,/);
  expect(mail.text).not.toMatch(/User_[A-Z]{6}/);
  await visit(page, linkIn(mail, '/confirm').toString());
  await page.waitForURL(/\/onboarding\?next=%2Fapp%2Fdashboard/);
  await expect(page.getByLabel('Display name').inputValue()).resolves.toBe('');
  await page.getByLabel('Display name').fill('Nina');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/app\/dashboard$/);
  await page.getByRole('heading', { name: 'Welcome, Nina' }).waitFor();
  await page.getByText('You are not following any charts yet.').waitFor();
  await page.getByRole('button', { name: 'Account menu of Nina' }).waitFor();
  expect(problems).toEqual([]);
});

it('signs in; a wrong password shows the one generic message while the button reverts', async () => {
  const setup = await newPage(browser);
  await signUpAndConfirm(setup.page, 'oskar@example.org', 'Oskar');
  const { page, problems } = await newPage(browser);
  await visit(page, `${world.baseUrl}/account-deleted`);
  const dialog = await openModal(page);
  await dialog.getByLabel('E-mail').fill('oskar@example.org');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Forgot your password?' }).waitFor();

  await page.route('**/api/auth/sign-in/email', async (route) => {
    await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
  await dialog.getByLabel('Password', { exact: true }).fill('Wrong-password1');
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog.getByRole('button', { name: 'Loading...' }).isDisabled()).resolves.toBe(true);
  await dialog.getByRole('alert').waitFor();
  await expect(dialog.getByRole('alert').textContent()).resolves.toBe('Invalid email or password');
  await expect(dialog.getByRole('button', { name: 'Sign In' }).isEnabled()).resolves.toBe(true);

  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/app\/dashboard$/);
  await page.getByRole('heading', { name: 'Welcome, Oskar' }).waitFor();
  expect(besides(problems, /^400 \S+\/api\/auth\/sign-in\/email$/)).toEqual([]);
});

it('resets a forgotten password from the modal and signs in with the new one', async () => {
  const setup = await newPage(browser);
  await signUpAndConfirm(setup.page, 'paula@example.org', 'Paula');
  const { page, problems } = await newPage(browser);
  const alerts: string[] = [];
  page.on('dialog', (d) => {
    alerts.push(d.message());
    void d.accept();
  });
  await visit(page, `${world.baseUrl}/`);
  const dialog = await openModal(page);
  await dialog.getByLabel('E-mail').fill('paula@example.org');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Forgot your password?' }).click();
  const reset = page.getByRole('dialog', { name: 'Reset Password' });
  await expect(reset.getByLabel('E-mail').inputValue()).resolves.toBe('paula@example.org');
  await reset.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect.poll(() => alerts).toEqual(['Password reset email sent! Check your inbox.']);

  const mail = await world.smtp.waitFor('paula@example.org', (m) => m.subject.startsWith('Reset'));
  await visit(page, linkIn(mail, '/reset-password').toString());
  await page.getByLabel('New password', { exact: true }).fill('weakpassword');
  await page.getByLabel('Confirm new password').fill('weakpassword');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByRole('alert').textContent()).resolves.toBe(
    'Password must contain at least one uppercase letter',
  );
  await page.getByLabel('New password', { exact: true }).fill('Deflation2026?');
  await page.getByLabel('Confirm new password').fill('Deflation2026?');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await page.getByRole('heading', { name: 'Your password has been changed' }).waitFor();

  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.waitForURL(/\/auth$/);
  await page.getByLabel('E-mail').fill('paula@example.org');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password', { exact: true }).fill('Deflation2026?');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/app\/dashboard$/);
  expect(problems).toEqual([]);
});

it('sends a signed-out visitor of /app to /auth and back to the requested page after sign-in', async () => {
  const setup = await newPage(browser);
  await signUpAndConfirm(setup.page, 'quentin@example.org', 'Quentin');
  const { page, problems } = await newPage(browser);
  await visit(page, `${world.baseUrl}/app/settings`);
  await page.waitForURL(/\/auth\?next=%2Fapp%2Fsettings$/);
  await page.getByLabel('E-mail').fill('quentin@example.org');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/app\/settings$/);
  await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();

  await visit(page, `${world.baseUrl}/auth?next=${encodeURIComponent('//evil.example/x')}`);
  await page.waitForURL(/\/app\/dashboard$/);
  expect(problems).toEqual([]);
});

it('signs out from the user menu, to the home page, and every tab follows', async () => {
  const { page, problems } = await newPage(browser);
  await signUpAndConfirm(page, 'rosa@example.org', 'Rosa');
  const other = await page.context().newPage();
  await visit(other, `${world.baseUrl}/app/dashboard`);
  await other.getByRole('heading', { name: 'Welcome, Rosa' }).waitFor();

  await page.getByRole('button', { name: 'Account menu of Rosa' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL(`${world.baseUrl}/`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await other.waitForURL(`${world.baseUrl}/`);

  await visit(page, `${world.baseUrl}/app/dashboard`);
  await page.waitForURL(/\/auth\?next=%2Fapp%2Fdashboard$/);
  expect(problems).toEqual([]);
});
