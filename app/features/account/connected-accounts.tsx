// Settings: Google and Microsoft identities linked to the account. Linking goes through the provider and back;
// unlinking the last way to sign in is refused (here and by Better Auth).
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { AuthProviderId, SignInMethodView } from '#core/schemas/account';
import { useAuth } from '../../components/auth/auth-provider';
import { ErrorText, Notice } from '../../components/auth/form-controls';
import { providerErrorMessage } from '../../components/auth/provider-errors';
import { startLinking, unlink } from './account-client';
import { secondaryButton, SettingsSection } from './settings-section';

const providerNames: Record<AuthProviderId, string> = { google: 'Google', microsoft: 'Microsoft' };

export function ConnectedAccounts(props: {
  methods: SignInMethodView[];
  /** `?linked=` on the way back from a provider. */
  linked: string | null;
  /** `?error=` on the way back from a provider. */
  error: string | null;
}) {
  const { providers } = useAuth();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [message, setMessage] = useState('');
  const onlyOne = props.methods.length <= 1;

  async function run(key: string, task: () => Promise<void>) {
    setPending(key);
    setError('');
    setMessage('');
    try {
      await task();
    } catch {
      setError('An unexpected error occurred');
    } finally {
      setPending(null);
    }
  }

  const link = (provider: AuthProviderId) =>
    run(provider, async () => {
      const result = await startLinking(provider);
      if (result.error) return setError(result.error.message);
      window.location.assign(result.data.url);
    });

  const remove = (method: SignInMethodView) =>
    run(method.id, async () => {
      const result = await unlink(method.id);
      if (result.error) return setError(result.error.message);
      setMessage(`${providerNames[method.provider as AuthProviderId] ?? method.provider} is no longer connected.`);
      await revalidator.revalidate();
    });

  const linkedName = props.linked && props.linked in providerNames ? providerNames[props.linked as AuthProviderId] : '';
  return (
    <SettingsSection
      id="connected"
      title="Connected accounts"
      description="Sign in with Google or Microsoft as well as, or instead of, your password. Your account always keeps one way in."
    >
      {linkedName && !props.error && <Notice>{linkedName} is now connected to your account.</Notice>}
      <ErrorText>{props.error ? providerErrorMessage(props.error) : ''}</ErrorText>
      <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {(Object.keys(providerNames) as AuthProviderId[]).map((provider) => {
          const method = props.methods.find((m) => m.provider === provider);
          return (
            <li key={provider} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span>
                <span className="font-medium">{providerNames[provider]}</span>{' '}
                <span className="text-slate-500 dark:text-slate-400">
                  {method
                    ? `connected on ${method.linkedAt.slice(0, 10)}`
                    : providers[provider]
                      ? 'not connected'
                      : 'not available on this server'}
                </span>
              </span>
              {method ? (
                <button
                  type="button"
                  className={secondaryButton}
                  disabled={pending !== null || onlyOne}
                  title={onlyOne ? 'Your only way to sign in cannot be removed' : undefined}
                  onClick={() => void remove(method)}
                >
                  {pending === method.id ? 'Loading...' : 'Disconnect'}
                </button>
              ) : providers[provider] ? (
                <button
                  type="button"
                  className={secondaryButton}
                  disabled={pending !== null}
                  onClick={() => void link(provider)}
                >
                  {pending === provider ? 'Loading...' : 'Connect'}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <ErrorText>{error}</ErrorText>
      {message && <Notice>{message}</Notice>}
    </SettingsSection>
  );
}
