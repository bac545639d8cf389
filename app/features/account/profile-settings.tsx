// Settings: the display name (empty until the person gives one: the sign-up's User_XXXXXX is not theirs) and the
// e-mail address, which changes only once the link sent to the new address is followed.
import { useState } from 'react';
import { displayNameSchema } from '#core/schemas/account';
import { useAuth } from '../../components/auth/auth-provider';
import { ErrorText, Notice, PrimaryButton, TextField, useFormError } from '../../components/auth/form-controls';
import { requestEmailChange, updateProfile } from './account-client';
import { SettingsSection } from './settings-section';

export function ProfileSettings(props: { name: string; email: string; emailChanged: boolean }) {
  const { store } = useAuth();
  const [name, setName] = useState(props.name);
  const [savedName, setSavedName] = useState(props.name);
  const [nameState, setNameState] = useState<{ pending: boolean; saved: boolean }>({ pending: false, saved: false });
  const nameError = useFormError<'name'>();
  const [email, setEmail] = useState('');
  const [emailState, setEmailState] = useState<{ pending: boolean; sentTo: string }>({ pending: false, sentTo: '' });
  const emailError = useFormError<'email'>();

  async function saveName(event: React.FormEvent) {
    event.preventDefault();
    const parsed = displayNameSchema.safeParse(name);
    if (!parsed.success) {
      setNameState({ pending: false, saved: false });
      return nameError.fail(parsed.error.issues[0]!.message, 'name');
    }
    nameError.clear();
    setNameState({ pending: true, saved: false });
    try {
      const result = await updateProfile({ name: parsed.data });
      if (result.error) {
        setNameState({ pending: false, saved: false });
        return nameError.fail(result.error.message, 'name');
      }
      setName(result.data.name);
      setSavedName(result.data.name);
      setNameState({ pending: false, saved: true });
      await store.userUpdated();
    } catch {
      setNameState({ pending: false, saved: false });
      nameError.fail('An unexpected error occurred');
    }
  }

  async function changeEmail(event: React.FormEvent) {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!address.includes('@')) return emailError.fail('Please enter a valid e-mail address', 'email');
    if (address === props.email) return emailError.fail('This is already your e-mail address.', 'email');
    emailError.clear();
    setEmailState({ pending: true, sentTo: '' });
    try {
      const result = await requestEmailChange(address);
      setEmailState({ pending: false, sentTo: result.error ? '' : address });
      // The server's refusals (an address in use, a malformed one) are about the address.
      if (result.error) return emailError.fail(result.error.message, 'email');
      setEmail('');
    } catch {
      setEmailState({ pending: false, sentTo: '' });
      emailError.fail('An unexpected error occurred');
    }
  }

  return (
    <SettingsSection id="profile" title="Profile" description="Your name on the dashboard and the address we write to.">
      <form onSubmit={(e) => void saveName(e)} className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
        <TextField
          label="Display name"
          name="name"
          value={name}
          {...nameError.field('name')}
          onChange={(e) => {
            setName(e.target.value);
            setNameState((s) => ({ ...s, saved: false }));
          }}
          autoComplete="nickname"
          maxLength={80}
          className="flex-1"
        />
        <PrimaryButton wide={false} disabled={nameState.pending || name.trim() === savedName}>
          {nameState.pending ? 'Loading...' : 'Save name'}
        </PrimaryButton>
      </form>
      <ErrorText {...nameError.messageProps}>{nameError.message}</ErrorText>
      {nameState.saved && <Notice>Your display name has been saved.</Notice>}

      <div className="border-t border-slate-200 pt-4 dark:border-slate-800">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          E-mail address: <span className="font-medium text-slate-900 dark:text-white">{props.email}</span>
        </p>
        {props.emailChanged && <Notice>Your new e-mail address is confirmed and now in use.</Notice>}
        <form
          onSubmit={(e) => void changeEmail(e)}
          className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end"
          noValidate
        >
          <TextField
            label="New e-mail address"
            name="newEmail"
            type="email"
            value={email}
            {...emailError.field('email')}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="email"
            maxLength={320}
            className="flex-1"
            hint="We send a confirmation link to the new address; your address changes once you follow it."
          />
          <PrimaryButton wide={false} disabled={emailState.pending || !email.trim()} className="sm:mb-5">
            {emailState.pending ? 'Loading...' : 'Change e-mail'}
          </PrimaryButton>
        </form>
        <ErrorText {...emailError.messageProps}>{emailError.message}</ErrorText>
        {emailState.sentTo && (
          <Notice>We sent a confirmation link to {emailState.sentTo}. Your address changes once you follow it.</Notice>
        )}
      </div>
    </SettingsSection>
  );
}
