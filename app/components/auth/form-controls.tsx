// Small form pieces shared by the auth screens and the settings: labelled field, buttons, the red error line, and the
// error of a form tied to its field (WCAG 3.3.1 and 3.3.3).
import { useCallback, useEffect, useId, useRef, useState } from 'react';

const inputClass =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 ' +
  'focus:border-brand-dark focus:outline-none focus:ring-2 focus:ring-brand/40 aria-[invalid=true]:border-red-600 ' +
  'dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-500 ' +
  'dark:aria-[invalid=true]:border-red-400';

export function TextField(
  props: {
    label: string;
    hint?: React.ReactNode;
    trailing?: React.ReactNode;
  } & React.ComponentProps<'input'>,
) {
  const { label, hint, trailing, className, 'aria-describedby': describedBy, ...input } = props;
  const id = useId();
  const hintId = `${id}-hint`;
  // The error first (useFormError's), then the hint: a screen reader reads what is wrong before the rules.
  const description = [describedBy, hint ? hintId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          aria-describedby={description}
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

/**
 * The provider's message, in red (specification: sign-in and sign-up failures). An alert; with useFormError's
 * `messageProps` it is also what the field's description points at, and takes the focus when no field is to blame.
 */
export function ErrorText({
  children,
  id,
  ref,
}: {
  children: React.ReactNode;
  id?: string;
  ref?: React.Ref<HTMLParagraphElement>;
}) {
  if (!children) return null;
  return (
    <p id={id} ref={ref} tabIndex={-1} role="alert" className="text-sm text-red-600 dark:text-red-400">
      {children}
    </p>
  );
}

/** What a form's field spreads (a TextField, an input, a select, a textarea): its place in the form's error. */
interface ErrorFieldProps {
  ref: (element: HTMLElement | null) => void;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export interface FormError<Field extends string> {
  /** The message shown, '' when none. */
  message: string;
  /** Shows `message` about `field`, or about the form as a whole when no field is to blame, and moves the focus. */
  fail(message: string, field?: Field): void;
  clear(): void;
  /** The props of the field `name`: invalid and described by the message while the message is about it. */
  field(name: Field): ErrorFieldProps;
  /** The props of the message (ErrorText): the id the field's description names, the element focused otherwise. */
  messageProps: { id: string; ref: React.RefObject<HTMLParagraphElement | null> };
}

/**
 * A form's one error message, tied to what it is about (WCAG 3.3.1, 3.3.3): the field is `aria-invalid` and
 * described by the message, and after each failed submit the focus moves to it, so a screen reader reads the field
 * and what is wrong with it, and a keyboard user types the correction at once. A message about no field in
 * particular (a refused sign-in, a server that did not answer) takes the focus itself. The message stays an alert.
 */
export function useFormError<Field extends string = never>(
  /** A message the form opens with (a failed provider sign-in), rendered with the page; it takes no focus. */
  initial = '',
): FormError<Field> {
  const id = useId();
  const [state, setState] = useState<{ message: string; field?: Field; failures: number }>({
    message: initial,
    failures: 0,
  });
  const fields = useRef(new Map<Field, HTMLElement>());
  const messageRef = useRef<HTMLParagraphElement | null>(null);

  // After the message has rendered (the description must exist when the focus lands); once per failure, so the same
  // message twice moves the focus twice.
  useEffect(() => {
    if (!state.message || state.failures === 0) return;
    const target = (state.field !== undefined && fields.current.get(state.field)) || messageRef.current;
    target?.focus();
  }, [state]);

  const fail = useCallback(
    (message: string, field?: Field) => setState((old) => ({ message, field, failures: old.failures + 1 })),
    [],
  );
  const clear = useCallback(() => setState((old) => (old.message ? { message: '', failures: old.failures } : old)), []);
  const field = (name: Field): ErrorFieldProps => {
    const blamed = state.message !== '' && state.field === name;
    return {
      ref: (element) => {
        if (element) fields.current.set(name, element);
        else fields.current.delete(name);
      },
      'aria-invalid': blamed ? true : undefined,
      'aria-describedby': blamed ? id : undefined,
    };
  };
  return { message: state.message, fail, clear, field, messageProps: { id, ref: messageRef } };
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
