// Accounts in Chromium: Google and Microsoft against local OpenID providers, two-factor sign-in (and deletion with a
// code), return to a chart.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeContexts, newPage, sharedBrowser } from '../setup/browser';
import { openModal, password, signUpAndConfirm, startAuthWorld, totp, type AuthWorld, visit } from './auth-peers';

let browser: Browser;
let world: AuthWorld;

beforeAll(async () => {
  [browser, world] = await Promise.all([sharedBrowser(), startAuthWorld({ datasets: true })]);
});
afterAll(async () => {
  await closeContexts(browser);
  await world?.stop();
});

it('signs up with Google, onboards, and later signs in with Microsoft into the same account', async () => {
  world.google.signInAs({ sub: 'google-sven', email: 'sven@example.org', name: 'Sven Google' });
  const { page, problems } = await newPage(browser);
  await visit(page, `${world.baseUrl}/`);
  await (await openModal(page)).getByRole('button', { name: 'Continue with Google' }).click();
  await page.waitForURL(/\/onboarding\?next=%2Fapp%2Fdashboard$/);
  await expect(page.getByLabel('Display name').inputValue()).resolves.toBe('Sven Google');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/app\/dashboard$/);
  await page.getByRole('heading', { name: 'Welcome, Sven Google' }).waitFor();

  world.microsoft.signInAs({ sub: 'microsoft-sven', email: 'sven@example.org', name: 'Sven at work' });
  const other = await newPage(browser);
  await visit(other.page, `${world.baseUrl}/`);
  await (await openModal(other.page)).getByRole('button', { name: 'Continue with Microsoft' }).click();
  await other.page.waitForURL(/\/app\/dashboard$/);
  await other.page.getByRole('heading', { name: 'Welcome, Sven Google' }).waitFor();
  expect([...problems, ...other.problems]).toEqual([]);
});

it('explains why a provider sign-in was not joined to an unconfirmed account', async () => {
  const { page } = await newPage(browser);
  await visit(page, `${world.baseUrl}/`);
  const dialog = await openModal(page);
  await dialog.getByLabel('E-mail').fill('tess@example.org');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByLabel('Confirm password').fill(password);
  await dialog.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL(/\/check-email/);

  world.google.signInAs({ sub: 'google-tess', email: 'tess@example.org', name: 'Tess' });
  await visit(page, `${world.baseUrl}/auth`);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.waitForURL(/\/auth\?error=account_not_linked$/);
  await expect(page.getByRole('alert').textContent()).resolves.toContain(
    'An account with this e-mail address already exists.',
  );
});

it('turns on two-factor sign-in in the settings with a QR code, then asks for the code at sign-in', async () => {
  const { page, problems } = await newPage(browser);
  await signUpAndConfirm(world, page, 'ulla@example.org', 'Ulla');
  await visit(page, `${world.baseUrl}/app/settings`);
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByLabel('Your password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
  await qr.waitFor();
  await expect(qr.getAttribute('src')).resolves.toMatch(/^data:image\/svg\+xml/);
  const twoFactor = page.getByRole('region', { name: /two-factor/i });
  const secret = (await twoFactor.locator('code').textContent())!.trim();
  await page.getByLabel('Code from the app').fill(totp(secret));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await codes.first().waitFor();
  await expect(codes.count()).resolves.toBe(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await page.getByText('On: signing in with your password also asks for a code').waitFor();

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.waitForURL(`${world.baseUrl}/`);
  const dialog = await openModal(page);
  await dialog.getByLabel('E-mail').fill('ulla@example.org');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await dialog.getByText('Enter the 6-digit code from your authenticator app.').waitFor();
  await dialog.getByLabel('Authentication code').fill('000000');
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByRole('alert').textContent()).resolves.toBe(
    'Invalid code. Please check your authenticator app and try again.',
  );
  await dialog.getByLabel('Authentication code').fill(totp(secret));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/app\/dashboard$/);

  // Deleting the account asks for a current code too (issue 41): the button waits for it, a wrong one is refused.
  await visit(page, `${world.baseUrl}/app/settings`);
  const removal = page.getByRole('region', { name: 'Delete account' });
  await removal.getByLabel('Type DELETE to confirm').fill('DELETE');
  await removal.getByLabel('Password').fill(password);
  const remove = removal.getByRole('button', { name: 'Delete my account' });
  await expect(remove.isDisabled()).resolves.toBe(true);
  const right = totp(secret);
  await removal.getByLabel('Authenticator code').fill(String((Number(right) + 1) % 1_000_000).padStart(6, '0'));
  await remove.click();
  await removal.getByText('The code from your authenticator app is not valid.').waitFor();
  await removal.getByLabel('Authenticator code').fill(totp(secret));
  await remove.click();
  await page.waitForURL(/\/account-deleted$/);
  expect(
    problems.filter((p) => !/^401 \S+\/two-factor\/verify-totp$/.test(p) && !/^400 \S+\/api\/account\/delete$/.test(p)),
  ).toEqual([]);
});

it('returns to the followed chart page after the guard sent a visitor to sign in', async () => {
  const list = (await (await fetch(`${world.baseUrl}/api/datasets?imported=true&limit=1`)).json()) as {
    items: { id: number; dataset_name: string }[];
  };
  const dataset = list.items[0];
  expect(dataset, 'the e2e server needs the sample datasets (DATA_MIRROR)').toBeDefined();
  const setup = await newPage(browser);
  await signUpAndConfirm(world, setup.page, 'vera@example.org', 'Vera');

  const { page, problems } = await newPage(browser);
  await visit(page, `${world.baseUrl}/app/chart?id=${dataset!.id}`);
  await page.waitForURL(new RegExp(`/auth\\?next=%2Fapp%2Fchart%3Fid%3D${dataset!.id}$`));
  await page.getByLabel('E-mail').fill('vera@example.org');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(new RegExp(`/app/chart\\?id=${dataset!.id}$`));
  await page.getByRole('heading', { level: 1, name: dataset!.dataset_name }).waitFor();
  expect(problems).toEqual([]);
});

it("opens the sign-in modal from a chart's Follow button and lands on that chart's follow page", async () => {
  const list = (await (await fetch(`${world.baseUrl}/api/datasets?imported=true&limit=1`)).json()) as {
    items: { id: number; dataset_name: string }[];
  };
  const dataset = list.items[0]!;
  const setup = await newPage(browser);
  await signUpAndConfirm(world, setup.page, 'wim@example.org', 'Wim');

  const { page, problems } = await newPage(browser);
  await visit(page, `${world.baseUrl}/datasets/${dataset.id}`);
  await page.getByRole('button', { name: 'Follow' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Sign in or create an account' });
  await dialog.getByLabel('E-mail').fill('wim@example.org');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  // The chart page follows the view that was shown (decision 103), then drops follow=1 from the address.
  await page.waitForURL(
    (url) =>
      url.pathname === '/app/chart' &&
      url.searchParams.get('id') === String(dataset.id) &&
      !url.searchParams.has('follow'),
  );
  await page.getByRole('button', { name: 'Following' }).first().waitFor();
  await page.getByRole('heading', { level: 1, name: dataset.dataset_name }).waitFor();
  // The plan check answered 401 before sign-in: that is how the widget knows to open the modal.
  expect(problems.filter((p) => !/^401 \S+\/api\/account\/current-plan$/.test(p))).toEqual([]);
});
