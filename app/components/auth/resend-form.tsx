// 'Send the link again': asks for a new confirmation e-mail (the answer never tells whether the address has an account).
import { useState } from 'react';
import { resendConfirmation } from './auth-client';
import { ErrorText, Notice, PrimaryButton, TextField } from './form-controls';

export function ResendForm(props: { email: string; next?: string }) {
  const [email, setEmail] = useState(props.email);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState('');

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (pending || !email.includes('@')) return;
    setPending(true);
    setError('');
    try {
      const result = await resendConfirmation(email.trim().toLowerCase(), props.next);
      if (result.error) setError(result.error.message);
      else setSent(true);
    } catch {
      setError('An unexpected error occurred');
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-3">
      {!props.email && (
        <TextField
          label="E-mail"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      )}
      {sent && <Notice>If {email} is waiting for confirmation, a new link is on its way.</Notice>}
      <ErrorText>{error}</ErrorText>
      <PrimaryButton disabled={pending}>{pending ? 'Loading...' : 'Send the link again'}</PrimaryButton>
    </form>
  );
}
