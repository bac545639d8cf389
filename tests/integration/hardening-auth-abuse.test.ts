// Issue 35, second hardening round (decision 185): nobody can lock another person out of their reset or confirmation
// mail nor flood them with it, the user check answers only our own pages and only a few times per client, invitation
// mails carry no text the sender chose, and a refused page POST is answered without a logged stack trace.
import { eq } from 'drizzle-orm';
import { createElement } from 'react';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as entryServer from '../../app/entry.server';
import { users } from '../../db/schema';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { freshDatabase } from '../setup/database';
import { linkIn, type ReceivedMail } from '../setup/smtp';
import { until } from '../setup/until';
import { confirmedUser, goodPassword, nextIp, signUp, startHarness, TestClient, type Harness } from './auth-harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

let count = 0;
const address = (who: string) => `${who}-${++count}@example.org`;

/**
 * Mails to `to` whose subject starts with `subject`, once the ones expected have arrived. Called after the requests
 * have been answered: an account mail is sent within its request (auth-reset.test.ts checks that it is in the inbox
 * when the answer comes), so one beyond the bound would be here already.
 */
async function inbox(to: string, subject: string, atLeast: number): Promise<ReceivedMail[]> {
  const mine = () => h.smtp.mails.filter((m) => m.to.includes(to) && m.subject.startsWith(subject));
  await until(() => mine().length >= atLeast, `${atLeast} mails "${subject}…" to ${to}`);
  return mine();
}

describe('password reset requested by someone else', () => {
  it('refuses the requesting client after its own limit, never the owner, and bounds the owner’s inbox', async () => {
    const victim = address('reset-victim');
    await confirmedUser(h, new TestClient(h), victim);
    const attacker = new TestClient(h);
    const statuses: number[] = [];
    const bodies: unknown[] = [];
    for (let i = 0; i < 4; i++) {
      const reply = await attacker.post('/api/auth/request-password-reset', { email: victim });
      statuses.push(reply.res.status);
      bodies.push(reply.body);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);

    // The owner, from their own address, is answered as anyone is: 200, never 429.
    const owner = await new TestClient(h).post('/api/auth/request-password-reset', { email: victim });
    expect(owner.res.status).toBe(200);
    expect(owner.body).toEqual(bodies[0]);

    // At most three reset mails an hour reach one address, however many ask.
    const mails = await inbox(victim, 'Reset', 3);
    expect(mails).toHaveLength(3);
    // Each one's link still works for the owner: the newest sets a new password.
    const token = linkIn(mails.at(-1)!, '/reset-password').searchParams.get('token')!;
    const done = await new TestClient(h).post('/api/auth/reset-password', { token, newPassword: 'Deflation2026?' });
    expect(done.res.status).toBe(200);
  });

  it('answers many clients alike and sends no more than the bound, so nobody learns the bound was reached', async () => {
    const victim = address('reset-spread');
    await confirmedUser(h, new TestClient(h), victim);
    const replies = [];
    for (let i = 0; i < 6; i++)
      replies.push(await new TestClient(h, nextIp()).post('/api/auth/request-password-reset', { email: victim }));
    expect(replies.map((r) => r.res.status)).toEqual(Array(6).fill(200));
    expect(new Set(replies.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(await inbox(victim, 'Reset', 3)).toHaveLength(3);
    // An address without an account gets the same answer.
    const nobody = await new TestClient(h).post('/api/auth/request-password-reset', { email: address('nobody') });
    expect(nobody.body).toEqual(replies[0]!.body);
  });

  it('still refuses one client asking for many addresses (per-client limit)', async () => {
    const spammer = new TestClient(h);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await spammer.post('/api/auth/request-password-reset', { email: address('many') })).res.status);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });
});

