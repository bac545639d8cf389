// The drawing threads (decision 182): chart SVGs, PNGs and sharing cards are drawn in node:worker_threads, never on
// the main thread, which stays free to read and answer other requests while an image is drawn. RenderQueue
// (server/http/middleware/work-limits.ts) lets at most `size` drawings in at once and queues a few more; this pool runs them.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { unavailableRetryAfter } from '../../core/unavailable';
import { ApiError } from '../http/errors';
import type { ChartImageInput } from './chart-image';
import type { ChartJobInput, OutlinesRef, RenderJob, RenderResult } from './jobs';

/**
 * One drawing thread per core but one, and at least one: the main thread (and PGlite, which runs in it) keeps a core
 * of its own, so light requests are answered at once however many images are asked for. On 2 cores: 1.
 */
export function renderWorkerCount(cores = availableParallelism()): number {
  return Math.max(1, cores - 1);
}

/** A thread's V8 heap: more than the largest map needs, little enough that a runaway drawing ends its thread only. */
const maxHeapMb = 512;

/** The worker of a build (build/app-server/render-worker.mjs beside the server bundle), else the sources through tsx. */
export function spawnRenderWorker(): Worker {
  const built = !import.meta.url.endsWith('.ts');
  const entry = built ? new URL('./render-worker.mjs', import.meta.url) : new URL('./worker-dev.mjs', import.meta.url);
  // The server's node flags (e.g. --max-semi-space-size) are the process's, not a thread's.
  return new Worker(entry, { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: maxHeapMb } });
}

/** The answer to a drawing whose thread ended under it (a crash, out of memory): try again, a new thread draws it. */
export function threadEnded(): ApiError {
  return new ApiError(503, 'unavailable', 'The image could not be drawn just now; please try again in a few seconds.', {
    'Retry-After': String(unavailableRetryAfter),
  });
}

interface Pending {
  id: number;
  job: RenderJob;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Thread {
  worker: Worker;
  job: Pending | null;
}

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string; stack?: string };

/** What the pool did since start: threads started and threads that ended under a drawing. */
export interface PoolStats {
  started: number;
  crashed: number;
}

export class RenderPool {
  private readonly threads = new Set<Thread>();
  private readonly waiting: Pending[] = [];
  private nextId = 1;
  private closed = false;
  readonly stats: PoolStats = { started: 0, crashed: 0 };

  constructor(
    readonly size: number,
    private readonly spawn: () => Worker = spawnRenderWorker,
  ) {}

  /** Draws the job in a free thread (started when needed, up to `size`), else after the jobs before it. */
  run<J extends RenderJob>(job: J): Promise<RenderResult<J>> {
    if (this.closed) return Promise.reject(threadEnded());
    return new Promise<RenderResult<J>>((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, job, resolve: resolve as (value: unknown) => void, reject });
      this.dispatch();
    });
  }

  /** Ends every thread; drawings under way answer 503. */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.waiting.splice(0)) pending.reject(threadEnded());
    await Promise.all([...this.threads].map((t) => t.worker.terminate()));
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      let thread = [...this.threads].find((t) => t.job === null);
      if (!thread) {
        if (this.threads.size >= this.size) return;
        thread = this.start();
      }
      const pending = this.waiting.shift()!;
      thread.job = pending;
      thread.worker.ref();
      thread.worker.postMessage({ id: pending.id, job: pending.job });
    }
  }

  private start(): Thread {
    const thread: Thread = { worker: this.spawn(), job: null };
    this.stats.started++;
    this.threads.add(thread);
    thread.worker.on('message', (reply: Reply) => {
      const pending = thread.job;
      if (!pending || pending.id !== reply.id) return;
      thread.job = null;
      // An idle thread does not keep the process alive (a script, a test run).
      thread.worker.unref();
      if (reply.ok) pending.resolve(reply.value);
      else pending.reject(Object.assign(new Error(reply.message), { stack: reply.stack ?? reply.message }));
      this.dispatch();
    });
    thread.worker.on('error', (error) => {
      console.error(`A drawing thread failed${thread.job ? ` drawing a ${thread.job.job.kind}` : ''}:`, error);
    });
    thread.worker.on('exit', () => {
      // A crash, running out of its heap, or close(): the thread is replaced by the next job that needs one.
      this.threads.delete(thread);
      if (thread.job) {
        if (!this.closed) this.stats.crashed++;
        thread.job.reject(threadEnded());
        thread.job = null;
      }
      if (!this.closed) this.dispatch();
    });
    return thread;
  }
}

/** The one pool every image route shares; its threads start with the first drawing. */
export const renderPool = new RenderPool(renderWorkerCount());

/** Each outlines object's GeoJSON text and key, made once per object (a store keeps its files for the process). */
const outlineRefs = new WeakMap<object, Omit<OutlinesRef, 'kind' | 'path'>>();
let nextOutlines = 1;

/** A chart's input as a job carries it: the outlines as text a thread parses once, not as an object copied each time. */
export function chartJobInput(input: ChartImageInput): ChartJobInput {
  const loaded = input.outlines;
  if (!loaded) return { ...input, outlines: null };
  let ref = outlineRefs.get(loaded.outlines);
  if (!ref) {
    ref = { key: `${loaded.path}#${nextOutlines++}`, json: JSON.stringify(loaded.outlines) };
    outlineRefs.set(loaded.outlines, ref);
  }
  return { ...input, outlines: { ...ref, kind: loaded.kind, path: loaded.path } };
}
