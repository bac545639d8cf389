// /accept-invite?token=: an organization invitation. Signed out: sign up (the token travels as invitation_token) or
// sign in, then back here; signed in with the invited address: join (accept-invitation, then complete-invitation).
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { invitationMessages, invitationTokenHash, type InvitationState } from '#core/organizations';
import { findInvitation } from '#db/queries/organizations';
import { useAuth } from '../../components/auth/auth-provider';
import { useSignInModal } from '../../components/auth/sign-in-modal';
import type { Route } from './+types/accept-invite';

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token');
  if (!token || token.length > 200) return { invitation: null };
  const found = await findInvitation(context.db, await invitationTokenHash(token));
  if (!found)
    return { invitation: { state: 'invalid' as InvitationState, organization: '', email: '', role: 'member' } };
  const state: InvitationState = found.acceptedAt ? 'used' : found.expiresAt <= new Date() ? 'expired' : 'pending';
  return {
    invitation: { state, organization: found.organizationName, email: found.email, role: found.role },
  };
}

export function meta() {
  return [{ title: 'Accept your invitation · Statistics publisher' }, { name: 'robots', content: 'noindex' }];
}

const muted = 'text-slate-600 dark:text-slate-300';
const primary =
  'rounded-md bg-brand-dark px-4 py-2 text-sm font-semibold text-white hover:bg-[#237530] disabled:cursor-not-allowed disabled:opacity-60';
const link = 'font-medium text-brand-dark underline dark:text-brand';

async function post(path: string, token: string): Promise<{ ok: boolean; message: string }> {
  try {
    const res = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ token }),
    });
    if (res.ok) return { ok: true, message: '' };
    const body = (await res.json().catch(() => ({}))) as { error?: { message?: string } };
    return { ok: false, message: body.error?.message ?? 'An unexpected error occurred' };
  } catch {
    return { ok: false, message: 'The server could not be reached. Please try again.' };
  }
}

export default function AcceptInvite({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { session } = useAuth();
  const modal = useSignInModal();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const [joined, setJoined] = useState(false);
  const invitation = loaderData.invitation;

  async function join() {
    if (!token) return;
    setPending(true);
    setError('');
    // Check first (a clear message for a used, expired or foreign invitation), then join.
    const checked = await post('/api/organizations/accept-invitation', token);
    const done = checked.ok ? await post('/api/organizations/complete-invitation', token) : checked;
    setPending(false);
    if (done.ok) setJoined(true);
    else setError(done.message);
  }

  let body: React.ReactNode;
  if (!token || !invitation) {
    body = (
      <p className={muted}>
        This invitation link is incomplete. Please ask the person who invited you to send it again.
      </p>
    );
  } else if (invitation.state !== 'pending') {
    body = (
      <p role="alert" className={muted}>
        {invitationMessages[invitation.state]}
      </p>
    );
  } else {
    const role = invitation.role === 'admin' ? 'an admin' : 'a member';
    const intro = (
      <p className={muted}>
        You have been invited to join <strong>{invitation.organization}</strong> as {role}. Its members share its plan.
      </p>
    );
    if (joined) {
      body = (
        <>
          <p
            role="status"
            className="rounded-md bg-emerald-50 px-3 py-2 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
          >
            You joined {invitation.organization} as {role}.
          </p>
          <Link to="/app/settings#organizations" className={link}>
            See the organization in your settings
          </Link>
        </>
      );
    } else if (!session) {
      body = (
        <>
          {intro}
          <p className={muted}>
            Create an account with <strong className="break-all">{invitation.email}</strong>, or sign in with it, to
            accept.
          </p>
          <button
            type="button"
            onClick={() =>
              modal.open({ invitationToken: token, next: `/accept-invite?token=${encodeURIComponent(token)}` })
            }
            className={primary}
          >
            Sign up or sign in
          </button>
        </>
      );
    } else if (session.user.email.toLowerCase() !== invitation.email) {
      body = (
        <>
          {intro}
          <p role="alert" className={muted}>
            {invitationMessages.foreign(invitation.email)} You are signed in as{' '}
            <strong className="break-all">{session.user.email}</strong>.
          </p>
        </>
      );
    } else {
      body = (
        <>
          {intro}
          <button type="button" disabled={pending} onClick={() => void join()} className={primary}>
            Join {invitation.organization}
          </button>
        </>
      );
    }
  }

  return (
    <div className="mx-auto max-w-xl space-y-4">
      <h1 className="text-2xl font-semibold">Accept your invitation</h1>
      {body}
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
