// The app in-process for the auth tests: fresh database, a real local SMTP peer, optional OpenID peers, a cookie jar.
import type { ServerBuild } from 'react-router';
import type { Database, ReadDb } from '../../db/client';
import { usageSince } from '../../db/queries/api-keys';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { utcDay } from '../../server/keys/daily-limit';
import { databaseWithGeos, freshDatabase } from '../setup/database';
import { startOidc, type OidcPeer } from '../setup/oidc';
import { startSmtp, type SmtpPeer } from '../setup/smtp';
import { CookieJar } from '../setup/cookie-jar';

export const publicUrl = 'http://localhost:3000';
export const authSecret = 'integration-test-secret-0123456789abcdef';
export const goodPassword = 'Inflation2025!';

export interface Harness {
  app: ReturnType<typeof createApp>;
  publicUrl: string;
  database: Database;
  smtp: SmtpPeer;
  google?: OidcPeer;
  microsoft?: OidcPeer;
  close(): Promise<void>;
}

export async function startHarness(
  opts: {
    oidc?: boolean;
    env?: Record<string, string>;
    /** With the places seeded and these shared sample files imported (otherwise an empty migrated database). */
    samples?: string[];
    /** The pages' server build (tests/setup/page-build.ts): pages are rendered too. */
    build?: ServerBuild;
  } = {},
): Promise<Harness> {
  const database = opts.samples ? await databaseWithGeos(...opts.samples) : await freshDatabase();
  const smtp = await startSmtp();
  const google = opts.oidc ? await startOidc('google-client') : undefined;
  const microsoft = opts.oidc ? await startOidc('microsoft-client') : undefined;
  const config = loadConfig({
    PUBLIC_URL: publicUrl,
    SMTP_URL: smtp.url,
    AUTH_SECRET: authSecret,
    TRUST_PROXY: '1',
    ...(google && {
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_ISSUER: google.issuer,
    }),
    ...(microsoft && {
      MICROSOFT_CLIENT_ID: microsoft.clientId,
      MICROSOFT_CLIENT_SECRET: microsoft.clientSecret,
      MICROSOFT_ISSUER: microsoft.issuer,
    }),
    ...opts.env,
  });
  const app = createApp({ db: database.db, config, ...(opts.build ? { build: opts.build } : {}) });
  return {
    app,
    publicUrl: config.publicUrl,
    database,
    smtp,
    google,
    microsoft,
    close: async () => {
      await Promise.all([smtp.close(), google?.close(), microsoft?.close()]);
      // A cache release still in flight would otherwise run on a closed database.
      await app.caches.idle();
      await database.close();
    },
  };
}

let ipCounter = 0;
/** A distinct client address, so each test has its own per-IP rate-limit counters. */
export function nextIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
}

export interface Reply {
  res: Response;
  body: any;
}

/** A browser stand-in: keeps cookies, sends our Origin on writes, comes from one IP. */
export class TestClient extends CookieJar {
  constructor(
    private readonly h: Pick<Harness, 'app' | 'publicUrl'>,
    readonly ip = nextIp(),
  ) {
    super();
  }

  async request(
    path: string,
    init: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Reply> {
    const method = init.method ?? (init.json === undefined ? 'GET' : 'POST');
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip, ...init.headers };
    if (method !== 'GET') headers.origin ??= this.h.publicUrl;
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    const cookie = this.header();
    if (cookie) headers.cookie = cookie;
    const res = await this.h.app.request(new URL(path, this.h.publicUrl).toString(), {
      method,
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      redirect: 'manual',
    });
    this.keep(res.headers.getSetCookie());
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON (a redirect or a page): keep the text.
    }
    return { res, body };
  }

  post(path: string, json: unknown, headers?: Record<string, string>): Promise<Reply> {
    return this.request(path, { method: 'POST', json, headers });
  }

  sessionCookie(): string | undefined {
    return [...this.cookies].find(([k]) => k.endsWith('session_token'))?.[1];
  }
}

/** Signs up through the API and returns the confirmation mail. */
export async function signUp(
  h: Harness,
  client: TestClient,
  email: string,
  password = goodPassword,
  extra: object = {},
) {
  const reply = await client.post('/api/auth/sign-up/email', { email, password, name: 'User_ABCDEF', ...extra });
  if (reply.res.status !== 200) throw new Error(`sign-up failed: ${reply.res.status} ${JSON.stringify(reply.body)}`);
  return h.smtp.waitFor(email, (m) => m.subject.startsWith('Confirm'));
}

/** Signs up, confirms through the link's token, and leaves `client` signed in. */
export async function confirmedUser(h: Harness, client: TestClient, email: string, password = goodPassword) {
  const mail = await signUp(h, client, email, password);
  const token = new URL(/https?:\/\/\S+\/confirm\?\S+/.exec(mail.text)![0]).searchParams.get('token')!;
  const reply = await client.post('/api/auth/confirm-email', { token });
  if (!reply.body.signedIn) throw new Error(`confirmation failed: ${JSON.stringify(reply.body)}`);
  return reply;
}

/** A subject's data API requests on a day, refused ones too, as the usage chart reads them (decision 243). */
export async function requestsOn(db: ReadDb, subject: string, day = utcDay(new Date())): Promise<number | undefined> {
  return (await usageSince(db, [subject], day)).find((r) => r.day === day)?.count;
}
