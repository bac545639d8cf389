// Google and Microsoft sign-in buttons; a provider without credentials on this server says so instead of failing.
import { useState } from 'react';
import type { AuthProviderId } from '#core/schemas/account';
import { startProviderSignIn } from './auth-client';
import { useAuth } from './auth-provider';

const names: Record<AuthProviderId, string> = { google: 'Google', microsoft: 'Microsoft' };

export function ProviderButtons(props: { confirmUrl: string; onError(message: string): void }) {
  const { providers } = useAuth();
  const [pending, setPending] = useState<AuthProviderId | null>(null);
  const missing = (Object.keys(names) as AuthProviderId[]).filter((p) => !providers[p]);

  async function start(provider: AuthProviderId) {
    setPending(provider);
    props.onError('');
    try {
      const result = await startProviderSignIn(provider, props.confirmUrl);
      if (result.error) {
        props.onError(result.error.message);
        setPending(null);
        return;
      }
      window.location.assign(result.data.url);
    } catch {
      props.onError('An unexpected error occurred');
      setPending(null);
    }
  }

  return (
    <div className="space-y-2">
      {(Object.keys(names) as AuthProviderId[]).map((provider) => (
        <button
          key={provider}
          type="button"
          disabled={!providers[provider] || pending !== null}
          aria-describedby={providers[provider] ? undefined : `${provider}-missing`}
          onClick={() => void start(provider)}
          className="flex w-full items-center justify-center gap-3 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          {provider === 'google' ? <GoogleLogo /> : <MicrosoftLogo />}
          {pending === provider ? 'Loading...' : `Continue with ${names[provider]}`}
        </button>
      ))}
      {missing.map((provider) => (
        <p key={provider} id={`${provider}-missing`} className="text-xs text-slate-500 dark:text-slate-400">
          Sign-in with {names[provider]} is not configured on this server.
        </p>
      ))}
    </div>
  );
}

function GoogleLogo() {
  return (
    <svg aria-hidden width="18" height="18" viewBox="0 0 48 48">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3 0 5.8 1.1 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3 0 5.8 1.1 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}

function MicrosoftLogo() {
  return (
    <svg aria-hidden width="18" height="18" viewBox="0 0 21 21">
      <rect x="1" y="1" width="9" height="9" fill="#F25022" />
      <rect x="11" y="1" width="9" height="9" fill="#7FBA00" />
      <rect x="1" y="11" width="9" height="9" fill="#00A4EF" />
      <rect x="11" y="11" width="9" height="9" fill="#FFB900" />
    </svg>
  );
}
