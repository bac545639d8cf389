// Settings: sign out here, or sign out of every other device (other browsers lose their session at once).
import { useState } from 'react';
import { revokeOtherSessions } from './auth-client';
import { useAuth } from './auth-provider';
import { ErrorText, Notice } from './form-controls';

export function SessionsSettings() {
  const { signOut } = useAuth();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');

  async function signOutOthers() {
    setPending(true);
    setError('');
    setMessage('');
    try {
      const result = await revokeOtherSessions();
      if (result.error) setError(result.error.message);
      else setMessage('You are now signed out on every other device.');
    } catch {
      setError('An unexpected error occurred');
    } finally {
      setPending(false);
    }
  }

  return (
    <section
      aria-labelledby="sessions-heading"
      className="space-y-4 rounded-lg border border-slate-200 p-5 dark:border-slate-800"
    >
      <div>
        <h2 id="sessions-heading" className="text-lg font-semibold">
          Devices
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Signed in on a shared or lost device? Sign out everywhere else; this browser stays signed in.
        </p>
      </div>
      {message && <Notice>{message}</Notice>}
      <ErrorText>{error}</ErrorText>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          disabled={pending}
          onClick={() => void signOutOthers()}
          className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800"
        >
          {pending ? 'Loading...' : 'Sign out of other devices'}
        </button>
        <button
          type="button"
          onClick={() => void signOut()}
          className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
        >
          Sign out
        </button>
      </div>
    </section>
  );
}
