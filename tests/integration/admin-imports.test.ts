// /app/admin/imports' action on a real database (issues 13 and 15, decision 171): an uploaded file is written to the
// uploads folder as it arrives, imported from there and removed when its import ends, succeeded or failed; a file over
// 100 MB is answered 413 once reading reaches the limit, and nothing of it is kept; the other forms answer as before.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importsAction } from '../../app/routes/app/admin/imports.server';
import { MAX_UPLOAD_BYTES, type ImportJob } from '../../core/admin-imports';
import { importRuns } from '../../db/schema';
import { loadConfig } from '../../server/config';
import { createRefreshService, type RefreshService } from '../../server/refresh/service';
import { mirror } from '../setup/database';
import { startEurostatPeer, type EurostatPeer } from '../setup/eurostat-peer';
import { confirmedUser, startHarness, TestClient, type Harness } from './auth-harness';

const adminEmail = 'admin.uploads@example.org';
const url = 'http://localhost:3000/app/admin/imports';
let h: Harness;
let peer: EurostatPeer;
let uploads: string;
let service: RefreshService;
let admin: unknown;
let reader: unknown;

async function sessionOf(email: string) {
  const client = new TestClient(h);
  await confirmedUser(h, client, email);
  return (await client.request('/api/account/session')).body.session;
}

beforeAll(async () => {
  [h, peer] = await Promise.all([
    startHarness({ samples: [], env: { ADMIN_EMAILS: adminEmail } }),
    startEurostatPeer({ vintage: 1, datasets: ['tec00118'] }),
  ]);
  uploads = await mkdtemp(path.join(tmpdir(), 'admin-uploads-'));
  service = createRefreshService({
    db: h.database.db,
    config: loadConfig({ ADMIN_EMAILS: adminEmail, EUROSTAT_API: peer.url, REFRESH_SCHEDULE: 'off' }),
    uploadsDir: path.join(uploads, 'uploads'),
    log: () => {},
  });
  [admin, reader] = await Promise.all([sessionOf(adminEmail), sessionOf('reader.uploads@example.org')]);
});
afterAll(async () => {
  await h?.close();
  await peer?.close();
  if (uploads) await rm(uploads, { recursive: true, force: true });
});

/** The action's answer: its status and body (a thrown 404 too). */
async function act(request: Request, session = admin): Promise<{ status: number; body: unknown }> {
  const context = { db: h.database.db, auth: { session, sessionError: null }, imports: service } as never;
  try {
    const result = await importsAction(request, context);
    return { status: result.init?.status ?? 200, body: result.data };
  } catch (thrown) {
    const answer = thrown as { init?: { status?: number }; data?: unknown };
    if (!answer.init) throw thrown;
    return { status: answer.init.status ?? 200, body: answer.data };
  }
}

/** A form as the browser sends it: fields and files in order, multipart. */
function form(parts: [string, string | File][]): Request {
  const body = new FormData();
  for (const [name, value] of parts) body.append(name, value);
  return new Request(url, { method: 'POST', body });
}

/** The imports page's upload form: the file, then the code when one is given. */
function upload(file: File, code?: string): Request {
  return form([
    ['intent', 'upload'],
    ['file', file],
    ...(code === undefined ? [] : [['code', code] as [string, string]]),
  ]);
}

async function sample(file: string): Promise<File> {
  return new File([await readFile(path.join(mirror, file))], path.basename(file));
}

const kept = async () => readdir(path.join(uploads, 'uploads')).catch(() => []);

