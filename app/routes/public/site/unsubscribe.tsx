// /unsubscribe?token=…: the link at the foot of every alert e-mail. One button turns alert e-mails off (it posts to
// the same address, which mail clients also post to for one-click unsubscribe, RFC 8058); the bell keeps working.
import { Link } from 'react-router';
import { findByUnsubscribeToken } from '#db/queries/notifications';
import { PageHeader, Section } from '#app/components/site/content';
import type { Route } from './+types/unsubscribe';

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const found = token && token.length <= 100 ? await findByUnsubscribeToken(context.db, token) : undefined;
  if (!found) return { valid: false as const, token: '', email: '', off: false };
  return { valid: true as const, token, email: found.email, off: found.delivery === 'off' };
}

export function meta() {
  return [{ title: 'Unsubscribe · Statistics publisher' }, { name: 'robots', content: 'noindex' }];
}

export default function Unsubscribe({ loaderData }: Route.ComponentProps) {
  const { valid, token, email, off } = loaderData;
  return (
    <div>
      <PageHeader
        eyebrow="E-mail alerts"
        title={off ? 'You are unsubscribed' : 'Unsubscribe from alert e-mails'}
        lead={<p>Alerts tell you when a chart you follow gets new data or a revision, and when a trend alert fires.</p>}
      />
      <Section title={valid ? email : 'This link is not valid'}>
        {!valid ? (
          <p>
            The unsubscribe link is incomplete or no longer valid. Sign in and choose how alerts reach you in{' '}
            <Link to="/app/settings#notifications" className="underline">
              your settings
            </Link>
            .
          </p>
        ) : off ? (
          <p role="status">
            No more alert e-mails will be sent to {email}. Notifications still appear under the bell in the app; you can
            turn e-mails on again in{' '}
            <Link to="/app/settings#notifications" className="underline">
              your settings
            </Link>
            .
          </p>
        ) : (
          <form method="post" action={`/unsubscribe?token=${encodeURIComponent(token)}`} className="space-y-4">
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            <p>Stop e-mails about new data, revisions and trend alerts of the charts you follow.</p>
            <button
              type="submit"
              className="rounded-md bg-brand-dark px-4 py-2 text-sm font-semibold text-white hover:bg-brand"
            >
              Unsubscribe
            </button>
          </form>
        )}
      </Section>
    </div>
  );
}
