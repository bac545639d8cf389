// Issue 17, item 2: the five causes of a 500 found by the fuzz run answer 400/404/415 in the API's one error shape,
// on PGlite and PostgreSQL, and no request writes an unbounded log line or rate-limit key.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/sql';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { startSmtp, type SmtpPeer } from '../setup/smtp';
import { databaseWithGeos } from '../setup/database';
import type { Database } from '../../db/client';
import { authSecret, nextIp } from './auth-harness';

let database: Database;
let smtp: SmtpPeer;
let app: ReturnType<typeof createApp>;
const origin = 'http://localhost:3000';

beforeAll(async () => {
  database = await databaseWithGeos('eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv');
  smtp = await startSmtp();
  const config = loadConfig({ PUBLIC_URL: origin, SMTP_URL: smtp.url, AUTH_SECRET: authSecret, TRUST_PROXY: '1' });
  app = createApp({ db: database.db, config });
});
afterAll(async () => {
  await smtp.close();
  await database.close();
});

/** Every line the server logs while a test runs. */
let logged: string[] = [];
beforeAll(() => {
  for (const method of ['log', 'warn', 'error'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logged.push(args.map((a) => (typeof a === 'string' ? a : String(a))).join(' '));
    });
  }
});
afterEach(() => {
  // The bound: no log line over 10 KB, whatever a request carried.
  for (const line of logged) expect(line.length).toBeLessThan(10_000);
  logged = [];
});
afterAll(() => vi.restoreAllMocks());

async function send(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('x-forwarded-for', nextIp());
  if (init.method && init.method !== 'GET') headers.set('origin', origin);
  const res = await app.request(`${origin}${path}`, { ...init, headers, redirect: 'manual' });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the assertion on the shape below says so.
  }
  return { res, body };
}

function expectErrorShape(body: any, label: string) {
  expect(typeof body?.error?.code, label).toBe('string');
  expect(typeof body?.error?.message, label).toBe('string');
}

const jsonRoutes = [
  '/api/check-user-exists',
  '/api/auth/confirm-email',
  '/api/auth/resend-verification',
  '/api/auth/sign-in/email',
  '/api/auth/sign-up/email',
  '/api/auth/request-password-reset',
];

describe('malformed and wrongly typed bodies', () => {
  const bodies: [string, string, string | FormData][] = [
    ['broken JSON', 'application/json', '{'],
    ['JSON that is a number', 'application/json', '12'],
    ['an empty JSON body', 'application/json', ''],
    ['text', 'text/plain', '{"email":"a@example.org"}'],
    ['a form', 'application/x-www-form-urlencoded', 'email=a%40example.org'],
    ['no content type', '', '{"email":"a@example.org"}'],
  ];

  it('answer 400 or 415 in the error shape, never 500', async () => {
    for (const path of jsonRoutes) {
      for (const [label, type, body] of bodies) {
        const headers: Record<string, string> = type ? { 'content-type': type } : {};
        const { res, body: answer } = await send(path, { method: 'POST', headers, body });
        expect([400, 415], `${path} with ${label}: ${res.status}`).toContain(res.status);
        expectErrorShape(answer, `${path} with ${label}`);
      }
      const form = new FormData();
      form.set('email', 'a@example.org');
      const multipart = await send(path, { method: 'POST', body: form });
      expect(multipart.res.status, `${path} with multipart`).toBe(415);
      expectErrorShape(multipart.body, `${path} with multipart`);
    }
  });

  it('says what to send', async () => {
    const { res, body } = await send('/api/check-user-exists', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'a@example.org',
    });
    expect(res.status).toBe(415);
    expect(body.error).toEqual({
      code: 'unsupported_media_type',
      message: 'Send the request body as JSON (Content-Type: application/json).',
    });
    const broken = await send('/api/auth/confirm-email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(broken.body.error).toEqual({ code: 'bad_request', message: 'The request body is not valid JSON.' });
  });

  it('still takes the contact form as a form', async () => {
    const form = new URLSearchParams({ name: 'Ada', email: 'ada@example.org', topic: 'data', message: 'A question.' });
    const { res } = await send('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(res.status).toBe(303);
  });
});

describe('e-mail addresses longer than any address', () => {
  const huge = `${'a'.repeat(2800)}@example.org`;
  const cases: [string, object][] = [
    ['/api/auth/sign-in/email', { email: huge, password: 'Inflation2025!' }],
    ['/api/auth/sign-up/email', { email: huge, password: 'Inflation2025!', name: 'User_ABCDEF' }],
    ['/api/check-user-exists', { email: huge }],
    ['/api/contact', { name: 'Ada', email: huge, topic: 'data', message: 'A question about the data.' }],
    ['/api/auth/request-password-reset', { email: huge }],
    ['/api/auth/resend-verification', { email: huge }],
  ];

  it('answer 400 at the edge, naming the field', async () => {
    for (const [path, json] of cases) {
      const { res, body } = await send(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(json),
      });
      expect(res.status, path).toBe(400);
      expect(body.error.message, path).toMatch(/email/);
    }
  });

  it('keep rate-limit keys short: the address is hashed', async () => {
    // 320 characters pass the edge and are counted: the key holds a hash, not the address.
    const long = `${'b'.repeat(300)}@example.org`;
    const { res } = await send('/api/check-user-exists', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: long }),
    });
    expect(res.status).toBe(200);
    const keys = await queryRows<{ key: string }>(database.db, sql`SELECT key FROM rate_limits`);
    expect(keys.length).toBeGreaterThan(0);
    for (const { key } of keys) {
      expect(key.length).toBeLessThan(100);
      expect(key).not.toContain('bbbb');
    }
  });
});

