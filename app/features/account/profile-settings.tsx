// Settings: the display name (empty until the person gives one: the sign-up's User_XXXXXX is not theirs) and the
// e-mail address, which changes only once the link sent to the new address is followed.
import { useState } from 'react';
import { displayNameSchema } from '#core/schemas/account';
import { useAuth } from '../../components/auth/auth-provider';
import { ErrorText, Notice, PrimaryButton, TextField } from '../../components/auth/form-controls';
import { requestEmailChange, updateProfile } from './account-client';
import { SettingsSection } from './settings-section';

export function ProfileSettings(props: { name: string; email: string; emailChanged: boolean }) {
  const { store } = useAuth();
  const [name, setName] = useState(props.name);
  const [savedName, setSavedName] = useState(props.name);
  const [nameState, setNameState] = useState<{ pending: boolean; error: string; saved: boolean }>({
    pending: false,
    error: '',
    saved: false,
  });
  const [email, setEmail] = useState('');
  const [emailState, setEmailState] = useState<{ pending: boolean; error: string; sentTo: string }>({
    pending: false,
    error: '',
    sentTo: '',
  });

  async function saveName(event: React.FormEvent) {
    event.preventDefault();
    const parsed = displayNameSchema.safeParse(name);
    if (!parsed.success) return setNameState({ pending: false, error: parsed.error.issues[0]!.message, saved: false });
    setNameState({ pending: true, error: '', saved: false });
    try {
      const result = await updateProfile({ name: parsed.data });
      if (result.error) return setNameState({ pending: false, error: result.error.message, saved: false });
      setName(result.data.name);
      setSavedName(result.data.name);
      setNameState({ pending: false, error: '', saved: true });
      await store.userUpdated();
    } catch {
      setNameState({ pending: false, error: 'An unexpected error occurred', saved: false });
    }
  }

  async function changeEmail(event: React.FormEvent) {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!address.includes('@'))
      return setEmailState({ pending: false, error: 'Please enter a valid e-mail address', sentTo: '' });
    if (address === props.email)
      return setEmailState({ pending: false, error: 'This is already your e-mail address.', sentTo: '' });
    setEmailState({ pending: true, error: '', sentTo: '' });
    try {
      const result = await requestEmailChange(address);
      if (result.error) return setEmailState({ pending: false, error: result.error.message, sentTo: '' });
      setEmail('');
      setEmailState({ pending: false, error: '', sentTo: address });
    } catch {
      setEmailState({ pending: false, error: 'An unexpected error occurred', sentTo: '' });
    }
  }

  return (
    <SettingsSection id="profile" title="Profile" description="Your name on the dashboard and the address we write to.">
      <form onSubmit={(e) => void saveName(e)} className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
        <TextField
          label="Display name"
          name="name"
          value={name}
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
      <ErrorText>{nameState.error}</ErrorText>
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
        <ErrorText>{emailState.error}</ErrorText>
        {emailState.sentTo && (
          <Notice>We sent a confirmation link to {emailState.sentTo}. Your address changes once you follow it.</Notice>
        )}
      </div>
    </SettingsSection>
  );
}
