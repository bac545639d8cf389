// Issue 35, item 2 (decision 182): images are drawn off the main thread. Big regional map PNGs took about 5 s of the
// event loop each, so one address sending them pushed another visitor's /robots.txt to seconds, and the bounded queue
// never filled because nothing else was read while an image was drawn. Over real HTTP, from several client addresses
// (any 127/8 address is this machine), a probe's latency is measured while the heavy requests run.
import { request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setMaxListeners } from 'node:events';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { renderQueue } from '../../server/http/middleware/work-limits';
import { createApp, createAppServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import { databaseWithGeos } from '../setup/database';

let database: Database;
let server: Server;
let port: number;

beforeAll(async () => {
  database = await databaseWithGeos('eurostat/nama_10r_3gdp/nama_10r_3gdp.tsv.gz');
  const app = createApp({ db: database.db, config: loadConfig({ PUBLIC_URL: 'http://localhost:3000' }) });
  server = createAppServer(app, '127.0.0.1');
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await database.close();
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  ms: number;
}

/** A GET over its own connection from the client address `from` (127.0.0.x). */
function get(path: string, from: string, signal?: AbortSignal): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, localAddress: from, agent: false, signal }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          headers: res.headers,
          body: Buffer.concat(chunks),
          ms: performance.now() - started,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The biggest regional map the API draws (2400 × 1350, drawn at 4800 × 2700); `n` makes each a different image. */
const bigMap = (n: string) =>
  `/api/charts/download-png?datasetId=nama_10r_3gdp&chart_type=map&dimension[]=dim1:EUR_HAB&time_start=2021&time_end=2021&width=2400&height=1350&title=${encodeURIComponent(`Regional GDP ${n}`)}`;

const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.99) - 1]!;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Probes /robots.txt from its own address every 20 ms until `done` says stop; the latencies in ms. */
async function probeUntil(done: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (!done()) {
    const answer = await get('/robots.txt', '127.0.0.250');
    expect(answer.status).toBe(200);
    latencies.push(answer.ms);
    await sleep(20);
  }
  return latencies;
}