describe('confirmation mail requested by someone else', () => {
  it('refuses the requesting client after its own limit, never the owner, and bounds the owner’s inbox', async () => {
    const victim = address('resend-victim');
    await signUp(h, new TestClient(h), victim);
    const attacker = new TestClient(h);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await attacker.post('/api/auth/resend-verification', { email: victim })).res.status);
    expect(statuses).toEqual([200, 200, 200, 429]);

    const owner = await new TestClient(h).post('/api/auth/resend-verification', { email: victim });
    expect(owner.res.status).toBe(200);
    expect(owner.body).toEqual({ sent: true });

    // The sign-up's mail and two more: three an hour at most.
    const mails = await inbox(victim, 'Confirm', 3);
    expect(mails).toHaveLength(3);
    // A link in the inbox still confirms the account.
    const token = linkIn(mails.at(-1)!, '/confirm').searchParams.get('token')!;
    const confirmed = await new TestClient(h).post('/api/auth/confirm-email', { token });
    expect(confirmed.res.status).toBe(200);
  });

  it('lets the owner sign up after someone else tried their address three times', async () => {
    const victim = address('signup-victim');
    for (let i = 0; i < 3; i++) {
      const reply = await new TestClient(h, nextIp()).post('/api/auth/sign-up/email', {
        email: victim,
        password: 'Other-Password-2025!',
        name: 'x',
      });
      expect(reply.res.status).toBe(200);
    }
    const owner = await new TestClient(h).post('/api/auth/sign-up/email', {
      email: victim,
      password: goodPassword,
      name: 'User_ABCDEF',
    });
    expect(owner.res.status).toBe(200);
    // One confirmation mail and at most three "you already have an account" mails.
    expect(await inbox(victim, 'Confirm', 1)).toHaveLength(1);
    expect((await inbox(victim, 'You already have', 2)).length).toBeLessThanOrEqual(3);
  });
});

describe('POST /api/check-user-exists', () => {
  it('answers only requests from our own pages (no Origin and no Sec-Fetch-Site: 403)', async () => {
    const bare = await h.app.request(`${h.publicUrl}/api/check-user-exists`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
      body: JSON.stringify({ email: 'a@example.org' }),
    });
    expect(bare.status).toBe(403);
    expect(await bare.json()).toEqual({
      error: { code: 'forbidden_origin', message: 'This request did not come from this site, so it was refused.' },
    });
    const sameOrigin = await new TestClient(h).post(
      '/api/check-user-exists',
      { email: 'a@example.org' },
      { origin: '', 'sec-fetch-site': 'same-origin' },
    );
    expect(sameOrigin.res.status).toBe(200);
    expect((await new TestClient(h).post('/api/check-user-exists', { email: 'a@example.org' })).res.status).toBe(200);
  });

  it('answers one client ten times per ten minutes, then 429', async () => {
    const c = new TestClient(h);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await c.post('/api/check-user-exists', { email: address('probe') })).res.status);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });

  it('never refuses an address because others asked about it (the owner’s modal keeps working)', async () => {
    const target = address('checked');
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++)
      statuses.push((await new TestClient(h, nextIp()).post('/api/check-user-exists', { email: target })).res.status);
    expect(statuses).toEqual(Array(15).fill(200));
  });
});

describe('invitation mails', () => {
  async function inviter() {
    const client = new TestClient(h);
    const email = address('inviter');
    await confirmedUser(h, client, email);
    // A display name and an organization name written to phish: neither may reach the invited address.
    const renamed = await client.post('/api/auth/update-user', { name: 'Your bank: verify at http://evil.example' });
    expect(renamed.res.status).toBe(200);
    const org = await client.post('/api/organizations', {
      name: 'Account locked! Call +1 555 0100 or visit evil.example',
    });
    expect(org.res.status).toBe(201);
    return { client, email, orgId: org.body.id as string };
  }

  it('names the inviter by their confirmed address, not the name or organization they typed', async () => {
    const { client, email, orgId } = await inviter();
    const invited = address('invited');
    const reply = await client.post('/api/organizations/invite', { organization_id: orgId, email: invited });
    expect(reply.res.status).toBe(201);
    const mail = await h.smtp.waitFor(invited, (m) => m.subject.includes('invited you'));
    expect(mail.subject).toBe(`${email} invited you to an organization on Statistics publisher`);
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toMatch(/evil\.example|bank|Account locked|555/);
    }
    expect(mail.text).toContain(email);
    // Every link is the product's own.
    const links = [...`${mail.text}\n${mail.html}`.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => new URL(m[0]).origin);
    expect(links.length).toBeGreaterThan(0);
    expect(new Set(links)).toEqual(new Set([h.publicUrl]));
  });

  it('refuses invitations from an account whose address is not confirmed', async () => {
    const { client, email, orgId } = await inviter();
    await h.database.db.update(users).set({ emailVerified: false }).where(eq(users.email, email));
    const reply = await client.post('/api/organizations/invite', { organization_id: orgId, email: address('x') });
    expect(reply.res.status).toBe(403);
    expect(reply.body.error.code).toBe('email_not_verified');
  });

  it('limits one account to 30 invitations a day, from whatever address', async () => {
    const { client, orgId } = await inviter();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      // Each from another client address, so the per-address limit is not what stops it.
      const from = new TestClient(h, nextIp());
      for (const [k, v] of client.cookies) from.cookies.set(k, v);
      statuses.push(
        (await from.post('/api/organizations/invite', { organization_id: orgId, email: address('bulk') })).res.status,
      );
    }
    expect(statuses).toEqual([...Array(30).fill(201), 429]);
  });
});

