// Without SMTP_URL, every mail is written to the outbox folder and the log says where.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { confirmationMail, escapeHtml } from './templates';
import { createMailer } from './transport';

describe('outbox mailer', () => {
  it('writes the whole message, text and HTML, to a .eml file and logs its path', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const lines: string[] = [];
    const mailer = createMailer({
      from: 'Statistics publisher <no-reply@localhost>',
      outboxDir: dir,
      log: (l) => lines.push(l),
    });
    expect(mailer.description).toContain(dir);
    await mailer.send(
      confirmationMail('ada@example.org', 'Ada <3', 'http://localhost:3000/confirm?token=abc&next=%2Fapp'),
    );
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/ada@example\.org.*\.eml$/);
    const eml = await readFile(path.join(dir, files[0]!), 'utf8');
    expect(eml).toContain('To: ada@example.org');
    expect(eml).toContain('Subject: Confirm your e-mail address for Statistics publisher');
    expect(eml).toContain('Content-Type: text/plain');
    expect(eml).toContain('Content-Type: text/html');
    expect(lines).toEqual([
      `SMTP_URL is not set: wrote "Confirm your e-mail address for Statistics publisher" for ada@example.org to ${path.join(dir, files[0]!)}`,
    ]);
  });
});

describe('templates', () => {
  it('puts the link in both parts and escapes the HTML', () => {
    const mail = confirmationMail('ada@example.org', 'Ada <script>', 'http://localhost:3000/confirm?token=a&next=%2F');
    expect(mail.text).toContain('Confirm my e-mail address: http://localhost:3000/confirm?token=a&next=%2F');
    expect(mail.html).toContain('href="http://localhost:3000/confirm?token=a&#38;next=%2F"');
    expect(mail.html).toContain('Hello Ada &#60;script&#62;,');
    expect(mail.html).not.toContain('<script>');
    expect(escapeHtml(`"'&`)).toBe('&#34;&#39;&#38;');
  });
});
