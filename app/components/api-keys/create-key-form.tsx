// The "name a new API key" form of the personal and the organization key lists.
import type { FormEvent } from 'react';
import { ErrorText, PrimaryButton, TextField, type FormError } from '../auth/form-controls';

interface CreateKeyFormProps {
  label: string;
  name: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  pending: boolean;
  /** The list's error: a refused name is about the field, a failed revoke or rotate about no field. */
  error: FormError<'name'>;
}

export function CreateKeyForm({
  label,
  name,
  placeholder,
  value,
  onChange,
  onSubmit,
  pending,
  error,
}: CreateKeyFormProps) {
  return (
    <>
      <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
        <TextField
          label={label}
          name={name}
          required
          maxLength={100}
          placeholder={placeholder}
          value={value}
          {...error.field('name')}
          onChange={(e) => onChange(e.target.value)}
          className="min-w-[14rem] flex-1"
        />
        <PrimaryButton wide={false} disabled={pending}>
          Create key
        </PrimaryButton>
      </form>
      <ErrorText {...error.messageProps}>{error.message}</ErrorText>
    </>
  );
}
