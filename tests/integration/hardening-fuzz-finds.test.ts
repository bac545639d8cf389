// What the attack suite (tests/attack/run.ts, seed 17) found after issue 17's fixes: a POST without a body reached the
// check-user handler, and JSON nested 5,000 deep overflowed the stack behind the edge check. Both are 400s now.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { freshDatabase } from '../setup/database';
import { nextIp } from './auth-harness';

let database: Database;
let app: ReturnType<typeof createApp>;
const origin = 'http://localhost:3000';

beforeAll(async () => {
  database = await freshDatabase();
  app = createApp({ db: database.db, config: loadConfig({ PUBLIC_URL: origin, TRUST_PROXY: '1' }) });
});
afterAll(() => database.close());

function post(path: string, body?: string, type?: string) {
  const headers: Record<string, string> = { origin, 'x-forwarded-for': nextIp() };
  if (type) headers['content-type'] = type;
  return app.request(`${origin}${path}`, { method: 'POST', headers, body });
}

describe('attack suite findings', () => {
  it.each(['/api/check-user-exists', '/api/auth/confirm-email', '/api/auth/resend-verification'])(
    'answers a POST without a body to %s with 400',
    async (path) => {
      const res = await post(path);
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toMatch(/^bad_/);
    },
  );

  it.each(['/api/auth/sign-in/email', '/api/check-user-exists', '/api/auth/request-password-reset'])(
    'refuses JSON nested deeper than 64 levels on %s',
    async (path) => {
      const res = await post(
        path,
        `{"email":"a@example.com","deep":${'['.repeat(5000)}1${']'.repeat(5000)}}`,
        'application/json',
      );
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: { code: 'bad_request', message: 'The request body nests deeper than 64 levels.' },
      });
    },
  );
});
