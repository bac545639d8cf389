// POST /api/contact: the contact form, validated, rate limited, stored in the database and mailed to the operators.
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { contactSchema, contactTopics, type ContactInput } from '../../core/schemas/contact';
import type { Db } from '../../db/client';
import { insertContactMessage, markContactMessageMailed } from '../../db/queries/site';
import { clientIp } from '../auth/client-ip';
import { rateLimiter, type RateRule } from '../auth/rate-limit';
import type { Mailer } from '../email/transport';
import type { ApiEnv } from '../http/env';
import { errorBody } from '../http/errors';
import { uncounted } from '#server/http/route-policy';

/** The contact form (decision 201). */
export const contactPolicies = [uncounted('/api/contact', 'any', ['/api/contact'], 'the contact form')];

export const contactRateRules: RateRule[] = [
  {
    name: 'contact',
    matches: (p) => p === '/api/contact',
    perIp: { max: 5, windowSeconds: 60 * 60 },
    perEmail: { max: 3, windowSeconds: 60 * 60 },
  },
];

/** Where contact messages are mailed: CONTACT_EMAIL, else contact@ the public host. */
export function operatorsAddress(env: NodeJS.ProcessEnv, publicUrl: string): string {
  const parsed = z.email().safeParse(env.CONTACT_EMAIL?.trim());
  return parsed.success ? parsed.data : `contact@${new URL(publicUrl).hostname}`;
}

export interface ContactOptions {
  db: Db;
  mailer: Mailer;
  /** The operators' address. */
  to: string;
  trustProxy?: boolean;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function contactMail(msg: ContactInput, id: number) {
  const topic = contactTopics[msg.topic];
  const text = `Message #${id} from the contact form\n\nFrom: ${msg.name} <${msg.email}>\nTopic: ${topic}\n\n${msg.message}\n`;
  const html = `<p>Message #${id} from the contact form</p><p>From: ${escapeHtml(msg.name)} &lt;${escapeHtml(msg.email)}&gt;<br>Topic: ${escapeHtml(topic)}</p><p style="white-space:pre-wrap">${escapeHtml(msg.message)}</p>`;
  return { subject: `Contact form: ${topic} (from ${msg.name})`, text, html };
}

/** The body as an object, from JSON or from a form posted without JavaScript. */
async function readBody(c: Context): Promise<{ body: unknown; isForm: boolean }> {
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    const form = await c.req.parseBody();
    return { body: Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === 'string')), isForm: true };
  }
  try {
    return { body: await c.req.json(), isForm: false };
  } catch {
    return { body: null, isForm: false };
  }
}

export function contactApi(opts: ContactOptions): OpenAPIHono<ApiEnv> {
  const app = new OpenAPIHono<ApiEnv>();
  app.use(
    '/contact',
    rateLimiter(opts.db, contactRateRules, (c) => clientIp(c, opts.trustProxy ?? false)),
  );
  app.post('/contact', async (c) => {
    const { body, isForm } = await readBody(c);
    const parsed = contactSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const message = issue ? `${String(issue.path[0] ?? 'body')}: ${issue.message}` : 'invalid contact message';
      if (isForm) return c.redirect(`/contact?error=${encodeURIComponent(message)}`, 303);
      return c.json(errorBody('invalid_contact', message), 400);
    }
    const msg = parsed.data;
    // The hidden field is filled in only by bots: answer as if sent, keep nothing.
    if (msg.website) return isForm ? c.redirect('/contact?sent=1', 303) : c.json({ ok: true, id: 0 }, 201);
    const { id } = await insertContactMessage(opts.db, {
      name: msg.name,
      email: msg.email.toLowerCase(),
      topic: msg.topic,
      message: msg.message,
    });
    try {
      await opts.mailer.send({ to: opts.to, ...contactMail(msg, id) });
      await markContactMessageMailed(opts.db, id);
    } catch (err) {
      // Stored all the same: the operators find it in contact_messages with mailed_at empty.
      console.error(`Contact message ${id} was stored but could not be mailed to ${opts.to}:`, err);
    }
    return isForm ? c.redirect('/contact?sent=1', 303) : c.json({ ok: true, id }, 201);
  });
  return app;
}
