// Settings: download my data (profile, settings and follows as JSON) and delete the account, typed confirmation
// first (and a two-factor code when the account has two-factor sign-in); then every device is signed out and the
// browser lands on /account-deleted.
import { useState } from 'react';
import { DELETE_CONFIRMATION } from '#core/schemas/account';
import { useAuth } from '../../components/auth/auth-provider';
import { ErrorText, TextField, useFormError } from '../../components/auth/form-controls';
import { deleteAccount } from './account-client';
import { secondaryButton, SettingsSection } from './settings-section';

export function DownloadData() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');

  // Fetched, then saved from memory: an /api/ address opened as a page goes to /api-endpoint-error (decision 024).
  async function download() {
    setPending(true);
    setError('');
    try {
      const res = await fetch('/api/account/export', { credentials: 'same-origin' });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        return setError(body?.error?.message ?? 'An unexpected error occurred');
      }
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'my-data.json';
      const url = URL.createObjectURL(await res.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setError('An unexpected error occurred');
    } finally {
      setPending(false);
    }
  }

  return (
    <SettingsSection
      id="data"
      title="Your data"
      description="Your profile, settings and followed charts as one JSON file. It never holds passwords or key secrets."
    >
      <button type="button" className={secondaryButton} disabled={pending} onClick={() => void download()}>
        {pending ? 'Loading...' : 'Download my data'}
      </button>
      <ErrorText>{error}</ErrorText>
    </SettingsSection>
  );
}

/** The field each refusal of the deletion is about (server/auth/account-api.ts). */
const deleteErrorField: Record<string, 'confirmation' | 'password' | 'code' | undefined> = {
  confirmation_required: 'confirmation',
  password_required: 'password',
  invalid_password: 'password',
  two_factor_required: 'code',
  invalid_two_factor_code: 'code',
};

/**
 * Deleting the account: the typed confirmation, the password when the account has one, and a current code of the
 * authenticator app when it has two-factor sign-in (issue 41; the server checks it too).
 */
export function DeleteAccount(props: { hasPassword: boolean; twoFactor?: boolean }) {
  const { hasPassword } = props;
  // Two-factor sign-in switched on or off on this page shows in the session at once; the server's answer too.
  const live = useAuth().session?.user.twoFactorEnabled;
  const [askedForCode, setAskedForCode] = useState(false);
  const twoFactor = askedForCode || (live ?? props.twoFactor ?? false);
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const error = useFormError<'confirmation' | 'password' | 'code'>();
  const ready =
    typed.trim() === DELETE_CONFIRMATION &&
    (!hasPassword || password.length > 0) &&
    (!twoFactor || code.replace(/\s+/g, '').length > 0);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!ready || pending) return;
    setPending(true);
    error.clear();
    try {
      const result = await deleteAccount(
        typed.trim(),
        hasPassword ? password : undefined,
        twoFactor ? code.replace(/\s+/g, '') : undefined,
      );
      if (result.error) {
        setPending(false);
        if (result.error.code === 'two_factor_required') setAskedForCode(true);
        return error.fail(result.error.message, deleteErrorField[result.error.code]);
      }
      // A full load: nothing of the signed-in app stays in memory, and the page loads signed out.
      window.location.replace('/account-deleted');
    } catch {
      setPending(false);
      error.fail('An unexpected error occurred');
    }
  }

  return (
    <SettingsSection
      id="delete"
      tone="danger"
      title="Delete account"
      description="Deletes your profile, followed charts, API keys and sessions, and signs you out on every device. This cannot be undone."
    >
      <form onSubmit={(e) => void submit(e)} className="grid gap-3 sm:grid-cols-2" noValidate>
        <TextField
          label={`Type ${DELETE_CONFIRMATION} to confirm`}
          name="confirmation"
          value={typed}
          {...error.field('confirmation')}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
        {hasPassword && (
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            {...error.field('password')}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
        {twoFactor && (
          <TextField
            label="Authenticator code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={20}
            value={code}
            {...error.field('code')}
            onChange={(e) => setCode(e.target.value)}
            hint="The 6-digit code your authenticator app shows now."
          />
        )}
        <div className="sm:col-span-2">
          <button
            type="submit"
            disabled={!ready || pending}
            className="rounded-md bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {pending ? 'Loading...' : 'Delete my account'}
          </button>
        </div>
      </form>
      <ErrorText {...error.messageProps}>{error.message}</ErrorText>
    </SettingsSection>
  );
}
