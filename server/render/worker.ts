// A drawing thread (decision 182): draws the jobs the main thread posts, one at a time, and posts back each result
// (a PNG's bytes are moved, not copied) or the message of the error that stopped it.
import { parentPort } from 'node:worker_threads';
import { runJob, type RenderJob } from './jobs';

const port = parentPort!;
port.on('message', async ({ id, job }: { id: number; job: RenderJob }) => {
  try {
    const value = await runJob(job);
    if (typeof value === 'string') return port.postMessage({ id, ok: true, value });
    // resvg's Buffer may share or borrow its memory: a copy of its own is moved to the main thread.
    const bytes = new Uint8Array(value);
    port.postMessage({ id, ok: true, value: bytes }, [bytes.buffer]);
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    port.postMessage({ id, ok: false, message: e.message, stack: e.stack });
  }
});
