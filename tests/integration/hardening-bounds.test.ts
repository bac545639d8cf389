// Issue 35, items 10 and 12 and three minors (decision 186), on a real database: a gzip upload decompresses only so
// far (a bomb is refused while streaming, its files removed, memory flat); upload files a killed import left behind
// are removed; no few client addresses can hold every live stream; the researcher's Markdown export escapes what the
// user wrote; an account keeps a bounded number of research reports.
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createGzip, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { importsAction } from '../../app/routes/app/admin/imports.server';
import { inflateLimit, type ImportJob } from '../../core/admin-imports';
import { insertResearchReport } from '../../db/queries/researcher';
import { importRuns, users } from '../../db/schema';
import { MAX_SAVED_REPORTS } from '../../server/researcher/api';
import { loadConfig } from '../../server/config';
import { importFile } from '../../server/import/runner';
import { liveShares, streamStats } from '../../server/live/stream';
import { createRefreshService, type RefreshService } from '../../server/refresh/service';
import { mirror } from '../setup/database';
import { openLiveStream, type LiveStream } from '../setup/live-stream';
import { until } from '../setup/until';
import { confirmedUser, startHarness, TestClient, type Harness } from './auth-harness';

const adminEmail = 'admin.bounds@example.org';
const url = 'http://localhost:3000/app/admin/imports';
const MB = 1024 * 1024;
let h: Harness;
let folder: string;
let uploads: string;
let service: RefreshService;
let admin: unknown;

