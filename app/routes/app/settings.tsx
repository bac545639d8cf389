// /app/settings: API keys and usage, two-factor sign-in and devices (the rest of the settings page comes with its own issue).
import { accountUsage, listedApiKeys } from '../../../db/queries/api-keys';
import { findUserPlan, hasPassword } from '../../../db/queries/users';
import { ApiKeysSettings } from '../../components/api-keys/api-keys-settings';
import { SessionsSettings } from '../../components/auth/sessions-settings';
import { TwoFactorSettings } from '../../components/auth/two-factor-settings';
import type { Route } from './+types/settings';
import { requireSession } from './guard.server';

/** Days of the usage chart, today included. */
const USAGE_DAYS = 30;

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireSession(request, context);
  if (!session) {
    return {
      hasPassword: false,
      plan: 'free' as const,
      keys: [],
      usage: { days: [], keys: [] },
    };
  }
  const id = session.user.id;
  const now = new Date();
  const [password, plan, keys, usage] = await Promise.all([
    hasPassword(context.db, id),
    findUserPlan(context.db, id),
    listedApiKeys(context.db, id, now),
    accountUsage(context.db, id, now, USAGE_DAYS),
  ]);
  return { hasPassword: password, plan, keys, usage };
}

export function meta() {
  return [{ title: 'Settings · Statistics publisher' }];
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold">Settings</h1>
      <ApiKeysSettings plan={loaderData.plan} keys={loaderData.keys} usage={loaderData.usage} />
      <TwoFactorSettings hasPassword={loaderData.hasPassword} />
      <SessionsSettings />
    </div>
  );
}
