// The settings of a process without its own (a command-line refresh) follow its environment, also when it changes.
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { alertSettings, configureAlerts } from './settings';

const names = ['SMTP_URL', 'PUBLIC_URL'] as const;
const before = Object.fromEntries(names.map((n) => [n, process.env[n]]));

afterEach(() => {
  for (const n of names) {
    if (before[n] === undefined) delete process.env[n];
    else process.env[n] = before[n];
  }
});

describe('alertSettings', () => {
  it("follows the environment's SMTP_URL and PUBLIC_URL, keeping one mailer while they stay the same", () => {
    const db = {} as Db;
    process.env.SMTP_URL = 'smtp://127.0.0.1:2525';
    process.env.PUBLIC_URL = 'https://one.example.org';
    const first = alertSettings(db);
    expect(first.mailer.description).toContain('127.0.0.1:2525');
    expect(first.publicUrl).toBe('https://one.example.org');
    expect(alertSettings(db)).toBe(first);

    process.env.SMTP_URL = 'smtp://127.0.0.1:2526';
    process.env.PUBLIC_URL = 'https://two.example.org';
    const second = alertSettings(db);
    expect(second.mailer.description).toContain('127.0.0.1:2526');
    expect(second.publicUrl).toBe('https://two.example.org');
  });

  it('uses the settings registered for a database handle, whatever the environment says', () => {
    const db = {} as Db;
    const own = { mailer: { send: async () => {}, description: 'own' }, publicUrl: 'https://own.example.org' };
    configureAlerts(db, own);
    process.env.PUBLIC_URL = 'https://elsewhere.example.org';
    expect(alertSettings(db)).toMatchObject({ publicUrl: 'https://own.example.org', mailer: own.mailer });
  });
});
