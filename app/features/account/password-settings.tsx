// Settings: change the password with the sign-up's rules and messages (specification §5); other devices are signed
// out. Accounts that sign in only with Google or Microsoft are told how to add a password.
import { useState } from 'react';
import { newPasswordError, passwordMessages } from '#core/password-rules';
import { ErrorText, Notice, PrimaryButton, TextField, useFormError } from '../../components/auth/form-controls';
import { changePassword } from './account-client';
import { SettingsSection } from './settings-section';

export function PasswordSettings({ hasPassword }: { hasPassword: boolean }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [pending, setPending] = useState(false);
  const error = useFormError<'current' | 'next' | 'confirm'>();
  const [done, setDone] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setDone(false);
    const problem = newPasswordError(next, confirm);
    if (problem) return error.fail(problem, problem === passwordMessages.mismatch ? 'confirm' : 'next');
    setPending(true);
    error.clear();
    try {
      const result = await changePassword(current, next);
      if (result.error)
        return error.fail(
          result.error.message,
          result.error.code === 'invalid_password'
            ? 'current'
            : result.error.code === 'weak_password'
              ? 'next'
              : undefined,
        );
      setCurrent('');
      setNext('');
      setConfirm('');
      setDone(true);
    } catch {
      error.fail('An unexpected error occurred');
    } finally {
      setPending(false);
    }
  }

  if (!hasPassword) {
    return (
      <SettingsSection
        id="password"
        title="Password"
        description="You sign in with Google or Microsoft. To add a password, sign out and use “Forgot your password?” in the sign-in window."
      >
        {null}
      </SettingsSection>
    );
  }
  return (
    <SettingsSection
      id="password"
      title="Password"
      description="At least 8 characters with an uppercase letter, a lowercase letter, a number and a special character. Changing it signs out your other devices."
    >
      <form onSubmit={(e) => void submit(e)} className="grid gap-3 sm:grid-cols-3" noValidate>
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={current}
          {...error.field('current')}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          value={next}
          {...error.field('next')}
          onChange={(e) => setNext(e.target.value)}
        />
        <TextField
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={confirm}
          {...error.field('confirm')}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <div className="sm:col-span-3">
          <PrimaryButton wide={false} disabled={pending || !current || !next}>
            {pending ? 'Loading...' : 'Change password'}
          </PrimaryButton>
        </div>
      </form>
      <ErrorText {...error.messageProps}>{error.message}</ErrorText>
      {done && <Notice>Your password has been changed. Your other devices have been signed out.</Notice>}
    </SettingsSection>
  );
}
