// Issue 13, live pages: the SSE channel joins, delivers a dataset's update when an import commits and a signed-in
// account's notifications, is capped, and fans out across app processes (two database handles on one PostgreSQL
// through LISTEN/NOTIFY; through Redis when REDIS_URL is set; in-process on PGlite). A real HTTP server with the
// tuned keep-alive carries heartbeats and an update on one open stream.
import { OpenAPIHono } from '@hono/zod-openapi';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { datasets, follows, users } from '../../db/schema';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { tuneKeepAlive } from '../../server/keep-alive';
import { importFile } from '../../server/import/runner';
import { closeLiveBuses, publishLive, startLive } from '../../server/live/hub';
import { liveApi, streamStats } from '../../server/live/stream';
import type { LiveEvent } from '../../app/features/live/channel';
import { openLiveStream, type LiveStream } from '../setup/live-stream';
import { serveApp } from '../setup/serve-app';
import { until } from '../setup/until';
import { confirmedUser, nextIp, startHarness, TestClient, type Harness } from './auth-harness';

let h: Harness;
let datasetId: number;

function release(months: string[], de: string[]): Buffer {
  const head = ['freq,unit,geo\\TIME_PERIOD', ...months.map((m) => `${m} `)].join('\t');
  return Buffer.from(`${head}\n${['M,PC_ACT,DE', ...de.map((v) => `${v} `)].join('\t')}\n`);
}

const importInto = (db: Database['db'], months: string[], de: string[]) =>
  importFile(db, { fileName: 'live_test.tsv', bytes: release(months, de), code: 'live_test' });

const appFetch = (req: Request) => h.app.request(req);
/**
 * The update of one import run: on PostgreSQL an earlier import's NOTIFY can still be on its way when a stream opens
 * (under load it was, and the test read the update of the import before its own).
 */
const updateOf =
  (run: { runId: number }) =>
  (e: LiveEvent): boolean =>
    e.event === 'dataset.updated' && e.data.importRunId === run.runId;

beforeAll(async () => {
  h = await startHarness();
  await importInto(h.database.db, ['2024-01', '2024-02'], ['3.4', '3.3']);
  const [row] = await h.database.db.select({ id: datasets.id }).from(datasets).where(eq(datasets.code, 'live_test'));
  datasetId = row!.id;
});

afterAll(async () => {
  await closeLiveBuses();
  await h?.close();
});