describe('NUL characters', () => {
  it('in a path or parameter answer 400 before reaching the database', async () => {
    for (const path of [
      '/api/datasets/%00',
      '/api/datasets/%00/meta',
      '/api/datasets?q=%00',
      '/api/datasets?category=a%00b',
      '/api/datasets/prc_hicp_manr/data?country=%00',
      '/api/datasets/prc_hicp_manr/data?%00=1',
      '/api/charts/download?datasetId=%00',
      '/api/og-image?path=/datasets/%00',
      '/api/og-image?path=%2Fdatasets%2F%2500',
    ]) {
      const { res, body } = await send(path);
      expect(res.status, path).toBe(400);
      expectErrorShape(body, path);
    }
  });

  it('in a JSON or form body answer 400', async () => {
    for (const path of ['/api/check-user-exists', '/api/auth/sign-in/email', '/api/contact']) {
      const { res, body } = await send(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a\u0000@example.org', password: 'x', name: 'Ada', message: 'hello there' }),
      });
      expect(res.status, path).toBe(400);
      expectErrorShape(body, path);
    }
    const form = await send('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=Ada%00&email=ada%40example.org&topic=data&message=A+question.',
    });
    expect(form.res.status).toBe(400);
  });
});

describe('ids beyond a PostgreSQL integer', () => {
  it('answer 404', async () => {
    for (const id of ['2147483648', '99999999999999999999', '2147483647']) {
      for (const path of [`/api/datasets/${id}`, `/api/datasets/${id}/meta`, `/api/datasets/${id}/data`]) {
        const { res, body } = await send(path);
        expect(res.status, path).toBe(404);
        expectErrorShape(body, path);
      }
      const point = await send(`/api/datasets/data-point/${id}`);
      // Beyond JavaScript's safe integers the parameter is no integer at all: 400.
      expect(point.res.status, id).toBe(id.length > 15 ? 400 : 404);
      const download = await send(`/api/charts/download?datasetId=${id}`);
      expect(download.res.status, id).toBe(404);
      const png = await send(`/api/charts/download-png?datasetId=${id}`);
      expect(png.res.status, id).toBe(404);
    }
  });

  it('in an og-image path give the site card', async () => {
    const { res } = await send('/api/og-image?path=/datasets/2147483648');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
  });
});

describe('og-image paths that cannot be decoded', () => {
  it('answer 400', async () => {
    // As the fuzzer sent them: the query value decodes to "/blog/%", which no path decoder can read.
    for (const path of ['/blog/%25', '/statistics/%25E0%25A4%25A', '/datasets/%25zz']) {
      const { res, body } = await send(`/api/og-image?path=${path}`);
      expect(res.status, path).toBe(400);
      expect(body.error.code).toBe('bad_parameter');
    }
  });
});