describe('page POSTs the server refuses', () => {
  const publicUrl = 'https://stats.example';
  let app: ReturnType<typeof createApp>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const database = await freshDatabase();
    close = () => database.close();
    // A two-route build with the real entry's error handler: /form has an action, / has none.
    const component = () => createElement('p', null, 'page');
    const routeAssets = (id: string, hasAction: boolean, parentId?: string) => ({
      id,
      parentId,
      path: id === 'root' ? '' : 'form',
      module: `/${id}.js`,
      hasAction,
      hasLoader: false,
      hasClientAction: false,
      hasClientLoader: false,
      hasClientMiddleware: false,
      hasErrorBoundary: false,
    });
    const build = {
      entry: {
        module: {
          handleError: entryServer.handleError,
          default: (_req: Request, status: number, headers: Headers) =>
            new Response(`status ${status}`, { status, headers }),
        },
      },
      routes: {
        root: { id: 'root', path: '', module: { default: component } },
        form: {
          id: 'form',
          parentId: 'root',
          path: 'form',
          module: { default: component, action: () => ({ ok: true }) },
        },
      },
      assets: {
        entry: { module: '/entry.js', imports: [] },
        routes: { root: routeAssets('root', false), form: routeAssets('form', true, 'root') },
        url: '/manifest.js',
        version: '1',
      },
      basename: '/',
      publicPath: '/',
      assetsBuildDirectory: 'build/client',
      future: {},
      ssr: true,
      isSpaMode: false,
      prerender: [],
      routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
      allowedActionOrigins: false,
    } as unknown as ServerBuild;
    app = createApp({
      db: database.db,
      build,
      config: loadConfig({ PUBLIC_URL: publicUrl, TRUST_PROXY: '1', AUTH_SECRET: 'page-post-secret-0123456789abcdef' }),
    });
  });
  afterAll(() => close());

  /** A form POST as the TLS proxy forwards it: the server sees http://stats.example, the browser sent its Origin. */
  function post(path: string, origin?: string) {
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': nextIp(),
    };
    if (origin) headers.origin = origin;
    return app.request(`http://stats.example${path}`, { method: 'POST', headers, body: 'a=1' });
  }

  it('refuses a cross-origin page POST with 403 and logs no stack trace', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const res = await post('/form', 'https://evil.example');
      expect(res.status).toBe(403);
      expect((await res.json()).error.code).toBe('forbidden_origin');
      expect(errors).not.toHaveBeenCalled();
      expect(warnings.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      errors.mockRestore();
      warnings.mockRestore();
    }
  });

  it('answers a POST to a page without an action 405, logged as one short line at most', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const res = await post('/', publicUrl);
      expect(res.status).toBe(405);
      expect(errors).not.toHaveBeenCalled();
      const logged = warnings.mock.calls.map((args) => args.map(String).join(' '));
      expect(logged.length).toBeLessThanOrEqual(1);
      for (const line of logged) expect(line).not.toContain('\n');
    } finally {
      errors.mockRestore();
      warnings.mockRestore();
    }
  });

  it('logs React Router’s own refusal (an origin only the Host vouches for) as one line, not a stack', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      for (const path of ['/form', '/form.data']) {
        const res = await app.request(`http://other.example${path}`, {
          method: 'POST',
          headers: {
            host: 'other.example',
            origin: 'https://other.example',
            'content-type': 'application/x-www-form-urlencoded',
            'x-forwarded-for': nextIp(),
          },
          body: 'a=1',
        });
        expect(res.status, path).toBe(400);
      }
      expect(errors).not.toHaveBeenCalled();
      const logged = warnings.mock.calls.map((args) => args.map(String).join(' '));
      expect(logged).toEqual([
        'Refused POST /form: its Origin is not this site',
        'Refused POST /form.data: its Origin is not this site',
      ]);
    } finally {
      errors.mockRestore();
      warnings.mockRestore();
    }
  });

  it('runs the action of a POST from our public origin behind a TLS proxy (no second, stricter refusal)', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await post('/form', publicUrl);
      expect(res.status).toBe(200);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });
});
