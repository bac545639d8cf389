// Small form pieces shared by the auth screens: labelled field, buttons, the red error line.
import { useId } from 'react';

const inputClass =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 ' +
  'focus:border-brand-dark focus:outline-none focus:ring-2 focus:ring-brand/40 ' +
  'dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-500';

export function TextField(
  props: {
    label: string;
    hint?: React.ReactNode;
    trailing?: React.ReactNode;
  } & React.InputHTMLAttributes<HTMLInputElement>,
) {
  const { label, hint, trailing, className, ...input } = props;
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          aria-describedby={hint ? hintId : undefined}
          className={`${inputClass} ${trailing ? 'pr-11' : ''}`}
          {...input}
        />
        {trailing && <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>}
      </div>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The form's main action; full width unless `wide` is false. */
export function PrimaryButton(props: React.ButtonHTMLAttributes<HTMLButtonElement> & { wide?: boolean }) {
  const { className, wide = true, ...rest } = props;
  return (
    <button
      type="submit"
      className={`${wide ? 'w-full' : ''} rounded-md bg-brand-dark px-4 py-2 text-sm font-semibold text-white hover:bg-[#237530] focus:outline-none focus-visible:ring-2 focus-visible:ring-brand focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60 dark:focus-visible:ring-offset-slate-950 ${className ?? ''}`}
      {...rest}
    />
  );
}

export function LinkButton(props: React.ButtonHTMLAttributes<HTMLButtonElement>) {
  const { className, ...rest } = props;
  return (
    <button
      type="button"
      className={`text-sm font-medium text-brand-dark underline-offset-2 hover:underline dark:text-brand ${className ?? ''}`}
      {...rest}
    />
  );
}

/** The provider's message, in red (specification: sign-in and sign-up failures). */
export function ErrorText({ children }: { children: React.ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="text-sm text-red-600 dark:text-red-400">
      {children}
    </p>
  );
}

export function Notice({ children }: { children: React.ReactNode }) {
  return (
    <p
      role="status"
      className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200"
    >
      {children}
    </p>
  );
}
