// Starts alerts for an app's database handle: its mailer and public address, the live channel's fan-out, and the
// hourly pass that sends daily digests (each account at most once a day; claimed rows, so processes never double).
import type { Db } from '../../db/client';
import { startLive } from '../live/hub';
import { sendDigests } from './publish';
import { alertSettings, configureAlerts, type AlertSettings } from './settings';

/** How often daily digests are looked for. */
export const DIGEST_CHECK_MS = 60 * 60 * 1000;

const timers = new WeakMap<object, NodeJS.Timeout>();

export function startAlerts(db: Db, settings: Omit<AlertSettings, 'log'> & { log?: AlertSettings['log'] }): void {
  configureAlerts(db, settings);
  startLive(db, { redisUrl: settings.redisUrl });
  if (timers.has(db)) return;
  const timer = setInterval(() => {
    sendDigests(db, { due: 'daily' }).catch((error: unknown) =>
      alertSettings(db).log(`daily digests failed: ${String(error)}`),
    );
  }, DIGEST_CHECK_MS);
  // Never keeps a process (a test, a CLI) alive on its own.
  timer.unref();
  timers.set(db, timer);
}
