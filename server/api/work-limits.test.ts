// The body limit of /app/admin/imports (decision 171): it admits the largest file with the rest of its form, and it
// never gathers an upload in memory: a streamed body is passed on as it arrives, counted, and failed past the limit.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, UPLOAD_FORM_BYTES } from '../../core/admin-imports';
import { bodyLimits, maxBodyBytes } from './work-limits';

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
