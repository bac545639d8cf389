// /auth: the sign-in modal as a page; where the route guard sends visitors, remembering the path in ?next=.
import { useState } from 'react';
import { redirect, useOutlet, useSearchParams } from 'react-router';
import { nextParam } from '#core/route-guard';
import { afterSignIn, destinationAfterSignIn } from '../../components/auth/destinations';
import { providerErrorMessage } from '../../components/auth/provider-errors';
import { ResetPasswordModal } from '../../components/auth/reset-password-modal';
import { SignInForm } from '../../components/auth/sign-in-form';
import type { Route } from './+types/auth';

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const session = context.auth.session;
  // Signed in already: go where the sign-in would have gone (the child /auth/confirm finishes its own work).
  if (session && url.pathname === '/auth') {
    throw redirect(
      afterSignIn(destinationAfterSignIn({ next: url.searchParams.get(nextParam) }), session.user.onboarded),
    );
  }
  return null;
}

export function meta() {
  return [{ title: 'Sign in · Statistics publisher' }, { name: 'robots', content: 'noindex' }];
}

export default function AuthPage() {
  const outlet = useOutlet();
  const [params] = useSearchParams();
  const [resetEmail, setResetEmail] = useState<string | null>(null);
  if (outlet) return outlet;
  return (
    <div>
      <h1 className="text-xl font-semibold">Sign in or create an account</h1>
      <p className="mb-5 mt-1 text-sm text-slate-600 dark:text-slate-400">
        Follow charts and find them on your dashboard.
      </p>
      <SignInForm
        next={params.get(nextParam)}
        fromChartId={params.get('chart') ?? undefined}
        invitationToken={params.get('invitation') ?? undefined}
        initialError={providerErrorMessage(params.get('error'))}
        onForgotPassword={setResetEmail}
      />
      <ResetPasswordModal
        open={resetEmail !== null}
        email={resetEmail ?? ''}
        onOpenChange={(open) => !open && setResetEmail(null)}
      />
    </div>
  );
}
