// What alerts need from the process: where mail goes and the public address for links. The app registers its own per
// database handle; a command-line refresh (another process) uses the environment's.
import type { Db } from '../../db/client';
import { loadConfig } from '../config';
import { mailerFromConfig, type Mailer } from '../email/transport';

export interface AlertSettings {
  mailer: Mailer;
  publicUrl: string;
  /** Fan-out through Redis instead of PostgreSQL (REDIS_URL). */
  redisUrl?: string;
  log: (line: string) => void;
}

const registered = new WeakMap<object, AlertSettings>();
/** The environment's settings, with the values they were made from: made again when those change. */
let fromEnvironment: { key: string; settings: AlertSettings } | undefined;

export function configureAlerts(db: Db, settings: Omit<AlertSettings, 'log'> & { log?: AlertSettings['log'] }): void {
  registered.set(db, { log: (line) => console.log(`[alerts] ${line}`), ...settings });
}

export function alertSettings(db: Db): AlertSettings {
  const own = registered.get(db);
  if (own) return own;
  // Keyed by what they are made of, so that a process whose environment changes (a test worker running one file after
  // another) does not keep mailing with the first one's.
  const config = loadConfig();
  const key = [config.SMTP_URL, config.MAIL_FROM, config.publicUrl, config.REDIS_URL, config.dataDir].join('\n');
  if (fromEnvironment?.key !== key) {
    fromEnvironment = {
      key,
      settings: {
        mailer: mailerFromConfig(config),
        publicUrl: config.publicUrl,
        redisUrl: config.REDIS_URL,
        log: (line) => console.log(`[alerts] ${line}`),
      },
    };
  }
  return fromEnvironment.settings;
}
