// /app/settings: profile (name, e-mail), colours, password, connected Google and Microsoft accounts, two-factor
// sign-in, devices, API keys and usage, download my data, and deleting the account (issue 12).
import { useSearchParams } from 'react-router';
import { USAGE_DAYS } from '#core/plans';
import { listSignInMethods } from '#db/queries/account';
import { accountUsage, listedApiKeys } from '#db/queries/api-keys';
import { findUserById, findUserPlan } from '#db/queries/users';
import { ApiKeysSettings } from '../../components/api-keys/api-keys-settings';
import { billingOffer } from '../../features/billing/billing.server';
import { Organizations, PlanAndBilling } from '../../features/billing/teamwork-sections';
import { teamworkSettings } from '../../features/billing/teamwork.server';
import { SessionsSettings } from '../../components/auth/sessions-settings';
import { TwoFactorSettings } from '../../components/auth/two-factor-settings';
import { AppearanceSettings } from '../../features/account/appearance-settings';
import { ConnectedAccounts } from '../../features/account/connected-accounts';
import { DeleteAccount, DownloadData } from '../../features/account/data-settings';
import { PasswordSettings } from '../../features/account/password-settings';
import { ProfileSettings } from '../../features/account/profile-settings';
import { NotificationSettings } from '../../features/notifications/notification-settings';
import type { Route } from './+types/settings';
import { requireSession } from './guard.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireSession(request, context);
  if (!session) {
    return {
      profile: { name: '', email: '' },
      methods: [],
      hasPassword: false,
      twoFactor: false,
      plan: 'free' as const,
      keys: [],
      usage: { days: [], keys: [] },
      teamwork: null,
    };
  }
  const id = session.user.id;
  const now = new Date();
  // Plan and billing, organizations (issue 14): read alongside the rest.
  const teamwork = teamworkSettings(context.db, id, billingOffer(context));
  const [user, methods, plan, keys, usage] = await Promise.all([
    findUserById(context.db, id),
    listSignInMethods(context.db, id),
    findUserPlan(context.db, id),
    listedApiKeys(context.db, id, now),
    accountUsage(context.db, id, now, USAGE_DAYS),
  ]);
  const teamworkRead = await teamwork;
  return {
    // The name field shows the name the person gave; the sign-up's random full_name is not theirs (issue 41).
    profile: {
      name: (user ? user.nameGiven : session.user.nameGiven) ? (user?.name ?? session.user.name) : '',
      email: user?.email ?? session.user.email,
    },
    methods: methods.map((m) => ({ id: m.id, provider: m.provider, linkedAt: m.linkedAt.toISOString() })),
    hasPassword: methods.some((m) => m.provider === 'credential'),
    twoFactor: user?.twoFactorEnabled ?? session.user.twoFactorEnabled,
    plan,
    keys,
    usage,
    teamwork: teamworkRead,
  };
}

export function meta() {
  return [{ title: 'Settings · Statistics publisher' }];
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const { profile, methods, hasPassword } = loaderData;
  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold">Settings</h1>
      <ProfileSettings
        key={`${profile.name}\n${profile.email}`}
        name={profile.name}
        email={profile.email}
        emailChanged={params.get('email') === 'changed'}
      />
      <AppearanceSettings />
      <PasswordSettings hasPassword={hasPassword} />
      <ConnectedAccounts methods={methods} linked={params.get('linked')} error={params.get('error')} />
      <TwoFactorSettings hasPassword={hasPassword} />
      <SessionsSettings />
      <NotificationSettings />
      <PlanAndBilling teamwork={loaderData.teamwork} />
      <ApiKeysSettings plan={loaderData.plan} keys={loaderData.keys} usage={loaderData.usage} />
      <Organizations teamwork={loaderData.teamwork} />
      <DownloadData />
      <DeleteAccount hasPassword={hasPassword} twoFactor={loaderData.twoFactor} />
    </div>
  );
}
