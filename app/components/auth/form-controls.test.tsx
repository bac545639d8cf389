// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ErrorText, TextField, useFormError } from './form-controls';

afterEach(cleanup);

/** A form with two fields: submitting fails with the message and field the test chose. */
function Form({
  outcome,
  initial,
}: {
  outcome: { message: string; field?: 'name' | 'email' } | null;
  initial?: string;
}) {
  const error = useFormError<'name' | 'email'>(initial);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (outcome) error.fail(outcome.message, outcome.field);
        else error.clear();
      }}
    >
      <TextField label="Name" {...error.field('name')} />
      <TextField label="E-mail" hint="We write to it." {...error.field('email')} />
      <ErrorText {...error.messageProps}>{error.message}</ErrorText>
      <button type="submit">Send</button>
    </form>
  );
}

const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

describe('useFormError', () => {
  it('marks the field invalid, describes it by the message before its hint, and focuses it', () => {
    const { rerender } = render(<Form outcome={{ message: 'Please enter a valid e-mail address', field: 'email' }} />);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    const email = screen.getByLabelText('E-mail');
    expect(document.activeElement).toBe(email);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(description(email)).toBe('Please enter a valid e-mail address | We write to it.');
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid e-mail address');
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBeNull();

    // Fixed: nothing is blamed any more, the hint remains.
    rerender(<Form outcome={null} />);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(description(email)).toBe('We write to it.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('focuses the message itself when no field is to blame, and again on the same failure', () => {
    render(<Form outcome={{ message: 'The server could not be reached. Please try again.' }} />);
    const send = screen.getByRole('button', { name: 'Send' });
    act(() => fireEvent.click(send));
    expect(document.activeElement).toBe(screen.getByRole('alert'));
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBeNull();
    act(() => send.focus());
    act(() => fireEvent.click(send));
    expect(document.activeElement).toBe(screen.getByRole('alert'));
  });

  it('shows a message the form opens with, without taking the focus', () => {
    render(<Form outcome={null} initial="This Google account is not linked to an account here." />);
    expect(screen.getByRole('alert').textContent).toBe('This Google account is not linked to an account here.');
    expect(document.activeElement).toBe(document.body);
  });
});
