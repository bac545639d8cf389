// /check-email?email=: after sign-up, asks the user to open the confirmation link, and can send it again.
import { useSearchParams } from 'react-router';
import { ResendForm } from '../../components/auth/resend-form';

export function meta() {
  return [{ title: 'Check your e-mail · Statistics publisher' }, { name: 'robots', content: 'noindex' }];
}

export default function CheckEmail() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const next = params.get('next') ?? undefined;
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Check your e-mail</h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {email ? (
          <>
            We sent a confirmation link to <strong className="text-slate-900 dark:text-slate-100">{email}</strong>.
          </>
        ) : (
          'We sent you a confirmation link.'
        )}{' '}
        Open it to finish signing up. It works for 24 hours.
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-300">Nothing arrived? Check your spam folder, or:</p>
      <ResendForm email={email} next={next} />
    </div>
  );
}
