// /app/notifications: what the bell counts, newest first: new data and revisions of followed charts, and trend alerts
// that fired. Opening the page leaves them unread until "Mark all as read" (or opening one).
import { Form, Link, useNavigation } from 'react-router';
import { listNotifications, markNotificationsRead, unreadCount } from '#db/queries/notifications';
import { NotificationList } from '../../features/notifications/notification-list';
import type { Route } from './+types/notifications';
import { requireSession } from './guard.server';

/** Notifications the page shows; older ones page back with ?before=. */
const PAGE = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireSession(request, context);
  if (!session) return { items: [], unread: 0, before: null };
  const before = Number(new URL(request.url).searchParams.get('before'));
  const rows = await listNotifications(context.db, session.user.id, {
    limit: PAGE,
    before: Number.isInteger(before) && before > 0 && before < 2 ** 31 ? before : undefined,
  });
  return {
    items: rows.map((n) => ({
      id: n.id,
      kind: n.kind,
      title: n.title,
      body: n.body,
      url: n.url,
      createdAt: n.createdAt.toISOString(),
      read: n.readAt !== null,
    })),
    unread: await unreadCount(context.db, session.user.id),
    before: rows.length === PAGE ? rows[rows.length - 1]!.id : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = requireSession(request, context);
  if (!session) return null;
  const form = await request.formData();
  const id = Number(form.get('id'));
  await markNotificationsRead(
    context.db,
    session.user.id,
    Number.isInteger(id) && id > 0 && id < 2 ** 31 ? [id] : undefined,
  );
  return null;
}

export function meta() {
  return [{ title: 'Notifications · Statistics publisher' }];
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { items, unread, before } = loaderData;
  const navigation = useNavigation();
  return (
    <div className="max-w-3xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Notifications</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {unread > 0 ? `${unread} unread` : 'All read'} ·{' '}
            <Link to="/app/settings#notifications" className="underline">
              E-mail and trend alerts
            </Link>
          </p>
        </div>
        {unread > 0 ? (
          <Form method="post">
            <button
              type="submit"
              disabled={navigation.state !== 'idle'}
              className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800"
            >
              Mark all as read
            </button>
          </Form>
        ) : null}
      </div>
      <NotificationList items={items} />
      {before ? (
        <Link to={`?before=${before}`} className="text-sm underline">
          Older notifications
        </Link>
      ) : null}
    </div>
  );
}
