// Settings: turn on two-factor sign-in (QR code, first code, recovery codes), renew recovery codes, turn it off.
import { useState } from 'react';
import { disableTwoFactor, enableTwoFactor, regenerateBackupCodes, verifyTotp } from './auth-client';
import { useAuth } from './auth-provider';
import { ErrorText, PrimaryButton, TextField, useFormError } from './form-controls';
import { RecoveryCodes } from './recovery-codes';

type Stage =
  | { kind: 'idle' }
  | { kind: 'password'; purpose: 'enable' | 'disable' | 'codes' }
  | { kind: 'scan'; qr: string; secret: string; backupCodes: string[] }
  | { kind: 'codes'; backupCodes: string[] };

/** The otpauth URI as an SVG QR code, drawn in the browser (qrcode is loaded only when needed). */
async function qrDataUrl(uri: string): Promise<string> {
  const { toString } = await import('qrcode');
  const svg = await toString(uri, { type: 'svg', margin: 1, width: 200, color: { dark: '#0f172a', light: '#ffffff' } });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** A wrong password (server/auth/responses.ts) is about the password field; other refusals about no field. */
const passwordField = (code: string) => (code === 'invalid_password' ? ('password' as const) : undefined);

export function TwoFactorSettings({ hasPassword }: { hasPassword: boolean }) {
  const { session, store } = useAuth();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const error = useFormError<'password' | 'code'>();
  const enabled = session?.user.twoFactorEnabled ?? false;

  async function run(task: () => Promise<void>) {
    if (pending) return;
    setPending(true);
    error.clear();
    try {
      await task();
    } catch {
      error.fail('An unexpected error occurred');
    } finally {
      setPending(false);
    }
  }

  const withPassword = (purpose: 'enable' | 'disable' | 'codes') =>
    run(async () => {
      const secret = hasPassword ? password : undefined;
      if (purpose === 'enable') {
        const result = await enableTwoFactor(secret);
        if (result.error) return error.fail(result.error.message, passwordField(result.error.code));
        const qr = await qrDataUrl(result.data.totpURI);
        setStage({
          kind: 'scan',
          qr,
          secret: new URL(result.data.totpURI).searchParams.get('secret') ?? '',
          backupCodes: result.data.backupCodes,
        });
      } else if (purpose === 'disable') {
        const result = await disableTwoFactor(secret);
        if (result.error) return error.fail(result.error.message, passwordField(result.error.code));
        await store.userUpdated();
        setStage({ kind: 'idle' });
      } else {
        const result = await regenerateBackupCodes(secret);
        if (result.error) return error.fail(result.error.message, passwordField(result.error.code));
        setStage({ kind: 'codes', backupCodes: result.data.backupCodes });
      }
      setPassword('');
    });

  const verify = (backupCodes: string[]) =>
    run(async () => {
      const result = await verifyTotp(code.replace(/\s+/g, ''), false);
      if (result.error)
        return error.fail(result.error.message, result.error.code === 'invalid_code' ? 'code' : undefined);
      await store.userUpdated();
      setCode('');
      setStage({ kind: 'codes', backupCodes });
    });

  return (
    <section
      aria-labelledby="two-factor-heading"
      className="space-y-4 rounded-lg border border-slate-200 p-5 dark:border-slate-800"
    >
      <div>
        <h2 id="two-factor-heading" className="text-lg font-semibold">
          Two-factor sign-in
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {enabled
            ? 'On: signing in with your password also asks for a code from your authenticator app.'
            : 'Off. Turn it on to ask for a code from an authenticator app (such as Google Authenticator or 1Password) after your password.'}
        </p>
      </div>

      {stage.kind === 'idle' && (
        <div className="flex flex-wrap gap-3">
          {!enabled && (
            <ActionButton onClick={() => setStage({ kind: 'password', purpose: 'enable' })}>Turn on</ActionButton>
          )}
          {enabled && (
            <ActionButton onClick={() => setStage({ kind: 'password', purpose: 'codes' })}>
              New recovery codes
            </ActionButton>
          )}
          {enabled && (
            <ActionButton onClick={() => setStage({ kind: 'password', purpose: 'disable' })}>Turn off</ActionButton>
          )}
        </div>
      )}

      {stage.kind === 'password' && (
        <form
          className="max-w-sm space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            void withPassword(stage.purpose);
          }}
        >
          {hasPassword ? (
            <TextField
              label="Your password"
              type="password"
              autoComplete="current-password"
              autoFocus
              value={password}
              {...error.field('password')}
              onChange={(e) => setPassword(e.target.value)}
            />
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              You sign in with Google or Microsoft, so no password is needed.
            </p>
          )}
          <ErrorText {...error.messageProps}>{error.message}</ErrorText>
          <div className="flex gap-3">
            <PrimaryButton wide={false} disabled={pending}>
              {pending ? 'Loading...' : 'Continue'}
            </PrimaryButton>
            <ActionButton onClick={() => setStage({ kind: 'idle' })}>Cancel</ActionButton>
          </div>
        </form>
      )}

      {stage.kind === 'scan' && (
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void verify(stage.backupCodes);
          }}
        >
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Scan this code with your authenticator app, then enter the 6-digit code it shows.
          </p>
          <img
            src={stage.qr}
            alt="QR code for your authenticator app"
            width={200}
            height={200}
            className="rounded-md border border-slate-200"
          />
          <p className="text-xs text-slate-500 dark:text-slate-400">
            Cannot scan? Enter this key instead: <code className="break-all font-mono">{stage.secret}</code>
          </p>
          <TextField
            label="Code from the app"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            {...error.field('code')}
            onChange={(e) => setCode(e.target.value)}
            className="max-w-xs"
          />
          <ErrorText {...error.messageProps}>{error.message}</ErrorText>
          <PrimaryButton wide={false} disabled={pending || code.trim() === ''}>
            {pending ? 'Loading...' : 'Verify and turn on'}
          </PrimaryButton>
        </form>
      )}

      {stage.kind === 'codes' && <RecoveryCodes codes={stage.backupCodes} onDone={() => setStage({ kind: 'idle' })} />}
    </section>
  );
}

function ActionButton(props: { onClick(): void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      onClick={props.onClick}
      className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
    >
      {props.children}
    </button>
  );
}