describe('drawing big images', () => {
  it('keeps another visitor’s p99 and the event loop far from a drawing’s time while big maps are drawn, and the requests beyond the queue get 503 busy with Retry-After', async () => {
    // Warm: the page chain, the dataset's view and outlines, and the drawing thread (a small map).
    expect((await get('/robots.txt', '127.0.0.250')).status).toBe(200);
    const warm = await get(bigMap('warm').replace('width=2400&height=1350', 'width=400&height=300'), '127.0.0.2');
    expect(warm.status, warm.body.toString()).toBe(200);
    expect(warm.headers['content-type']).toBe('image/png');
    // The yardsticks, measured now on this machine under whatever else runs on it: how long one big map takes
    // alone, and the probe's latency with nothing being drawn.
    const alone = await get(bigMap(`alone-${Date.now()}`), '127.0.0.3');
    expect(alone.status).toBe(200);
    const quietUntil = performance.now() + 500;
    const baseline = await probeUntil(() => performance.now() > quietUntil);

    // More at once, each from its own address, than the drawing threads and the queue hold.
    const { capacity } = renderQueue.limits();
    const overflow = 3;
    const abort = new AbortController();
    setMaxListeners(0, abort.signal);
    const answers: Answer[] = [];
    // How long the server's event loop was kept from running (this process is the server).
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const pending = Array.from({ length: capacity + overflow }, (_, i) =>
      get(bigMap(`${Date.now()}-${i}`), `127.0.0.${10 + i}`, abort.signal).then(
        (answer) => void answers.push(answer),
        () => undefined,
      ),
    );
    // Probe while they run: until two images are drawn and the overflow has been refused (or 60 s).
    const started = performance.now();
    const drawn = () => answers.filter((a) => a.status === 200).length;
    const latencies = await probeUntil(
      () => (drawn() >= 2 && answers.length >= overflow + 2) || performance.now() - started > 60_000,
    );
    loop.disable();
    abort.abort();
    await Promise.all(pending);

    // A long pause of the loop shows in its p99: the old code's drawings were each one sample of a whole drawing, more
    // than 1 % of the samples; a single garbage collection under load is not.
    const blocked = loop.percentile(99) / 1e6;
    console.log(
      `one big map alone ${alone.ms.toFixed(0)} ms; probe /robots.txt before: ${baseline.length} probes, median ` +
        `${median(baseline).toFixed(1)} ms, p99 ${p99(baseline).toFixed(1)} ms; while ${capacity + overflow} big maps ` +
        `were asked: ${latencies.length} probes, median ${median(latencies).toFixed(1)} ms, p99 ` +
        `${p99(latencies).toFixed(1)} ms; event loop delay p99 ${blocked.toFixed(0)} ms, max ` +
        `${(loop.max / 1e6).toFixed(0)} ms; answers ${answers.map((a) => a.status).join(' ')}`,
    );
    expect(drawn()).toBeGreaterThanOrEqual(2);
    // The bounds are ratios to what was measured above in the same run, never absolute times: on this shared machine
    // other test files load the same cores (the strict 200 ms p99 is the attack suite's, run alone: http-phase.ts).
    // The old code drew each map on the main thread (1.3 s of it a map on a quiet machine, 5–8 s under load): the
    // first probe was answered after every map was drawn (1 probe, 13.6 s), the loop stopped for a whole drawing at a
    // time (p99 1.3 s). So the server went on answering throughout…
    expect(latencies.length).toBeGreaterThanOrEqual(50);
    // …its loop's p99 delay stayed under half a drawing (here 50–120 ms against a drawing of 1–5 s; the old code's was
    // a whole drawing)…
    expect(blocked).toBeLessThan(alone.ms / 2);
    // …and the other visitor's p99 grew by less than half a drawing over its p99 just before the burst.
    expect(p99(latencies)).toBeLessThan(p99(baseline) + alone.ms / 2);
    // Nothing but drawn images and refusals: the refused ones say busy and when to try again.
    expect(answers.every((a) => a.status === 200 || a.status === 503)).toBe(true);
    const busy = answers.filter((a) => a.status === 503);
    expect(busy.length).toBe(overflow);
    for (const refused of busy) {
      expect(JSON.parse(refused.body.toString()).error.code).toBe('busy');
      expect(refused.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    }
  });

  it('gives a queue place back as soon as its client leaves', async () => {
    /** Waits for a condition, up to 30 s (then the expectation after it says what did not happen). */
    const waitFor = async (done: () => boolean) => {
      const deadline = performance.now() + 30_000;
      while (!done() && performance.now() < deadline) await sleep(20);
    };
    // Whatever was still being drawn for the first test's clients is finished first.
    while (renderQueue.limits().running > 0) await sleep(100);
    const { capacity } = renderQueue.limits();
    const first = new AbortController();
    setMaxListeners(0, first.signal);
    const answers: Answer[] = [];
    const asked = Array.from({ length: capacity }, (_, i) =>
      get(bigMap(`left-${Date.now()}-${i}`), `127.0.0.${100 + i}`, first.signal).then(
        (a) => void answers.push(a),
        () => undefined,
      ),
    );
    // Wait until every place is taken, then the clients leave.
    await waitFor(() => renderQueue.limits().waiting >= capacity - renderQueue.limits().workers);
    expect(renderQueue.limits().waiting).toBe(capacity - renderQueue.limits().workers);
    first.abort();
    await Promise.all(asked);
    await waitFor(() => renderQueue.limits().waiting === 0);
    expect(renderQueue.limits().waiting).toBe(0);
    // The places are free again while the image being drawn for a client that left is still being drawn.
    const second = new AbortController();
    setMaxListeners(0, second.signal);
    const again = Array.from({ length: capacity - renderQueue.limits().workers }, (_, i) =>
      get(bigMap(`again-${Date.now()}-${i}`), `127.0.0.${150 + i}`, second.signal).then(
        (a) => void answers.push(a),
        () => undefined,
      ),
    );
    // Every new client takes a place (none is refused for the places the first ones left).
    await waitFor(() => renderQueue.limits().waiting >= capacity - renderQueue.limits().workers || answers.length > 0);
    second.abort();
    await Promise.all(again);
    expect(answers.filter((a) => a.status === 503)).toEqual([]);
  });
});
