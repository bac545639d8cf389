// DATABASE_READ_URL (issue 42, decision 218): public reads from the replica, a browser's reads after a write, sessions
// and counts from the primary, and the primary answering when the replica fails or cannot be reached. On PostgreSQL the
// "replica" is a copy of the primary's database made before the primary moved on, so every answer shows where it was
// read. Without a read URL (PGlite, one PostgreSQL URL) nothing changes.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { primaryOf, readFromReplica, replicaRouting } from '../../db/replica';
import { queryRows } from '../../db/sql';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { READ_YOUR_WRITES_SECONDS, RECENT_WRITE_COOKIE } from '../../server/http/middleware/read-routing';
import { freshDatabase, importSample } from '../setup/database';
import { startSmtp, type SmtpPeer } from '../setup/smtp';
import { authSecret, confirmedUser, publicUrl, TestClient, type Harness } from './auth-harness';

const TPS = 'eurostat/tps00203/estat_tps00203.tsv';
const ON_PRIMARY = 'Unemployment as the primary has it';
const postgresUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : null;

describe('without a read replica', () => {
  it('refuses DATABASE_READ_URL without a PostgreSQL primary', async () => {
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://reader@replica:5432/db' })).toThrow(
      /DATABASE_READ_URL: needs DATABASE_URL=postgres/,
    );
    expect(() =>
      loadConfig({ DATABASE_URL: 'memory:', DATABASE_READ_URL: 'postgres://reader@replica:5432/db' }),
    ).toThrow(/DATABASE_READ_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://a@b/c', DATABASE_READ_URL: 'file:/tmp/x' })).toThrow(
      /DATABASE_READ_URL must be postgres/,
    );
    await expect(openDatabase('memory:', '', { readUrl: 'postgres://reader@replica:5432/db' })).rejects.toThrow(
      /DATABASE_READ_URL needs DATABASE_URL=postgres/,
    );
  });

  it('changes nothing: one handle, no cookie after a write, no replica in the health answer', async () => {
    const database = await freshDatabase();
    try {
      expect(database.replica).toBeUndefined();
      expect(replicaRouting(database.db)).toBeNull();
      expect(primaryOf(database.db)).toBe(database.db);
      expect(await readFromReplica(database.db, async () => 'ran')).toBe('ran');
      const app = createApp({
        db: database.db,
        config: loadConfig({ PUBLIC_URL: publicUrl, AUTH_SECRET: authSecret }),
      });
      const wrote = await app.request(`${publicUrl}/api/contact`, {
        method: 'POST',
        headers: { origin: publicUrl, 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.77' },
        body: '{}',
      });
      expect(wrote.headers.getSetCookie().join('\n')).not.toContain(RECENT_WRITE_COOKIE);
      const health = await app.request(`${publicUrl}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok', database: 'up', replica: null });
    } finally {
      await database.close();
    }
  });
});

if (postgresUrl) {
  describe('with a read replica (PostgreSQL)', () => {
    const suffix = randomBytes(4).toString('hex');
    const primaryName = `t_primary_${suffix}`;
    const copyName = `t_copy_${suffix}`;
    const urlOf = (name: string) => Object.assign(new URL(postgresUrl), { pathname: `/${name}` }).toString();
    const admin = async (statement: string) => {
      const client = postgres(postgresUrl, { max: 1, onnotice: () => {} });
      try {
        await client.unsafe(statement);
      } finally {
        await client.end();
      }
    };
    let database: Database;
    let smtp: SmtpPeer;
    let h: Harness;

    beforeAll(async () => {
      await admin(`CREATE DATABASE ${primaryName} TEMPLATE ${inject('databaseTemplates').withGeos}`);
      const first = await openDatabase(urlOf(primaryName), '');
      await importSample(first, TPS);
      await first.close();
      // The replica as it was; then the primary moves on (a new name and version), so each answer says where it was read.
      await admin(`CREATE DATABASE ${copyName} TEMPLATE ${primaryName}`);
      database = await openDatabase(urlOf(primaryName), '', { readUrl: urlOf(copyName) });
      await primaryOf(database.db).execute(
        sql`UPDATE datasets SET name = ${ON_PRIMARY}, updated_at = now() WHERE code = 'tps00203'`,
      );
      smtp = await startSmtp();
      const config = loadConfig({
        PUBLIC_URL: publicUrl,
        SMTP_URL: smtp.url,
        AUTH_SECRET: authSecret,
        TRUST_PROXY: '1',
        DATABASE_URL: urlOf(primaryName),
        DATABASE_READ_URL: urlOf(copyName),
        // Every answer read where it is routed, not kept from an earlier test's same address: the fresh-clone CI at
        // e4675d5 once served the replica's kept answer after the replica was dropped.
        RESPONSE_CACHE_MB: '0',
      });
      const app = createApp({ db: database.db, config });
      h = { app, publicUrl, database, smtp, close: async () => {} };
    });

    afterAll(async () => {
      await smtp?.close();
      await database?.close();
      await admin(`DROP DATABASE IF EXISTS ${copyName} WITH (FORCE)`);
      await admin(`DROP DATABASE IF EXISTS ${primaryName} WITH (FORCE)`);
    });

    const readsPrimary = (body: unknown) => JSON.stringify(body).includes(ON_PRIMARY);

    it('answers public reads from the replica, and a browser that just wrote from the primary', async () => {
      expect(database.replica?.state().status).toBe('current');
      const client = new TestClient(h);
      const read = await client.request('/api/datasets/tps00203/meta');
      expect(read.res.status).toBe(200);
      expect(readsPrimary(read.body)).toBe(false);
      // Any write's answer: the browser reads the primary while the cookie lasts.
      const wrote = await client.post('/api/contact', {});
      const cookie = wrote.res.headers.getSetCookie().find((c) => c.startsWith(`${RECENT_WRITE_COOKIE}=`));
      expect(cookie).toContain(`Max-Age=${READ_YOUR_WRITES_SECONDS}`);
      expect(cookie).toContain('HttpOnly');
      const after = await client.request('/api/datasets/tps00203/meta');
      expect(readsPrimary(after.body)).toBe(true);
      // The cookie gone (it lives READ_YOUR_WRITES_SECONDS), the replica again.
      client.cookies.delete(RECENT_WRITE_COOKIE);
      expect(readsPrimary((await client.request('/api/datasets/tps00203/meta')).body)).toBe(false);
      // What no shared cache keeps reads the primary: the API's list of a dataset's own import.
      const health = (await client.request('/api/health')).body;
      expect(health).toMatchObject({ status: 'ok', database: 'up', replica: { status: 'current' } });
      expect(health.replica.reads).toBeGreaterThan(0);
    });

    it('reads sessions and counts the daily limit on the primary while the data comes from the replica', async () => {
      const client = new TestClient(h);
      // The account exists on the primary only (the replica was copied before).
      await confirmedUser(h, client, `reader.${suffix}@example.org`);
      client.cookies.delete(RECENT_WRITE_COOKIE);
      const session = await client.request('/api/auth/get-session');
      expect(session.body.user.email).toBe(`reader.${suffix}@example.org`);
      const read = await client.request('/api/datasets/tps00203/meta');
      expect(read.res.status).toBe(200);
      expect(readsPrimary(read.body)).toBe(false);
      const [usage] = await queryRows<{ count: number }>(
        primaryOf(database.db),
        sql`SELECT count FROM api_usage WHERE subject = ${`user:${session.body.user.id}`}`,
      );
      expect(Number(usage?.count)).toBe(1);
    });

    it('answers from the primary when the replica fails, and leaves it out without waiting on it', async () => {
      const client = new TestClient(h);
      expect(readsPrimary((await client.request('/api/datasets/tps00203/meta')).body)).toBe(false);
      // The replica goes away under the app: its open connections are ended.
      await admin(`DROP DATABASE ${copyName} WITH (FORCE)`);
      const after = await client.request('/api/datasets/tps00203/meta');
      expect(after.res.status).toBe(200);
      expect(readsPrimary(after.body)).toBe(true);
      // Left out: by the failed statement, sent to the primary again, or by the check that found it gone first.
      expect(database.replica?.state()).toMatchObject({ status: 'down' });
      // Not waited on: while it is down no statement is sent to it, neither read there nor failed there and sent to
      // the primary again (counted, not timed: a busy machine's time says nothing about what was waited on).
      const { reads, fallbacks } = database.replica!.state();
      // Searches, each of other words: every one reads the database (a data query of an imported dataset may be
      // answered from memory).
      const words = ['fertility', 'population', 'births', 'deaths', 'women', 'children', 'rate', 'total', 'age', 'EU'];
      for (const word of words) {
        const reply = await client.request(`/api/datasets?q=${word}`);
        expect(reply.res.status).toBe(200);
      }
      expect(database.replica!.state()).toMatchObject({ status: 'down', reads, fallbacks });
      const health = await client.request('/api/health');
      expect(health.res.status).toBe(200);
      expect(health.body.replica.status).toBe('down');
    });

    it('starts with a replica that cannot be reached and reads the primary', async () => {
      const started = performance.now();
      const other = await openDatabase(urlOf(primaryName), '', { readUrl: 'postgres://postgres@127.0.0.1:1/none' });
      try {
        expect(performance.now() - started).toBeLessThan(10_000);
        expect(other.replica?.state().status).toBe('down');
        const [row] = await readFromReplica(other.db, () =>
          queryRows<{ name: string }>(other.db, sql`SELECT name FROM datasets WHERE code = 'tps00203'`),
        );
        expect(row?.name).toBe(ON_PRIMARY);
      } finally {
        await other.close();
      }
    });
  });
}
