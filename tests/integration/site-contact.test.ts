// The contact form's API: validation, storage, the mail to the operators, the form fallback and the rate limit.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getContactMessage } from '../../db/queries/site';
import { operators, startSite, type SiteHarness } from './site-harness';

let site: SiteHarness;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

let ip = 0;
function post(body: unknown, headers: Record<string, string> = {}) {
  ip += 1;
  return site.app.request('/api/contact', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${ip}`, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const good = {
  name: 'Maria Keller',
  email: 'Maria.Keller@example.org',
  topic: 'data',
  message: 'The HICP annual rate for Estonia in October 2022 reads 22.5; is that the final figure?',
};

it('stores a valid message and mails it to the operators before it answers', async () => {
  const before = site.smtp.mails.length;
  const res = await post(good);
  expect(res.status).toBe(201);
  // The mail is sent within the request: it is in the operators' inbox by the time the answer comes (so the checks
  // below that nothing was mailed need not wait).
  expect(site.smtp.mails.length).toBe(before + 1);
  const { id } = (await res.json()) as { id: number };
  const mail = await site.smtp.waitFor(operators);
  expect(mail.subject).toBe('Contact form: A question about the data (from Maria Keller)');
  expect(mail.text).toContain('Maria Keller <Maria.Keller@example.org>');
  expect(mail.text).toContain('Estonia in October 2022 reads 22.5');
  const stored = await getContactMessage(site.database.db, id);
  expect(stored).toMatchObject({ name: 'Maria Keller', email: 'maria.keller@example.org', topic: 'data' });
  expect(stored?.mailedAt).toBeInstanceOf(Date);
});

it('rejects invalid fields with a message that names the field', async () => {
  const bad = await post({ ...good, email: 'not-an-address' });
  expect(bad.status).toBe(400);
  expect(await bad.json()).toEqual({
    error: { code: 'invalid_contact', message: 'email: Please enter a valid e-mail address' },
  });
  const short = await post({ ...good, message: 'Hi' });
  expect(((await short.json()) as any).error.message).toBe('message: Please write at least 10 characters');
  const topic = await post({ ...good, topic: 'spam' });
  expect(((await topic.json()) as any).error.message).toBe('topic: Please choose a topic');
  const notJson = await post('{');
  expect(notJson.status).toBe(400);
});

it('accepts the form posted without JavaScript and redirects back to the page', async () => {
  ip += 1;
  const form = new URLSearchParams({ ...good, email: 'form@example.org', website: '' });
  const res = await site.app.request('/api/contact', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': `198.51.100.${ip}` },
    body: form.toString(),
  });
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe('/contact?sent=1');
  await site.smtp.waitFor(operators, (m) => m.text.includes('form@example.org'));

  const invalid = new URLSearchParams({ ...good, name: '' });
  const back = await site.app.request('/api/contact', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': '198.51.100.250' },
    body: invalid.toString(),
  });
  expect(back.status).toBe(303);
  expect(back.headers.get('location')).toBe(`/contact?error=${encodeURIComponent('name: Please enter your name')}`);
});

it('answers a filled honeypot as sent but keeps and mails nothing', async () => {
  const before = site.smtp.mails.length;
  const res = await post({ ...good, email: 'bot@example.org', website: 'http://spam.example' });
  expect(res.status).toBe(201);
  expect(await res.json()).toEqual({ ok: true, id: 0 });
  // A message is mailed before the answer (the first test): none by now is none at all.
  expect(site.smtp.mails.length).toBe(before);
});

it('limits one address to 5 messages an hour and says when to try again', async () => {
  const headers = { 'X-Forwarded-For': '203.0.113.7' };
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await site.app.request('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ ...good, email: `reader${i}@example.org` }),
    });
    statuses.push(res.status);
    if (res.status === 429) {
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await res.json()) as any).error.code).toBe('rate_limited');
    }
  }
  expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
});

it('refuses a post from another site', async () => {
  const res = await post(good, { Origin: 'https://elsewhere.example' });
  expect(res.status).toBe(403);
});
