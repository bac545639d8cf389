// The bell in the app's header: the unread count, live (a new notification adds one at once), linking to the list.
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigation } from 'react-router';
import { useLiveNotifications } from '../live/use-live';

export function NotificationBell({ className = '' }: { className?: string }) {
  const [unread, setUnread] = useState<number | null>(null);
  const location = useLocation();
  const idle = useNavigation().state === 'idle';
  // Read again after each navigation or form submission (the list marks notifications read).
  useEffect(() => {
    if (!idle) return;
    let live = true;
    fetch('/api/notifications?limit=1', { credentials: 'same-origin', headers: { Accept: 'application/json' } })
      .then((res) => (res.ok ? (res.json() as Promise<{ unread: number }>) : null))
      .then((body) => {
        if (live && body) setUnread(body.unread);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [location.pathname, location.key, idle]);
  useLiveNotifications(() => setUnread((n) => (n ?? 0) + 1));
  const count = unread ?? 0;
  const label = count > 0 ? `Notifications, ${count} unread` : 'Notifications';
  return (
    <Link
      to="/app/notifications"
      aria-label={label}
      title={label}
      className={`relative inline-flex size-9 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white ${className}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinecap="round" strokeLinejoin="round" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {count > 0 ? (
        <span
          data-testid="unread-count"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-semibold text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
