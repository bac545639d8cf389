// /reset-password?token=: the new password, under the sign-up rules, from the link of the reset e-mail.
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { newPasswordError, PASSWORD_SPECIAL_CHARACTERS, passwordMessages } from '#core/password-rules';
import { resetPassword } from '../../components/auth/auth-client';
import { useAuth } from '../../components/auth/auth-provider';
import { ErrorText, PrimaryButton, TextField, useFormError } from '../../components/auth/form-controls';

export function meta() {
  return [{ title: 'Choose a new password · Statistics publisher' }, { name: 'robots', content: 'noindex' }];
}

export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { store } = useAuth();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [pending, setPending] = useState(false);
  const error = useFormError<'password' | 'confirm'>();
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (token) store.passwordRecovery();
  }, [token, store]);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (pending || !token) return;
    const problem = newPasswordError(password, confirm);
    if (problem) return error.fail(problem, problem === passwordMessages.mismatch ? 'confirm' : 'password');
    error.clear();
    setPending(true);
    try {
      const result = await resetPassword(token, password);
      // A used or expired link is about no field; a password the server refuses is.
      if (result.error)
        error.fail(result.error.message, result.error.code === 'weak_password' ? 'password' : undefined);
      else setDone(true);
    } catch {
      error.fail('An unexpected error occurred');
    } finally {
      setPending(false);
    }
  }

  if (!token) {
    return (
      <div className="space-y-3">
        <h1 className="text-xl font-semibold">Choose a new password</h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          This page needs the link from the password reset e-mail. To get one, use &lsquo;Forgot your password?&rsquo;
          on the{' '}
          <Link to="/auth" className="font-medium text-brand-dark underline dark:text-brand">
            sign-in page
          </Link>
          .
        </p>
      </div>
    );
  }
  if (done) {
    return (
      <div className="space-y-4">
        <h1 className="text-xl font-semibold">Your password has been changed</h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          For your safety we signed you out everywhere. Sign in with your new password.
        </p>
        <Link to="/auth" className="inline-block rounded-md bg-brand-dark px-4 py-2 text-sm font-semibold text-white">
          Sign in
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <h1 className="text-xl font-semibold">Choose a new password</h1>
      <TextField
        label="New password"
        type="password"
        name="new-password"
        autoComplete="new-password"
        autoFocus
        value={password}
        {...error.field('password')}
        onChange={(e) => setPassword(e.target.value)}
        hint={`At least 8 characters, with an uppercase and a lowercase letter, a number and one of ${PASSWORD_SPECIAL_CHARACTERS}`}
      />
      <TextField
        label="Confirm new password"
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        value={confirm}
        {...error.field('confirm')}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <ErrorText {...error.messageProps}>{error.message}</ErrorText>
      <PrimaryButton disabled={pending}>{pending ? 'Loading...' : 'Update Password'}</PrimaryButton>
    </form>
  );
}