async function finished(job: ImportJob): Promise<ImportJob> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const now = service.jobs().find((j) => j.id === job.id)!;
    if (now.phase === 'done' || now.phase === 'failed') return now;
    if (Date.now() > deadline) throw new Error(`job ${job.id} still ${now.phase}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function started(answer: { status: number; body: unknown }): ImportJob {
  expect(answer.status).toBe(200);
  const body = answer.body as { ok: boolean; job: ImportJob };
  expect(body.ok).toBe(true);
  return body.job;
}

describe('uploads', () => {
  it('imports a Eurostat TSV from the uploads folder, its values come back, and the file is removed', async () => {
    const answer = await act(upload(await sample('eurostat/tps00203/estat_tps00203.tsv'), ''));
    const job = started(answer);
    expect(job).toMatchObject({ kind: 'upload', label: 'estat_tps00203.tsv' });
    const done = await finished(job);
    expect(done.message).toBe('imported tps00203: 1281 added, 0 changed, 0 removed');
    expect(await kept()).toEqual([]);
    const [run] = await h.database.db.select().from(importRuns).where(eq(importRuns.id, done.runId!));
    expect(run).toMatchObject({ source: 'upload estat_tps00203.tsv', status: 'succeeded' });
    const res = await h.app.request(
      '/api/datasets/tps00203/data?format=csv&country=DE&period_from=2020&period_to=2020',
    );
    expect(res.status).toBe(200);
    const lines = (await res.text()).split('\r\n');
    expect(lines).toContain('tps00203,Y15-74,PC_ACT,T,DE,Germany,2020,2020,3.7,b');
  });

  it('imports another format whole from the file, under the code sent after it', async () => {
    const file = await sample('eurostat/jsonstat/nama_10_gdp_B1GQ_CP_MEUR_2010-2011_legacy-api.json');
    const job = started(await act(upload(file, ' NAMA_10_GDP ')));
    const done = await finished(job);
    expect(done.message).toBe('imported nama_10_gdp: 88 added, 0 changed, 0 removed');
    expect(await kept()).toEqual([]);
  });

  it('removes the file of a failed import too', async () => {
    const job = started(await act(upload(new File(['no statistics here\n'], 'notes.tsv'))));
    const done = await finished(job);
    expect(done.phase).toBe('failed');
    const [run] = await h.database.db.select().from(importRuns).where(eq(importRuns.id, done.runId!));
    expect(run?.status).toBe('failed');
    expect(await kept()).toEqual([]);
  });

  it('answers 413 to a file over 100 MB once reading reaches the limit, and keeps nothing of it', async () => {
    const boundary = '----admin-imports-test';
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupload\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.tsv"\r\n\r\n`,
    );
    const chunk = new Uint8Array(256 * 1024).fill(0x41);
    const fileBytes = MAX_UPLOAD_BYTES + 16 * 1024 * 1024;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start: (c) => c.enqueue(head),
      pull(c) {
        if (sent >= fileBytes) {
          c.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
          return c.close();
        }
        sent += chunk.byteLength;
        c.enqueue(chunk);
      },
    });
    const jobsBefore = service.jobs().length;
    const answer = await act(
      new Request(url, {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        body,
        duplex: 'half',
      } as RequestInit),
    );
    expect(answer).toEqual({ status: 413, body: { ok: false, error: 'The file is larger than 100 MB.' } });
    expect(await kept()).toEqual([]);
    // Reading stopped at the limit (and what is read after it to let the client hear the answer is bounded).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent).toBeLessThan(MAX_UPLOAD_BYTES + 4 * 1024 * 1024);
    expect(service.jobs()).toHaveLength(jobsBefore);
  });

  it('asks for a file when none or an empty one is sent, and keeps nothing', async () => {
    const choose = { status: 400, body: { ok: false, error: 'Choose a file to import.' } };
    expect(await act(form([['intent', 'upload']]))).toEqual(choose);
    expect(await act(upload(new File([], '')))).toEqual(choose);
    expect(await kept()).toEqual([]);
  });

  it('removes the saved file when the code after it is refused', async () => {
    const answer = await act(upload(await sample('eurostat/tec00118/estat_tec00118.tsv'), 'no way'));
    expect(answer).toEqual({
      status: 400,
      body: { ok: false, error: 'A dataset code has letters, digits and underscores only.' },
    });
    expect(await kept()).toEqual([]);
  });

  it('is 404 for an account that is not an admin, and its file is not kept', async () => {
    const answer = await act(upload(await sample('eurostat/tec00118/estat_tec00118.tsv')), reader);
    expect(answer.status).toBe(404);
    expect(await kept()).toEqual([]);
  });
});

describe('the other forms', () => {
  it('answer as before', async () => {
    expect(
      await act(
        form([
          ['intent', 'refresh'],
          ['code', 'nope'],
        ]),
      ),
    ).toEqual({ status: 404, body: { ok: false, error: 'There is no dataset “nope” to refresh.' } });
    const badCode = {
      status: 400,
      body: { ok: false, error: 'Enter a Eurostat dataset code: letters, digits and underscores (e.g. une_rt_m).' },
    };
    expect(
      await act(
        form([
          ['intent', 'import-code'],
          ['code', 'x-y'],
        ]),
      ),
    ).toEqual(badCode);
    // The page's code form is URL-encoded.
    const encoded = new Request(url, {
      method: 'POST',
      body: new URLSearchParams({ intent: 'import-code', code: '' }),
    });
    expect(await act(encoded)).toEqual(badCode);
    expect(await act(form([['intent', 'other']]))).toEqual({
      status: 400,
      body: { ok: false, error: 'Unknown form.' },
    });
    const json = new Request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(await act(json)).toEqual({ status: 400, body: { ok: false, error: 'The form could not be read.' } });
  });

  it('imports a dataset by code from Eurostat (the peer), then refreshes it', async () => {
    const imported = await finished(
      started(
        await act(
          new Request(url, { method: 'POST', body: new URLSearchParams({ intent: 'import-code', code: 'tec00118' }) }),
        ),
      ),
    );
    expect(imported).toMatchObject({
      kind: 'code',
      phase: 'done',
      message: expect.stringMatching(/^imported: 476 added/),
    });
    const refreshed = await finished(
      started(
        await act(
          form([
            ['intent', 'refresh'],
            ['code', 'TEC00118'],
          ]),
        ),
      ),
    );
    expect(refreshed).toMatchObject({
      kind: 'refresh',
      phase: 'done',
      message: 'imported: 0 added, 0 changed, 0 removed',
    });
    expect(peer.dataRequests()).toEqual(['tec00118', 'tec00118']);
  });
});
