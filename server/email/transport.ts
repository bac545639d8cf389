// Sends mail over SMTP (SMTP_URL) or, without it, writes each message to an outbox folder: never drops one silently.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header fields (List-Unsubscribe, List-Unsubscribe-Post on alert digests). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Where mail goes, for the start-up log. */
  readonly description: string;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log?: (line: string) => void;
}

export function createMailer(opts: MailerOptions): Mailer {
  const log = opts.log ?? ((line: string) => console.log(`[mail] ${line}`));
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    const where = new URL(opts.smtpUrl);
    return {
      description: `SMTP at ${where.hostname}:${where.port || (where.protocol === 'smtps:' ? 465 : 587)}`,
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
    };
  }
  // nodemailer's stream transport renders the exact RFC 5322 message SMTP would have carried.
  const renderer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `the outbox folder ${opts.outboxDir} (SMTP_URL is not set)`,
    async send(mail) {
      const info = await renderer.sendMail({ from: opts.from, ...mail });
      await mkdir(opts.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const slug = `${mail.to}-${mail.subject}`
        .toLowerCase()
        .replace(/[^a-z0-9@.]+/g, '-')
        .slice(0, 80);
      const file = path.join(opts.outboxDir, `${stamp}-${slug}.eml`);
      await writeFile(file, info.message as Buffer);
      log(`SMTP_URL is not set: wrote "${mail.subject}" for ${mail.to} to ${file}`);
    },
  };
}

/** The mailer the configuration asks for: SMTP_URL, else the outbox under the data folder. */
export function mailerFromConfig(config: {
  SMTP_URL?: string;
  MAIL_FROM?: string;
  publicUrl: string;
  dataDir: string;
}): Mailer {
  const from = config.MAIL_FROM ?? `Statistics publisher <no-reply@${new URL(config.publicUrl).hostname}>`;
  return createMailer({ smtpUrl: config.SMTP_URL, from, outboxDir: path.join(config.dataDir, 'outbox') });
}
