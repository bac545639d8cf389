// Pro billing and organizations in Chromium: "Upgrade to Pro" in settings goes to Checkout (the local Stripe stub,
// which sends the browser straight back), the signed webhook makes the account Pro; an owner invites a colleague,
// who accepts in a second browser by signing up from the mailed link and becomes a member; the owner hands the
// organization over to them, and they delete it.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeContexts, newPage, sharedBrowser } from '../setup/browser';
import { linkIn } from '../setup/smtp';
import { signedEvent, startStripeStub, type StripeStub } from '../setup/stripe-stub';
import { password, ready, signUpAndConfirm, startAuthWorld, visit, type AuthWorld } from './auth-peers';

let browser: Browser;
let world: AuthWorld;
let stub: StripeStub;

beforeAll(async () => {
  stub = await startStripeStub();
  [browser, world] = await Promise.all([sharedBrowser(), startAuthWorld({ env: stub.env })]);
});
afterAll(async () => {
  await closeContexts(browser);
  await world?.stop();
  await stub?.close();
});

it('upgrades to Pro through Checkout and the signed webhook; an invited colleague joins, takes the organization over and deletes it', async () => {
  const { page, problems } = await newPage(browser);
  await signUpAndConfirm(world, page, 'owner@example.org', 'Olga');
  await visit(page, `${world.baseUrl}/app/settings`);
  const billing = page.getByRole('region', { name: 'Plan and billing' });
  await billing.getByText('You are on Free').waitFor();

  // Checkout: the stub's page sends the browser back to the success address.
  await billing.getByRole('button', { name: 'Upgrade to Pro: €12 a month' }).click();
  await page.waitForURL(`${world.baseUrl}/app/settings?billing=success#billing`);
  const checkout = stub.requests.find((r) => r.path === '/v1/checkout/sessions')!;
  const userId = checkout.form.client_reference_id!;
  expect(checkout.form['line_items[0][price]']).toBe('price_pro_monthly');

  // Stripe tells the server: the signed event alone makes the account Pro.
  const event = signedEvent('checkout.session.completed', {
    object: 'checkout.session',
    mode: 'subscription',
    client_reference_id: userId,
    customer: 'cus_e2e',
    subscription: 'sub_e2e',
  });
  const delivered = await fetch(`${world.baseUrl}/api/stripe-webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    body: event.payload,
  });
  expect(delivered.status).toBe(200);
  await page.reload();
  await ready(page);
  await billing.getByText('You are on Pro').waitFor();
  await billing.getByText('Thank you: your payment went through and Pro is active.').waitFor();
  await billing.getByRole('button', { name: 'Manage billing' }).waitFor();

  // An organization, and an invitation by e-mail.
  const orgs = page.getByRole('region', { name: 'Organizations' });
  await orgs.getByLabel('New organization').fill('Data desk');
  await orgs.getByRole('button', { name: 'Create organization' }).click();
  const card = orgs.getByRole('listitem', { name: 'Data desk' });
  await card.getByText('Your role: Owner').waitFor();
  // A key of the organization: its requests count against Data desk.
  await card.getByLabel('Organization key name').fill('Shared dashboard');
  await card.getByRole('button', { name: 'Create key' }).click();
  await card.getByText('Key “Shared dashboard” created. Copy it now: it will not be shown again.').waitFor();
  const orgKey = (await card.locator('[data-org-api-key]').textContent())!;
  expect(orgKey).toMatch(/^spk_/);
  await card.getByRole('listitem').filter({ hasText: 'Shared dashboard' }).waitFor();
  // Its requests appear on the organization's usage chart.
  for (let i = 0; i < 2; i++) {
    const answered = await fetch(`${world.baseUrl}/api/datasets?limit=1`, { headers: { 'X-API-Key': orgKey } });
    expect(answered.status).toBe(200);
  }
  await card.getByLabel('Invite by e-mail').fill('colleague@example.org');
  await card.getByRole('button', { name: 'Send invitation' }).click();
  await card.getByText('Invitation sent to colleague@example.org.').waitFor();
  const mail = await world.smtp.waitFor('colleague@example.org', (m) => m.subject.includes('invited you'));
  expect(mail.subject).toBe('owner@example.org invited you to an organization on Statistics publisher');
  const invitation = linkIn(mail, '/accept-invite');

  // The colleague, in a browser of their own: sign up from the invitation, confirm, join.
  const second = await newPage(browser);
  const other = second.page;
  await visit(other, invitation.toString());
  await other.getByText('You have been invited to join Data desk as a member.').waitFor();
  await other.getByRole('button', { name: 'Sign up or sign in' }).click();
  const dialog = other.getByRole('dialog', { name: 'Sign in or create an account' });
  await dialog.getByLabel('E-mail').fill('colleague@example.org');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByLabel('Confirm password').fill(password);
  await dialog.getByRole('button', { name: 'Sign Up' }).click();
  await other.waitForURL(/\/check-email\?/);
  const confirm = await world.smtp.waitFor('colleague@example.org', (m) => m.subject.startsWith('Confirm'));
  await visit(other, linkIn(confirm, '/confirm').toString());
  await other.waitForURL(/\/onboarding\?/);
  await ready(other);
  await other.getByLabel('Display name').fill('Colm');
  await other.getByRole('button', { name: 'Continue' }).click();
  await other.waitForURL(/\/accept-invite\?token=/);
  await ready(other);
  await other.getByRole('button', { name: 'Join Data desk' }).click();
  await other.getByText('You joined Data desk as a member.').waitFor();

  // The owner sees the new member; the organization is Free (the owner's own Pro is personal).
  await page.reload();
  await ready(page);
  await card.getByText('colleague@example.org').waitFor();
  await expect(card.getByText('Pending invitations').count()).resolves.toBe(0);
  const orgUsage = card.locator('[data-org-usage]');
  await expect(orgUsage.locator('svg').getAttribute('aria-label')).resolves.toMatch(/: 2 in all$/);
  await orgUsage.locator('figcaption').getByText('Shared dashboard').waitFor();
  // A Free organization's key counts against the person who made it as well (one Free quota per person, decision
  // 184): the owner's own summary includes its two requests. Browsing the pages counted none (browsing-quota.test.ts).
  await expect(page.locator('[data-usage-summary]').textContent()).resolves.toMatch(/^Today: 2 /);

  // The owner hands the organization over to the colleague (after the browser's confirmation) and becomes an admin.
  page.once('dialog', (dialog) => void dialog.accept());
  const colleagueRow = card.getByRole('listitem').filter({ hasText: 'colleague@example.org' });
  await colleagueRow.getByRole('button', { name: 'Make owner' }).click();
  await card.getByText('colleague@example.org is now the owner.').waitFor();
  await card.getByText('Your role: Admin').waitFor();
  await expect(card.getByRole('button', { name: 'Delete organization' }).count()).resolves.toBe(0);

  // The new owner deletes it after typing its name: its key stops working at once, and nobody sees it any more.
  await visit(other, `${world.baseUrl}/app/settings`);
  const theirOrgs = other.getByRole('region', { name: 'Organizations' });
  const theirCard = theirOrgs.getByRole('listitem', { name: 'Data desk' });
  await theirCard.getByText('Your role: Owner').waitFor();
  await theirCard.getByRole('button', { name: 'Delete organization' }).click();
  const confirmation = theirCard.getByRole('form', { name: 'Delete Data desk' });
  await confirmation.getByText('Deleting Data desk removes all its members and stops its API keys at once').waitFor();
  await confirmation.getByLabel('Type Data desk to confirm').fill('Data desk');
  await confirmation.getByRole('button', { name: 'Delete Data desk' }).click();
  await theirCard.waitFor({ state: 'detached' });
  const refused = await fetch(`${world.baseUrl}/api/datasets?limit=1`, { headers: { 'X-API-Key': orgKey } });
  expect(refused.status).toBe(401);
  await page.reload();
  await ready(page);
  await orgs.waitFor();
  await expect(orgs.getByRole('listitem', { name: 'Data desk' }).count()).resolves.toBe(0);
  expect(problems).toEqual([]);
  expect(second.problems).toEqual([]);
});
