// For the account browser tests: the real server with its own mail and OpenID peers, on free ports.
import { createHmac } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startAppServer } from '../setup/app-server';
import { startOidc, type OidcPeer } from '../setup/oidc';
import { linkIn, startSmtp, type SmtpPeer } from '../setup/smtp';

export interface AuthWorld {
  baseUrl: string;
  smtp: SmtpPeer;
  google: OidcPeer;
  microsoft: OidcPeer;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '../..');
const mirror = process.env.DATA_MIRROR ?? path.resolve(root, '../shared/data');
export const password = 'Inflation2025!';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A copy of a template database folder for one server, `<tmp>/e2e-server-…/db` (the caller removes its parent). */
export function copyTemplate(template: string): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'e2e-server-')), 'db');
  cpSync(template, dir, { recursive: true });
  return dir;
}

/**
 * Starts the product (the build the e2e global setup made) on a copy of a template database, with SMTP_URL and the
 * Google and Microsoft issuers pointing at local peers, and PUBLIC_URL at its real address.
 */
export async function startAuthWorld(
  options: { datasets?: boolean; env?: Record<string, string> } = {},
): Promise<AuthWorld> {
  const [smtp, google, microsoft, port] = await Promise.all([
    startSmtp(),
    startOidc('google-e2e'),
    startOidc('microsoft-e2e'),
    freePort(),
  ]);
  const baseUrl = `http://127.0.0.1:${port}`;
  // A copy of the run's template database (e2e-global.ts): with the sample datasets only for tests that show one.
  const template = options.datasets ? process.env.E2E_DB_SEEDED : process.env.E2E_DB_BARE;
  const dir = template && !options.env?.DATABASE_URL ? copyTemplate(template) : undefined;
  const { child } = await startAppServer({
    timeoutMs: 150_000,
    env: {
      ...process.env,
      DATABASE_URL: dir ? `file:${dir}` : 'memory:',
      // No scheduled refresh from Eurostat in tests (a suite's env may turn it on).
      REFRESH_SCHEDULE: 'off',
      // Without a template (or with a suite's own database): the sample datasets only for tests that show one.
      SEED_ON_START: options.datasets && existsSync(mirror) ? '1' : '0',
      ...(existsSync(mirror) && { DATA_MIRROR: mirror }),
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      SMTP_URL: smtp.url,
      AUTH_SECRET: 'e2e-secret-0123456789abcdefghijklmnopqrstuvwxyz',
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_ISSUER: google.issuer,
      MICROSOFT_CLIENT_ID: microsoft.clientId,
      MICROSOFT_CLIENT_SECRET: microsoft.clientSecret,
      MICROSOFT_ISSUER: microsoft.issuer,
      // A suite's own settings (the Stripe stub of the billing test).
      ...options.env,
    },
  });
  return {
    baseUrl,
    smtp,
    google,
    microsoft,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await Promise.all([smtp.close(), google.close(), microsoft.close()]);
      if (dir) rmSync(path.dirname(dir), { recursive: true, force: true });
    },
  };
}

/** Opens a page and waits until it is hydrated and knows the session (clicks before that would be lost). */
export async function visit(page: Page, url: string) {
  await page.goto(url);
  await ready(page);
}

export async function ready(page: Page) {
  await page.locator('html[data-auth="ready"]').waitFor({ state: 'attached' });
}

export async function openModal(page: Page) {
  await ready(page);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return page.getByRole('dialog', { name: 'Sign in or create an account' });
}

/**
 * Signs up through the modal, opens the mailed link, completes onboarding: the page ends on the dashboard.
 * `atOnboarding` runs on the onboarding screen before it is filled in (the one time it shows).
 */
export async function signUpAndConfirm(
  world: AuthWorld,
  page: Page,
  email: string,
  name: string,
  atOnboarding?: () => Promise<void>,
) {
  await visit(page, `${world.baseUrl}/`);
  const dialog = await openModal(page);
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Sign Up' }).waitFor();
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByLabel('Confirm password').fill(password);
  await dialog.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL(/\/check-email\?/);
  const mail = await world.smtp.waitFor(email);
  await visit(page, linkIn(mail, '/confirm').toString());
  await page.waitForURL(/\/onboarding\?/);
  await ready(page);
  await atOnboarding?.();
  await page.getByLabel('Display name').fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/app\/dashboard$/);
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s), as an authenticator app computes it. */
export function totp(base32Secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of base32Secret.replace(/=+$/, '').toUpperCase())
    bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const hmac = createHmac('sha1', key).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
