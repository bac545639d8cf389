// /app/settings: two-factor sign-in and devices (the rest of the settings page comes with its own issue).
import { hasPassword } from '../../../db/queries/users';
import { SessionsSettings } from '../../components/auth/sessions-settings';
import { TwoFactorSettings } from '../../components/auth/two-factor-settings';
import type { Route } from './+types/settings';
import { requireSession } from './guard.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireSession(request, context);
  return { hasPassword: session ? await hasPassword(context.db, session.user.id) : false };
}

export function meta() {
  return [{ title: 'Settings · Statistics publisher' }];
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  return (
    <div className="max-w-2xl space-y-6">
      <h1 className="text-2xl font-semibold">Settings</h1>
      <TwoFactorSettings hasPassword={loaderData.hasPassword} />
      <SessionsSettings />
    </div>
  );
}
