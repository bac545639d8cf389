// The body limit of /app/admin/imports (decision 171): it admits the largest file with the rest of its form, and it
// never gathers an upload in memory: a streamed body is passed on as it arrives, counted, and failed past the limit.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, UPLOAD_FORM_BYTES } from '#core/admin-imports';
import { ApiError } from '../errors';
import { bodyLimits, ClientGone, maxBodyBytes, RenderQueue } from './work-limits';

const limit = MAX_UPLOAD_BYTES + UPLOAD_FORM_BYTES;
const chunk = new Uint8Array(64 * 1024).fill(0x41);

/** A handler that reads the body a chunk at a time and says how far it got. */
function appReading(onChunk?: (received: number) => void) {
  const app = new Hono();
  app.use('*', bodyLimits());
  app.post('*', async (c) => {
    let received = 0;
    try {
      for await (const part of c.req.raw.body!) {
        received += part.byteLength;
        onChunk?.(received);
      }
      return c.text(`read ${received}`);
    } catch {
      return c.text(`failed after ${received}`, 400);
    }
  });
  return app;
}

/** A streamed body (no Content-Length) of `chunks` chunks; `beforeChunk` may hold chunk `i` back. */
function streamed(chunks: number, beforeChunk?: (i: number) => Promise<void>): RequestInit {
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(c) {
      if (i === chunks) return c.close();
      await beforeChunk?.(i++);
      c.enqueue(chunk);
    },
  });
  return { method: 'POST', body, duplex: 'half' } as RequestInit;
}

describe('the body limit of uploads', () => {
  it('admits the largest file and its form on the imports page, its data request too', () => {
    expect(maxBodyBytes('/app/admin/imports')).toBe(limit);
    expect(maxBodyBytes('/app/admin/imports.data')).toBe(limit);
    expect(maxBodyBytes('/app/settings')).toBe(256 * 1024);
  });

  it('refuses a larger Content-Length at once', async () => {
    const res = await appReading().request('/app/admin/imports', {
      method: 'POST',
      headers: { 'content-length': String(limit + 1) },
      body: 'x',
    });
    expect(res.status).toBe(413);
    expect(await res.text()).toBe(`The request body is larger than the ${limit / 1024} KB this address accepts.`);
  });

  it('passes a streamed upload on as it arrives, never gathering it', async () => {
    let read = 0;
    let release!: () => void;
    const firstRead = new Promise<void>((resolve) => (release = resolve));
    const app = appReading((received) => {
      read = received;
      release();
    });
    // The second chunk waits until the handler has read the first: a limit that gathered the body first would wait
    // for ever (and this test would time out).
    const res = await app.request(
      '/app/admin/imports',
      streamed(4, (i) => (i === 1 ? firstRead : Promise.resolve())),
    );
    expect(await res.text()).toBe(`read ${4 * chunk.byteLength}`);
    expect(read).toBe(4 * chunk.byteLength);
  });

  it('fails a streamed upload for its reader once it passes the limit', async () => {
    const chunks = Math.ceil(limit / chunk.byteLength) + 2;
    const res = await appReading().request('/app/admin/imports', streamed(chunks));
    expect(res.status).toBe(400);
    const after = Number((await res.text()).replace('failed after ', ''));
    expect(after).toBeLessThanOrEqual(limit);
    expect(after).toBeGreaterThan(limit - chunk.byteLength);
  });
});

describe('the render queue (decision 182)', () => {
  /** A drawing that ends when `finish` is called. */
  function held() {
    let finish!: () => void;
    const done = new Promise<string>((resolve) => (finish = () => resolve('drawn')));
    return { done, finish };
  }

  it('answers 503 busy with Retry-After beyond its threads and queue', async () => {
    const queue = new RenderQueue(1, 1);
    const first = held();
    const drawing = queue.run(undefined, () => first.done);
    const waiting = queue.run(undefined, () => 'second');
    const refused = await queue.run(undefined, () => 'third').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 503, code: 'busy' });
    expect((refused as ApiError).headers['Retry-After']).toMatch(/^[1-9]\d*$/);
    first.finish();
    expect(await drawing).toBe('drawn');
    expect(await waiting).toBe('second');
    expect(queue.limits()).toMatchObject({ running: 0, waiting: 0 });
  });

  it('gives a waiting place back as soon as its client leaves, drawing nothing for it', async () => {
    const queue = new RenderQueue(1, 2);
    const first = held();
    const drawing = queue.run(undefined, () => first.done);
    const leaving = [new AbortController(), new AbortController()];
    let drawnForGone = 0;
    const gone = leaving.map((client) => queue.run(client.signal, () => void drawnForGone++).catch((e: unknown) => e));
    expect(queue.limits().waiting).toBe(2);
    for (const client of leaving) client.abort();
    for (const result of await Promise.all(gone)) expect(result).toBeInstanceOf(ClientGone);
    // The first drawing still runs, and both places are free for others at once.
    expect(queue.limits()).toMatchObject({ running: 1, waiting: 0 });
    const next = [queue.run(undefined, () => 'a'), queue.run(undefined, () => 'b')];
    first.finish();
    expect(await Promise.all([drawing, ...next])).toEqual(['drawn', 'a', 'b']);
    expect(drawnForGone).toBe(0);
  });
});
