// The notifications list: each with what happened, when, and a link to the chart; unread ones marked.
import { Form, Link } from 'react-router';

export interface ListedNotification {
  id: number;
  kind: 'dataset_update' | 'trend_rule';
  title: string;
  body: string;
  url: string;
  createdAt: string;
  read: boolean;
}

function when(iso: string): string {
  const d = new Date(iso);
  return `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)} UTC`;
}

export function NotificationList({ items }: { items: ListedNotification[] }) {
  if (items.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
        <p className="font-medium text-slate-900 dark:text-slate-100">No notifications yet</p>
        <p className="mt-1">
          Follow a chart or{' '}
          <Link to="/trend-tracking" className="underline">
            set a trend alert
          </Link>
          : new data, revisions and alerts appear here.
        </p>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
      {items.map((n) => (
        <li
          key={n.id}
          className={`flex gap-3 px-4 py-3 ${n.read ? '' : 'bg-brand/5 dark:bg-brand/10'}`}
          aria-label={n.read ? undefined : `Unread: ${n.title}`}
        >
          <span
            aria-hidden="true"
            className={`mt-1.5 size-2.5 shrink-0 rounded-full ${n.read ? 'bg-transparent' : 'bg-brand-dark dark:bg-brand'}`}
          />
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-baseline gap-x-2">
              <Link to={n.url} className="font-medium hover:underline">
                {n.title}
              </Link>
              <span className="text-xs text-slate-500 dark:text-slate-400">
                {n.kind === 'trend_rule' ? 'Trend alert' : 'Followed chart'} ·{' '}
                <time dateTime={n.createdAt}>{when(n.createdAt)}</time>
              </span>
            </p>
            <p className="mt-0.5 text-sm break-words text-slate-700 dark:text-slate-300">{n.body}</p>
          </div>
          {n.read ? null : (
            <Form method="post" className="shrink-0">
              <input type="hidden" name="id" value={n.id} />
              <button type="submit" className="text-xs text-slate-600 underline dark:text-slate-300">
                Mark read
              </button>
            </Form>
          )}
        </li>
      ))}
    </ul>
  );
}
