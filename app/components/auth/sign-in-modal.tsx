// The sign-in modal and the way any page opens it: useSignInModal().open({ fromChartId }).
import { Dialog } from 'radix-ui';
import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { SignInTarget } from './destinations';
import { DialogFrame } from './dialog-frame';
import { ResetPasswordModal } from './reset-password-modal';
import { SignInForm } from './sign-in-form';

export interface OpenSignInOptions extends SignInTarget {
  invitationToken?: string;
}

interface SignInModalApi {
  /** Opens the modal; with `fromChartId`, a successful sign-in goes to /app/chart?id={id}. */
  open(options?: OpenSignInOptions): void;
  close(): void;
}

const SignInModalContext = createContext<SignInModalApi | null>(null);

/** Holds the one sign-in modal of the page (app/root.tsx mounts it). */
export function SignInModalProvider({ children }: { children: React.ReactNode }) {
  const [options, setOptions] = useState<OpenSignInOptions | null>(null);
  const open = useCallback((next: OpenSignInOptions = {}) => setOptions(next), []);
  const close = useCallback(() => setOptions(null), []);
  const api = useMemo(() => ({ open, close }), [open, close]);
  return (
    <SignInModalContext.Provider value={api}>
      {children}
      <SignInModal open={options !== null} options={options ?? {}} onOpenChange={(isOpen) => !isOpen && close()} />
    </SignInModalContext.Provider>
  );
}

export function useSignInModal(): SignInModalApi {
  const api = useContext(SignInModalContext);
  if (!api) throw new Error('useSignInModal needs <SignInModalProvider> (app/root.tsx)');
  return api;
}

export function SignInModal(props: { open: boolean; options: OpenSignInOptions; onOpenChange(open: boolean): void }) {
  const [resetEmail, setResetEmail] = useState<string | null>(null);
  return (
    <>
      <Dialog.Root open={props.open && resetEmail === null} onOpenChange={props.onOpenChange}>
        <DialogFrame title="Sign in or create an account" description="Follow charts and find them on your dashboard.">
          <SignInForm
            {...props.options}
            onForgotPassword={(email) => setResetEmail(email)}
            onFinished={() => props.onOpenChange(false)}
          />
        </DialogFrame>
      </Dialog.Root>
      <ResetPasswordModal
        open={resetEmail !== null}
        email={resetEmail ?? ''}
        onOpenChange={(isOpen) => {
          if (!isOpen) setResetEmail(null);
        }}
      />
    </>
  );
}
