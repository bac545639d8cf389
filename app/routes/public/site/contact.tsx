// /contact: a form that checks its fields, posts to /api/contact (stored and mailed to the operators), and says so.
// A field's message describes the field, and a failed send moves the focus to the first field to correct, or to the
// server's message (WCAG 3.3.1, 3.3.3).
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/contact';
import { contactFieldErrors, contactSchema, contactTopics, type ContactInput } from '#core/schemas/contact';
import { PageHeader } from '#app/components/site/content';
import { pageMeta } from '#app/components/site/page-meta';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'Contact',
    description:
      'Questions about a figure, the data API, the Pro plan or a dataset you would like to see: write to the team behind the statistics publisher.',
    path: '/contact',
  });
}

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string };

/** The fields in the order they are shown: the focus goes to the first one with a message. */
const fieldOrder: (keyof ContactInput)[] = ['name', 'email', 'topic', 'message'];

const field =
  'mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900 aria-[invalid=true]:border-red-600';

export default function Contact() {
  const [params] = useSearchParams();
  const [status, setStatus] = useState<Status>(() =>
    params.get('sent') === '1'
      ? { kind: 'sent' }
      : params.get('error')
        ? { kind: 'failed', message: params.get('error')! }
        : { kind: 'idle' },
  );
  const [errors, setErrors] = useState<Partial<Record<keyof ContactInput, string>>>({});
  const failure = useRef<HTMLParagraphElement>(null);
  // Each check makes a new object: a second failed send moves the focus again.
  useEffect(() => {
    const first = fieldOrder.find((key) => errors[key]);
    if (first) document.getElementById(first)?.focus();
  }, [errors]);
  useEffect(() => {
    if (status.kind === 'failed') failure.current?.focus();
  }, [status]);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const values = Object.fromEntries(new FormData(e.currentTarget));
    const parsed = contactSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(contactFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setStatus({ kind: 'sending' });
    try {
      const res = await fetch('/api/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(parsed.data),
      });
      if (res.ok) return setStatus({ kind: 'sent' });
      const body: { error?: { message?: string } } = await res.json().catch(() => ({}));
      setStatus({ kind: 'failed', message: body.error?.message ?? `The message could not be sent (${res.status}).` });
    } catch {
      setStatus({ kind: 'failed', message: 'The message could not be sent: the server did not answer.' });
    }
  }

  return (
    <div className="grid gap-10 lg:grid-cols-[1fr_1.2fr]">
      <div>
        <PageHeader
          eyebrow="Contact"
          title="Write to us"
          lead={
            <p>
              A figure that looks wrong, a dataset you miss, a question about the API or the Pro plan: the people who
              run the site read every message and answer within two working days.
            </p>
          }
        />
        <ul className="mt-6 space-y-2 text-sm text-slate-600 dark:text-slate-400">
          <li>
            Looking for how the API works? The{' '}
            <Link to="/api-docs" className="underline">
              API reference
            </Link>{' '}
            answers most questions at once.
          </li>
          <li>
            Reporting a value? Name the dataset code, the country and the period, e.g. prc_hicp_manr, Germany, 10/2022.
          </li>
          <li>
            What we keep of your message is described in the{' '}
            <Link to="/privacy" className="underline">
              privacy notice
            </Link>
            .
          </li>
        </ul>
      </div>
      {status.kind === 'sent' ? (
        <div role="status" className="self-start rounded-xl border border-brand bg-green-50 p-6 dark:bg-green-950/40">
          <h2 className="text-lg font-semibold">Thank you, your message was sent.</h2>
          <p className="mt-2 text-slate-600 dark:text-slate-300">
            We will answer at the e-mail address you gave, usually within two working days.
          </p>
        </div>
      ) : (
        <form
          method="post"
          action="/api/contact"
          noValidate
          onSubmit={onSubmit}
          className="space-y-4 self-start rounded-xl border border-slate-200 p-6 dark:border-slate-800"
        >
          <Field id="name" label="Name" error={errors.name}>
            <input id="name" name="name" autoComplete="name" className={field} {...invalid('name', errors.name)} />
          </Field>
          <Field id="email" label="E-mail" error={errors.email}>
            <input
              id="email"
              name="email"
              type="email"
              autoComplete="email"
              className={field}
              {...invalid('email', errors.email)}
            />
          </Field>
          <Field id="topic" label="Topic" error={errors.topic}>
            <select id="topic" name="topic" defaultValue="data" className={field} {...invalid('topic', errors.topic)}>
              {Object.entries(contactTopics).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </Field>
          <Field id="message" label="Message" error={errors.message}>
            <textarea id="message" name="message" rows={6} className={field} {...invalid('message', errors.message)} />
          </Field>
          <div className="hidden" aria-hidden="true">
            <label htmlFor="website">Leave this field empty</label>
            <input id="website" name="website" tabIndex={-1} autoComplete="off" />
          </div>
          {status.kind === 'failed' && (
            <p ref={failure} tabIndex={-1} role="alert" className="text-sm text-red-700 dark:text-red-400">
              {status.message}
            </p>
          )}
          <button
            type="submit"
            disabled={status.kind === 'sending'}
            className="rounded-md bg-brand-dark px-4 py-2 font-medium text-white hover:bg-brand disabled:opacity-60"
          >
            {status.kind === 'sending' ? 'Sending…' : 'Send message'}
          </button>
        </form>
      )}
    </div>
  );
}

/** A field with a message is invalid and described by it (the message's id is Field's). */
function invalid(id: string, error: string | undefined) {
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined };
}

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
