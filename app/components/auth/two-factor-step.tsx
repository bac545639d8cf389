// The second sign-in step for users with two-factor on: a code from the authenticator app, or a recovery code.
import { useState } from 'react';
import { verifyBackupCode, verifyTotp } from './auth-client';
import { ErrorText, LinkButton, PrimaryButton, TextField, useFormError } from './form-controls';

/** The refusals that are about the code typed (server/auth/responses.ts). */
const wrongCode = new Set(['invalid_code', 'invalid_backup_code']);

export function TwoFactorStep(props: { onVerified(): Promise<void>; onCancel(): void }) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const [pending, setPending] = useState(false);
  const error = useFormError<'code'>();

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (pending) return;
    error.clear();
    setPending(true);
    try {
      const result = useRecovery
        ? await verifyBackupCode(code.trim())
        : await verifyTotp(code.replace(/\s+/g, ''), trustDevice);
      // A wrong code is what to retype; an expired sign-in is about no field.
      if (result.error) return error.fail(result.error.message, wrongCode.has(result.error.code) ? 'code' : undefined);
      await props.onVerified();
    } catch {
      error.fail('An unexpected error occurred');
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {useRecovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each code works once.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      <TextField
        label={useRecovery ? 'Recovery code' : 'Authentication code'}
        name="code"
        autoComplete="one-time-code"
        inputMode={useRecovery ? 'text' : 'numeric'}
        autoFocus
        value={code}
        {...error.field('code')}
        onChange={(e) => setCode(e.target.value)}
      />
      {!useRecovery && (
        <label className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <input type="checkbox" checked={trustDevice} onChange={(e) => setTrustDevice(e.target.checked)} />
          Don&apos;t ask again on this device for 30 days
        </label>
      )}
      <ErrorText {...error.messageProps}>{error.message}</ErrorText>
      <PrimaryButton disabled={pending || code.trim() === ''}>{pending ? 'Loading...' : 'Verify'}</PrimaryButton>
      <div className="flex justify-between">
        <LinkButton
          onClick={() => {
            setUseRecovery(!useRecovery);
            setCode('');
            error.clear();
          }}
        >
          {useRecovery ? 'Use the authenticator app' : 'Use a recovery code'}
        </LinkButton>
        <LinkButton onClick={props.onCancel}>Back</LinkButton>
      </div>
    </form>
  );
}
