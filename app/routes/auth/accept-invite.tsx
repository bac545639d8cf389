// /accept-invite?token=: an organisation invitation; visitors sign up or sign in with the token carried along.
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../../components/auth/auth-provider';
import { useSignInModal } from '../../components/auth/sign-in-modal';

export function meta() {
  return [{ title: 'Accept your invitation · Statistics publisher' }, { name: 'robots', content: 'noindex' }];
}

export default function AcceptInvite() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { session } = useAuth();
  const modal = useSignInModal();
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <h1 className="text-2xl font-semibold">Accept your invitation</h1>
      {!token ? (
        <p className="text-slate-600 dark:text-slate-300">
          This invitation link is incomplete. Please ask the person who invited you to send it again.
        </p>
      ) : session ? (
        <>
          <p className="text-slate-600 dark:text-slate-300">
            You are signed in as <strong>{session.user.email}</strong>. Organisations are not available yet, so this
            invitation cannot be completed today; the link will keep working when they are.
          </p>
          <Link to="/app/dashboard" className="font-medium text-brand-dark underline dark:text-brand">
            Go to your dashboard
          </Link>
        </>
      ) : (
        <>
          <p className="text-slate-600 dark:text-slate-300">
            You have been invited to Statistics publisher. Create an account (or sign in) to accept the invitation.
          </p>
          <button
            type="button"
            onClick={() => modal.open({ invitationToken: token })}
            className="rounded-md bg-brand-dark px-4 py-2 text-sm font-semibold text-white hover:bg-[#237530]"
          >
            Sign up or sign in
          </button>
        </>
      )}
    </div>
  );
}
