// /confirm: finishes an e-mail confirmation (token in the link) or a Google/Microsoft sign-in, then moves on.
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { confirmEmail } from './auth-client';
import { useAuth } from './auth-provider';
import { afterSignIn, destinationAfterSignIn } from './destinations';
import { ErrorText } from './form-controls';
import { providerErrorMessage } from './provider-errors';
import { ResendForm } from './resend-form';

type View = { kind: 'working' } | { kind: 'confirmed' } | { kind: 'failed'; message: string; canResend: boolean };

export function ConfirmView() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { store } = useAuth();
  const [view, setView] = useState<View>({ kind: 'working' });
  const started = useRef(false);
  const destination = destinationAfterSignIn({ next: params.get('next') });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = params.get('token');
    const error = params.get('error');
    void (async () => {
      try {
        if (error) return setView({ kind: 'failed', message: providerErrorMessage(error), canResend: false });
        if (token) {
          const result = await confirmEmail(token);
          if (result.error) return setView({ kind: 'failed', message: result.error.message, canResend: true });
          if (!result.data.signedIn && !store.getSnapshot().session) return setView({ kind: 'confirmed' });
        }
        const session = await store.signedIn();
        if (!session) {
          return setView({ kind: 'failed', message: 'We could not sign you in. Please try again.', canResend: false });
        }
        await navigate(afterSignIn(destination, session.user.onboarded), { replace: true });
      } catch {
        setView({ kind: 'failed', message: 'An unexpected error occurred', canResend: false });
      }
    })();
  }, [params, store, navigate, destination]);

  const signInLink = `/auth?next=${encodeURIComponent(destination)}`;
  if (view.kind === 'working') {
    return (
      <div role="status" className="py-6 text-center text-slate-600 dark:text-slate-300">
        Signing you in…
      </div>
    );
  }
  if (view.kind === 'confirmed') {
    return (
      <div className="space-y-4">
        <h1 className="text-xl font-semibold">Your e-mail address is confirmed</h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">This link was used before. Sign in to continue.</p>
        <Link
          to={signInLink}
          className="inline-block rounded-md bg-brand-dark px-4 py-2 text-sm font-semibold text-white"
        >
          Sign in
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">We could not sign you in</h1>
      <ErrorText>{view.message}</ErrorText>
      {view.canResend && (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Enter your e-mail address to get a new confirmation link.
          </p>
          <ResendForm email="" next={destination} />
        </>
      )}
      <p className="text-sm">
        <Link to={signInLink} className="font-medium text-brand-dark underline dark:text-brand">
          Back to sign-in
        </Link>
      </p>
    </div>
  );
}
