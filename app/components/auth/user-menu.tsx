// The header's account corner: a Sign in button for visitors, the user's menu once signed in.
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { addressedAs } from '#core/schemas/account';
import { useAuth } from './auth-provider';
import { useSignInModal } from './sign-in-modal';

const itemClass =
  'block cursor-pointer rounded px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 dark:text-slate-200 dark:data-[highlighted]:bg-slate-800';

export function UserMenu() {
  const { session, signOut } = useAuth();
  const modal = useSignInModal();
  if (!session) {
    return (
      <button
        type="button"
        onClick={() => modal.open()}
        className="rounded-md bg-brand-dark px-3 py-1.5 text-sm font-semibold text-white hover:bg-[#237530]"
      >
        Sign in
      </button>
    );
  }
  const { user } = session;
  // The name the person gave, else their address (never the sign-up's random full_name, issue 41).
  const shown = addressedAs(user);
  return (
    <DropdownMenu.Root>
      {/* Named by its content, "Account menu of …", which holds the visible name as it shows (WCAG 2.5.3). */}
      <DropdownMenu.Trigger className="flex items-center gap-2 rounded-full border border-slate-200 py-1 pl-1 pr-3 text-sm hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800">
        <span
          aria-hidden
          className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-dark text-xs font-semibold text-white"
        >
          {initials(shown)}
        </span>
        <span className="max-w-40 truncate">
          <span className="sr-only">Account menu of </span>
          {shown}
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-52 rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <DropdownMenu.Label className="px-3 py-2 text-xs text-slate-500 dark:text-slate-400">
            {user.email}
          </DropdownMenu.Label>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/app/dashboard">Dashboard</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/app/settings">Settings</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <DropdownMenu.Item className={itemClass} onSelect={() => void signOut()}>
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function initials(name: string): string {
  const parts = name.replace(/_/g, ' ').trim().split(/\s+/);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}
