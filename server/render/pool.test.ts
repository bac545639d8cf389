// The drawing threads (decision 182): jobs run in worker threads, a thread that ends under a drawing answers 503 and is
// replaced, and the real thread (from the sources, through tsx) draws.
import { Worker } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../http/errors';
import type { RenderJob } from './jobs';
import { RenderPool, renderPool, renderWorkerCount } from './pool';

/** A stand-in thread: `crash` ends it, `throw` fails the job, `uncaught` throws outside any job, else it answers. */
const standIn = () =>
  new Worker(
    `const { parentPort } = require('node:worker_threads');
     parentPort.on('message', ({ id, job }) => {
       if (job.kind === 'crash') process.exit(1);
       if (job.kind === 'uncaught') setTimeout(() => { throw new Error('lost'); });
       else if (job.kind === 'throw') parentPort.postMessage({ id, ok: false, message: 'cannot draw that' });
       else setTimeout(() => parentPort.postMessage({ id, ok: true, value: 'drew ' + job.kind }), 20);
     });`,
    { eval: true },
  );

const job = (kind: string) => ({ kind }) as unknown as RenderJob;

describe('the drawing threads', () => {
  it('are one per core but one, and at least one', () => {
    expect(renderWorkerCount(1)).toBe(1);
    expect(renderWorkerCount(2)).toBe(1);
    expect(renderWorkerCount(8)).toBe(7);
    expect(renderPool.size).toBe(renderWorkerCount());
  });

  it('start no more threads than the pool has, and run the rest in order', async () => {
    const pool = new RenderPool(2, standIn);
    const results = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((k) => pool.run(job(k))));
    expect(results).toEqual(['drew a', 'drew b', 'drew c', 'drew d', 'drew e']);
    expect(pool.stats.started).toBe(2);
    await pool.close();
  });

  it('answer 503 with Retry-After when a thread ends under a drawing, and draw the next job in a new thread', async () => {
    const pool = new RenderPool(1, standIn);
    expect(await pool.run(job('before'))).toBe('drew before');
    const crashed = await pool.run(job('crash')).catch((e: unknown) => e);
    expect(crashed).toBeInstanceOf(ApiError);
    expect(crashed).toMatchObject({ status: 503, code: 'unavailable' });
    expect((crashed as ApiError).headers['Retry-After']).toMatch(/^\d+$/);
    expect(await pool.run(job('after'))).toBe('drew after');
    expect(pool.stats).toEqual({ started: 2, crashed: 1 });
    await pool.close();
  });

  it('log an uncaught error in a thread and answer its drawing 503', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const pool = new RenderPool(1, standIn);
      const lost = await pool.run(job('uncaught')).catch((e: unknown) => e);
      expect(lost).toMatchObject({ status: 503, code: 'unavailable' });
      expect(logged).toHaveBeenCalledWith('A drawing thread failed drawing a uncaught:', expect.any(Error));
      expect(await pool.run(job('again'))).toBe('drew again');
      await pool.close();
    } finally {
      logged.mockRestore();
    }
  });

  it('pass on a drawing’s own error as an error, not as a 503 (a fault to fix, answered 500)', async () => {
    const pool = new RenderPool(1, standIn);
    const failed = await pool.run(job('throw')).catch((e: unknown) => e);
    expect(failed).not.toBeInstanceOf(ApiError);
    expect((failed as Error).message).toBe('cannot draw that');
    expect(pool.stats.crashed).toBe(0);
    await pool.close();
  });

  it('draw a sharing card in the real thread', async () => {
    const pool = new RenderPool(1);
    const png = await pool.run({
      kind: 'card',
      card: { eyebrow: 'Dataset', title: 'Unemployment', description: 'Monthly', footer: 'Source: Eurostat' },
      host: 'example.org',
    });
    expect(Buffer.from(png).subarray(1, 4).toString()).toBe('PNG');
    await pool.close();
  });
});
