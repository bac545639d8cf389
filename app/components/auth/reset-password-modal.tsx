// The Reset Password modal: an e-mail and 'Send Reset Link'; the outcome is an alert, as the specification says.
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { requestPasswordReset } from './auth-client';
import { DialogFrame } from './dialog-frame';
import { PrimaryButton, TextField } from './form-controls';

export function ResetPasswordModal(props: { open: boolean; email: string; onOpenChange(open: boolean): void }) {
  const [email, setEmail] = useState(props.email);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (props.open) setEmail(props.email);
  }, [props.open, props.email]);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (pending || email.trim() === '') return;
    setPending(true);
    try {
      const result = await requestPasswordReset(email);
      if (result.error) {
        window.alert(result.error.message || 'Failed to send reset link');
      } else {
        window.alert('Password reset email sent! Check your inbox.');
        props.onOpenChange(false);
      }
    } catch {
      window.alert('Failed to send reset link');
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <DialogFrame
        title="Reset Password"
        description="Enter the e-mail address of your account and we will send you a link to choose a new password."
      >
        <form onSubmit={onSubmit} className="space-y-4">
          <TextField
            label="E-mail"
            type="email"
            name="reset-email"
            autoComplete="email"
            required
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <PrimaryButton disabled={pending || email.trim() === ''}>
            {pending ? 'Loading...' : 'Send Reset Link'}
          </PrimaryButton>
        </form>
      </DialogFrame>
    </Dialog.Root>
  );
}