describe('live channel (SSE)', () => {
  it('joins, then delivers the dataset update when an import commits, without a reload', async () => {
    const { stream } = await openLiveStream(appFetch, `${h.publicUrl}/api/live?datasets=${datasetId}`, {
      'x-forwarded-for': nextIp(),
    });
    expect(stream.status).toBe(200);
    const joined = await stream.next((e) => e.event === 'joined');
    expect(joined.data.topics).toEqual([`dataset:${datasetId}`]);
    const run = await importInto(h.database.db, ['2024-01', '2024-02', '2024-03'], ['3.4', '3.3', '3.2']);
    const update = await stream.next(updateOf(run));
    expect(update.data).toMatchObject({ topic: `dataset:${datasetId}`, datasetId, code: 'live_test', added: 1 });
    expect(update.id).toBeTruthy();
    stream.close();

    // Reconnecting with Last-Event-ID replays nothing already seen; an unknown id asks the page to reload.
    const { stream: again } = await openLiveStream(
      appFetch,
      `${h.publicUrl}/api/live?datasets=${datasetId}&last_event_id=${update.id}`,
      { 'x-forwarded-for': nextIp() },
    );
    await again.next((e) => e.event === 'joined');
    const { stream: lost } = await openLiveStream(appFetch, `${h.publicUrl}/api/live?datasets=${datasetId}`, {
      'x-forwarded-for': nextIp(),
      'last-event-id': 'gone-long-ago',
    });
    await lost.next((e) => e.event === 'resync');
    expect(again.events.map((e) => e.event)).toEqual(['joined']);
    again.close();
    lost.close();
  });

  it("a signed-in follower's stream also carries their notifications (the bell)", async () => {
    const carol = new TestClient(h);
    await confirmedUser(h, carol, 'carol.live@example.com');
    const [user] = await h.database.db.select().from(users).where(eq(users.email, 'carol.live@example.com'));
    await h.database.db.insert(follows).values({ userId: user!.id, datasetId, settings: {} });
    const cookie = carol.header()!;
    const { stream } = await openLiveStream(appFetch, `${h.publicUrl}/api/live?datasets=${datasetId}`, {
      cookie,
      'x-forwarded-for': carol.ip,
    });
    const joined = await stream.next((e) => e.event === 'joined');
    expect(joined.data.topics).toEqual([`dataset:${datasetId}`, 'user']);
    await importInto(h.database.db, ['2024-01', '2024-02', '2024-03', '2024-04'], ['3.4', '3.3', '3.2', '3.0']);
    const note = await stream.next((e) => e.event === 'notification');
    expect(note.data).toMatchObject({ kind: 'dataset_update', title: 'New data: live_test' });
    expect(String(note.data.body)).toContain('Germany, April 2024: 3');
    stream.close();
  });

  it('refuses a bad dataset list (400) and more streams than the cap per client (429)', async () => {
    const bad = await h.app.request('/api/live?datasets=1;DROP', { headers: { 'x-forwarded-for': nextIp() } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe('bad_parameter');
    const ip = nextIp();
    const open: LiveStream[] = [];
    let refused: Response | null = null;
    for (let i = 0; i < 25 && !refused; i++) {
      const res = await h.app.request(new Request(`${h.publicUrl}/api/live`, { headers: { 'x-forwarded-for': ip } }));
      if (res.status === 429) refused = res;
      else {
        expect(res.status).toBe(200);
        open.push({ close: () => void res.body?.cancel() } as LiveStream);
      }
    }
    expect(open).toHaveLength(20);
    expect(refused!.status).toBe(429);
    expect(refused!.headers.get('retry-after')).toBe('10');
    expect((await refused!.json()).error.code).toBe('rate_limited');
    const before = streamStats.open;
    for (const s of open) s.close();
    await until(() => streamStats.open === before - 20, 'the 20 streams closed on the server');
  });

  it('fans one update out to two app processes on one database', async () => {
    const postgres = process.env.DATABASE_URL?.startsWith('postgres');
    // Two handles on one PostgreSQL database are two processes as far as LISTEN/NOTIFY goes; PGlite is one process.
    let second: Database | null = null;
    if (postgres) {
      const result = await h.database.db.execute<{ name: string }>(sql`SELECT current_database() AS name`);
      const rows = (Array.isArray(result) ? result : (result as any).rows) as { name: string }[];
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${rows[0]!.name}`;
      second = await openDatabase(url.toString(), '');
    }
    const config = loadConfig({ PUBLIC_URL: h.publicUrl, AUTH_SECRET: 'x'.repeat(40), SMTP_URL: h.smtp.url });
    const other = createApp({ db: second?.db ?? h.database.db, config });
    const one = await openLiveStream(appFetch, `${h.publicUrl}/api/live?datasets=${datasetId}`, {
      'x-forwarded-for': nextIp(),
    });
    const two = await openLiveStream((r) => other.request(r), `${h.publicUrl}/api/live?datasets=${datasetId}`, {
      'x-forwarded-for': nextIp(),
    });
    await one.stream.next((e) => e.event === 'joined');
    await two.stream.next((e) => e.event === 'joined');
    // The import runs in the first "process" only.
    const run = await importInto(
      h.database.db,
      ['2024-01', '2024-02', '2024-03', '2024-04', '2024-05'],
      ['3.4', '3.3', '3.2', '3.0', '2.9'],
    );
    const [a, b] = await Promise.all([one.stream.next(updateOf(run)), two.stream.next(updateOf(run))]);
    expect(a.id).toBe(b.id);
    expect(a.data.added).toBe(1);
    one.stream.close();
    two.stream.close();
    await second?.close();
  });

  it('fans out through Redis when REDIS_URL is set', async () => {
    const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    // Hubs are per database handle; two handles stand for two processes (Redis never touches the database).
    const first = {} as Database['db'];
    const other = {} as Database['db'];
    const hubA = startLive(first, { redisUrl });
    const hubB = startLive(other, { redisUrl });
    await Promise.all([hubA.ready, hubB.ready]);
    expect(hubA.transport).toBe('redis');
    // A dataset of its own: the same file on PostgreSQL may run at the same time on the one Redis (.ci/run).
    const topicId = 1_000_000 + Math.floor(Math.random() * 1_000_000);
    const got: string[] = [];
    hubA.subscribe([`dataset:${topicId}`], (m) => got.push(`a:${m.id}`));
    hubB.subscribe([`dataset:${topicId}`], (m) => got.push(`b:${m.id}`));
    const sent = await publishLive(first, {
      topic: `dataset:${topicId}`,
      event: 'dataset.updated',
      data: { datasetId: topicId },
    });
    await until(() => got.length >= 2, 'the message on both hubs');
    expect(got.sort()).toEqual([`a:${sent.id}`, `b:${sent.id}`]);
    await Promise.all([hubA.stop(), hubB.stop()]);
  });

  it('a real HTTP server with the tuned keep-alive carries heartbeats and then an update on one open stream', async () => {
    const app = new OpenAPIHono<{ Variables: { db: Database['db'] } }>();
    app.use('*', async (c, next) => {
      c.set('db', h.database.db);
      await next();
    });
    app.route(
      '/api',
      liveApi({
        auth: h.app.auth,
        limits: { maxStreams: 10, maxPerClient: 10, heartbeatMs: 200 },
        headersOf: (c) => c.req.raw.headers,
        clientOf: () => 'test',
      }),
    );
    const { server, port, close } = await serveApp(app);
    tuneKeepAlive(server);
    const { stream } = await openLiveStream(fetch, `http://127.0.0.1:${port}/api/live?datasets=${datasetId}`);
    await stream.next((e) => e.event === 'joined');
    await until(() => stream.comments >= 8, 'eight heartbeats', { everyMs: 100 });
    expect(stream.comments).toBeGreaterThanOrEqual(8);
    const run = await importInto(
      h.database.db,
      ['2024-01', '2024-02', '2024-03', '2024-04', '2024-05', '2024-06'],
      ['3.4', '3.3', '3.2', '3.0', '2.9', '2.8'],
    );
    await stream.next(updateOf(run));
    stream.close();
    await close();
  });
});