beforeAll(async () => {
  h = await startHarness({ samples: [], env: { ADMIN_EMAILS: adminEmail, LIVE_MAX_STREAMS: '40' } });
  folder = await mkdtemp(path.join(tmpdir(), 'bounds-'));
  uploads = path.join(folder, 'uploads');
  service = createRefreshService({
    db: h.database.db,
    config: loadConfig({ ADMIN_EMAILS: adminEmail, REFRESH_SCHEDULE: 'off' }),
    uploadsDir: uploads,
    log: () => {},
  });
  const client = new TestClient(h);
  await confirmedUser(h, client, adminEmail);
  admin = (await client.request('/api/account/session')).body.session;
});
afterAll(async () => {
  await h?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** The imports page's action, as the admin. */
async function act(request: Request): Promise<{ status: number; body: unknown }> {
  const context = { db: h.database.db, auth: { session: admin, sessionError: null }, imports: service } as never;
  const result = await importsAction(request, context);
  return { status: result.init?.status ?? 200, body: result.data };
}

function upload(file: File): Request {
  const body = new FormData();
  body.append('intent', 'upload');
  body.append('file', file);
  return new Request(url, { method: 'POST', body });
}

/** gzip of `head` followed by `fill` bytes of `byte`, compressed as a stream (never held whole). */
async function gzipOf(head: string, fill: number, byte = 0x20): Promise<Uint8Array<ArrayBuffer>> {
  const gz = createGzip({ level: 9 });
  const parts: Buffer[] = [];
  gz.on('data', (b: Buffer) => parts.push(b));
  const ended = new Promise((resolve) => gz.on('end', resolve));
  gz.write(head);
  const block = Buffer.alloc(MB, byte);
  for (let left = fill; left > 0; left -= MB) {
    if (!gz.write(left >= MB ? block : block.subarray(0, left))) await new Promise((r) => gz.once('drain', r));
  }
  gz.end();
  await ended;
  return new Uint8Array(Buffer.concat(parts));
}

/** Waits for a job's end, sampling this process's resident memory meanwhile: the job and the largest RSS increase. */
async function finished(job: ImportJob, rssBefore: number): Promise<{ job: ImportJob; grewMb: number }> {
  const start = Date.now();
  let peak = rssBefore;
  for (;;) {
    peak = Math.max(peak, process.memoryUsage().rss);
    const now = service.jobs().find((j) => j.id === job.id)!;
    if (now.phase === 'done' || now.phase === 'failed') {
      return { job: now, grewMb: (peak - rssBefore) / MB };
    }
    if (Date.now() - start > 60_000) throw new Error(`job ${job.id} still ${now.phase}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Starts an upload's import and waits for its end. */
async function uploaded(file: File) {
  globalThis.gc?.();
  const rss = process.memoryUsage().rss;
  const answer = await act(upload(file));
  expect(answer.status).toBe(200);
  return finished((answer.body as { job: ImportJob }).job, rss);
}

const kept = async () => readdir(uploads).catch(() => [] as string[]);
const tsvHead = 'freq,unit,geo\\TIME_PERIOD\t2020 \t2021 \n';

describe('gzip uploads decompress only so far', () => {
  // That decompressing stops at the bound rather than after the whole file: server/import/parsers/input-text.test.ts.
  it('refuses a Eurostat TSV bomb once its decompressed bytes pass the bound, parses nothing and keeps nothing', async () => {
    const bomb = await gzipOf(tsvHead, 200 * MB, 0x30);
    expect(bomb.length).toBeLessThan(400 * 1024);
    const { job } = await uploaded(new File([bomb], 'bomb.tsv.gz'));
    expect(job.phase).toBe('failed');
    const limit = Math.floor(inflateLimit(bomb.length) / MB);
    expect(job.message).toBe(
      `bomb.tsv.gz: decompresses to more than ${limit} MB: a gzip upload may grow to 100 times its size ` +
        '(at least 16 MB, at most 1024 MB). Upload it uncompressed, or import it with npm run import.',
    );
    expect(job).toMatchObject({ done: 0, total: 0 });
    expect(await kept()).toEqual([]);
    const [run] = await h.database.db.select().from(importRuns).where(eq(importRuns.id, job.runId!));
    expect(run).toMatchObject({ status: 'failed', error: job.message });
  });

  it('refuses a JSON bomb before reading it whole: memory does not grow with what it would decompress to', async () => {
    const bomb = await gzipOf('{"version":"2.0","class":"dataset",', 400 * MB);
    const { job, grewMb } = await uploaded(new File([bomb], 'bomb.json.gz'));
    expect(job.phase).toBe('failed');
    expect(job.message).toContain('bomb.json.gz: decompresses to more than');
    expect(grewMb).toBeLessThan(100);
    expect(await kept()).toEqual([]);
  });

  it('refuses a gzip file inside a gzip file (its inner bomb is never opened)', async () => {
    const inner = await gzipOf(tsvHead, 100 * MB, 0x30);
    const { job } = await uploaded(new File([gzipSync(inner)], 'twice.tsv.gz'));
    expect(job.phase).toBe('failed');
    expect(job.message).toBe(
      'twice.tsv.gz: is a gzip file inside a gzip file: decompress it once before uploading it.',
    );
  });

  it('still imports a real gzip upload', async () => {
    const tsv = await readFile(path.join(mirror, 'eurostat/tps00203/estat_tps00203.tsv'));
    const { job } = await uploaded(new File([gzipSync(tsv)], 'estat_tps00203.tsv.gz'));
    expect(job.message).toBe('imported tps00203: 1281 added, 0 changed, 0 removed');
    expect(await kept()).toEqual([]);
  });

  it('reads a format parsed whole only up to its own bound, after decompressing', async () => {
    // The server's bound for those is a plain upload's 100 MB; a small one here shows where it is checked.
    const json = await readFile(
      path.join(mirror, 'eurostat/jsonstat/nama_10_gdp_B1GQ_CP_MEUR_2010-2011_legacy-api.json'),
    );
    const file = path.join(folder, `whole-${randomUUID()}.json.gz`);
    await writeFile(file, gzipSync(json));
    const limits = { inflatedBytes: 1024 * MB, wholeBytes: json.length - 1 };
    await expect(importFile(h.database.db, { fileName: 'whole.json.gz', path: file, limits })).rejects.toThrow(
      'whole.json.gz: is read whole (JSON-stat), and decompresses to more than',
    );
    const summary = await importFile(h.database.db, {
      fileName: 'whole.json.gz',
      path: file,
      code: 'bounds_whole',
      limits: { ...limits, wholeBytes: json.length },
    });
    expect(summary.added).toBe(88);
  });
});

describe('upload files a killed import left behind', () => {
  it('are removed on the next upload once older than an hour; newer ones (another process may import them) stay', async () => {
    await mkdir(uploads, { recursive: true });
    const old = path.join(uploads, `${randomUUID()}-killed.tsv`);
    const oldTemp = path.join(uploads, 'import-killed');
    const young = path.join(uploads, `${randomUUID()}-importing.tsv`);
    await writeFile(old, tsvHead);
    await mkdir(oldTemp);
    await writeFile(path.join(oldTemp, 'killed.tsv'), tsvHead);
    await writeFile(young, tsvHead);
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(old, twoHoursAgo, twoHoursAgo);
    await utimes(oldTemp, twoHoursAgo, twoHoursAgo);
    const tsv = await readFile(path.join(mirror, 'eurostat/tps00203/estat_tps00203.tsv'));
    const { job } = await uploaded(new File([tsv], 'estat_tps00203.tsv'));
    expect(job.phase).toBe('done');
    expect((await kept()).sort()).toEqual([path.basename(young)]);
    expect((await stat(young)).isFile()).toBe(true);
    await rm(young);
  });
});

describe('live streams', () => {
  /** Opens a stream from `ip`: the stream (status 200) or the refusal. */
  const open = (ip: string) =>
    openLiveStream((r) => h.app.request(r), `${h.publicUrl}/api/live`, { 'x-forwarded-for': ip });
  /** The streams open in this process before each test. */
  let openBefore = 0;
  beforeEach(() => {
    openBefore = streamStats.open;
  });
  /** Until the server has let go of every stream the test opened (the next test has every one to give). */
  const closed = (...streams: LiveStream[]) => {
    for (const s of streams) s.close();
    return until(() => streamStats.open === openBefore, 'every live stream of the test closed on the server');
  };

  it('no two addresses (nor one network) can take every stream of LIVE_MAX_STREAMS=40', async () => {
    const shares = liveShares(40);
    expect(shares.perAddress).toBeLessThanOrEqual(2);
    expect(shares.perNetwork).toBeLessThanOrEqual(8);
    const opened: LiveStream[] = [];
    let refusedA = 0;
    for (const ip of ['203.0.113.1', '203.0.113.2']) {
      for (let i = 0; i < 20; i++) {
        const { stream, body } = await open(ip);
        if (stream.status === 200) opened.push(stream);
        else {
          expect(stream.status).toBe(429);
          expect(JSON.parse(body).error.code).toBe('rate_limited');
          refusedA++;
        }
      }
    }
    expect(opened.length).toBe(2 * shares.perAddress);
    expect(refusedA).toBe(40 - opened.length);
    // Other addresses of the same /24 share the network's cap; addresses elsewhere still get streams.
    for (let i = 3; i < 20; i++) {
      const { stream } = await open(`203.0.113.${i}`);
      if (stream.status === 200) opened.push(stream);
    }
    expect(opened.length).toBe(shares.perNetwork);
    for (let i = 1; i <= 5; i++) {
      const { stream } = await open(`192.0.2.${i}`);
      expect(stream.status).toBe(200);
      opened.push(stream);
    }
    await closed(...opened);
  });

  it('when every stream is taken, a new address takes the longest-lived stream of the address holding the most', async () => {
    const shares = liveShares(40);
    const before = streamStats.evicted;
    const held: { ip: string; stream: LiveStream }[] = [];
    // 40 streams: 20 networks × 2 addresses... each address holding its share; the first opened is the oldest.
    for (let n = 0; held.length < 40; n++) {
      for (let a = 1; a <= 2 && held.length < 40; a++) {
        const ip = `10.${n}.0.${a}`;
        for (let k = 0; k < shares.perAddress && held.length < 40; k++) {
          const { stream } = await open(ip);
          expect(stream.status, ip).toBe(200);
          await stream.next((e) => e.event === 'joined');
          held.push({ ip, stream });
        }
      }
    }
    const newcomer = await open('198.18.0.1');
    expect(newcomer.stream.status).toBe(200);
    await newcomer.stream.next((e) => e.event === 'joined');
    // The oldest stream (of an address holding the most) ended; every other one is open.
    await until(() => held[0]!.stream.ended, 'the oldest stream ended');
    expect(streamStats.evicted).toBe(before + 1);
    const ended = held.filter((x) => x.stream.ended);
    expect(ended.map((x) => x.ip)).toEqual([held[0]!.ip]);
    // The address it was taken from does not take it back while it holds as many as the newcomer or more.
    const back = await open(held[0]!.ip);
    expect(back.stream.status).toBe(429);
    await closed(...held.map((x) => x.stream), newcomer.stream);
  });
});

describe('research reports', () => {
  let user: TestClient;
  let userId: string;
  beforeAll(async () => {
    user = new TestClient(h);
    await confirmedUser(h, user, 'bounds.researcher@example.org');
    const [row] = await h.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'bounds.researcher@example.org'));
    userId = row!.id;
  });

  const plan = (question: string, title: string) => ({
    plan: {
      question,
      notes: ['<b>a note</b>'],
      declined: null,
      steps: [
        {
          id: 's1',
          dataset_code: 'not_here',
          places: ['EE'],
          reference: null,
          period_from: '2020',
          period_to: null,
          dims: {},
          title,
          reason: '<img src=x onerror=alert(2)> because',
        },
      ],
    },
  });

  it('exports Markdown with the HTML of the question, titles, reasons and notes escaped', async () => {
    const run = await user.post(
      '/api/researcher/run',
      plan(
        '<script>alert(1)</script> prices & wages?',
        '<iframe src="https://evil.example"></iframe> [x](javascript:alert(3))',
      ),
    );
    expect(run.res.status).toBe(200);
    const md = await user.request(`/api/researcher/reports/${run.body.id}.md`);
    expect(md.res.status).toBe(200);
    const text = md.body as string;
    expect(text).not.toMatch(/<(script|iframe|img|b)\b/i);
    expect(text).toContain('# &lt;script&gt;alert(1)&lt;/script&gt; prices &amp; wages?');
    expect(text).toContain('&lt;img src=x onerror=alert(2)&gt; because');
    expect(text).toContain('- &lt;b&gt;a note&lt;/b&gt;');
    expect(text).not.toContain('[x](javascript:');
    // The HTML export escapes the same text.
    const html = (await user.request(`/api/researcher/reports/${run.body.id}.html`)).body as string;
    expect(html).not.toMatch(/<(script|iframe|img|b)\b/i);
    await user.request(`/api/researcher/reports/${run.body.id}`, { method: 'DELETE' });
  });

  it(`keeps at most ${MAX_SAVED_REPORTS} reports per account: the next run is refused (409) until one is deleted`, async () => {
    for (let i = 0; i < MAX_SAVED_REPORTS; i++) {
      await insertResearchReport(h.database.db, {
        id: randomUUID(),
        userId,
        question: `question ${i}`,
        plan: {},
        report: {},
        shareToken: randomUUID().replaceAll('-', ''),
      });
    }
    const over = await user.post('/api/researcher/run', plan('One more?', 'one more'));
    expect(over.res.status).toBe(409);
    expect(over.body).toEqual({
      error: {
        code: 'too_many_reports',
        message: `An account can keep ${MAX_SAVED_REPORTS} research reports. Delete an old one first.`,
      },
    });
    const listed = await user.request('/api/researcher/reports');
    expect(listed.body.reports).toHaveLength(MAX_SAVED_REPORTS);
    const oldest = listed.body.reports.at(-1).id as string;
    expect((await user.request(`/api/researcher/reports/${oldest}`, { method: 'DELETE' })).res.status).toBe(204);
    expect((await user.post('/api/researcher/run', plan('One more?', 'one more'))).res.status).toBe(200);
  });
});
