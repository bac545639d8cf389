// The refresh scheduler inside the app: sleeps until the next scheduled time (or an earlier retry after a failure),
// runs one refresh, and plans again. Every app process may run one; the refresh lock and the slot check make exactly
// one of them do the work. Failures are one log line per run, never a crash.
import { and, eq, gt, isNotNull, min } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshDatasets, refreshState } from '../../db/schema';
import { refreshLockHeld } from './lock';
import { runRefresh, type RefreshOptions } from './refresh';
import { nextRun, type Schedule } from './schedule';

export interface SchedulerOptions {
  db: Db;
  schedule: Schedule;
  refresh: Omit<RefreshOptions, 'slot' | 'codes' | 'force'>;
  log: (line: string) => void;
  now?: () => Date;
}

export interface Scheduler {
  /** When the next run is due (null before the first plan). */
  nextRunAt(): Date | null;
  stop(): void;
}

/** The longest single timer: timers drift over days, and the plan may change (a retry, another process's run). */
const maxSleepMs = 60 * 60_000;
/** A run cut off by a restart, or a retry already due, starts this soon after start. */
const soonMs = 30_000;

export function startScheduler(opts: SchedulerOptions): Scheduler {
  const now = opts.now ?? (() => new Date());
  let due: Date | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const plan = async (): Promise<void> => {
    const at = now();
    let next = nextRun(opts.schedule, at);
    const [state] = await opts.db.select().from(refreshState).where(eq(refreshState.id, 1));
    // A refresh cut off half-way (the process was killed): run again soon.
    if (state?.status === 'running' && !(await refreshLockHeld(opts.db)))
      next = minDate(next, new Date(at.getTime() + soonMs));
    if (state?.status === 'failed' && state.retryAt) next = minDate(next, state.retryAt);
    const [retry] = await opts.db
      .select({ at: min(refreshDatasets.retryAt) })
      .from(refreshDatasets)
      .where(and(isNotNull(refreshDatasets.retryAt), gt(refreshDatasets.failures, 0), gt(refreshDatasets.retryAt, at)));
    // Only retries still ahead: one whose time has passed was due at a run that could not take it (the dataset is gone
    // or no longer listed), and the scheduled times cover it.
    if (retry?.at && new Date(retry.at) > at) next = minDate(next, new Date(retry.at));
    due = new Date(Math.max(next.getTime(), at.getTime()));
  };

  const tick = async (): Promise<void> => {
    if (stopped) return;
    try {
      // Plan again when waking well before the due time (long sleeps are cut into hours): another process may have
      // run, failed or set a retry meanwhile. A timer that fires a little early just sleeps the rest.
      if (!due || due.getTime() - now().getTime() > 1000) await plan();
      if (due && now() >= due) {
        const slot = due;
        await runRefresh(opts.db, { ...opts.refresh, slot, log: opts.log, now });
        await plan();
      }
    } catch (error) {
      // The database itself failed (closing, unreachable): say so, and try again at the next plan.
      opts.log(`refresh scheduler: ${error instanceof Error ? error.message : String(error)}`);
      due = new Date(now().getTime() + maxSleepMs);
    }
    if (stopped) return;
    const wait = Math.min(Math.max((due?.getTime() ?? 0) - now().getTime(), 10), maxSleepMs);
    timer = setTimeout(() => void tick(), wait);
    timer.unref();
  };

  void tick();
  return {
    nextRunAt: () => due,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

function minDate(a: Date, b: Date): Date {
  return a <= b ? a : b;
}
