// The sign-in modal's content: providers, e-mail, then Sign In or Sign Up (decided by the user check), then a code.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { newPasswordError, PASSWORD_SPECIAL_CHARACTERS, passwordMessages } from '#core/password-rules';
import { checkUserExists, signInWithPassword, signUpWithPassword, type AuthError } from './auth-client';
import { useAuth } from './auth-provider';
import { afterSignIn, confirmUrl, destinationAfterSignIn, randomDisplayName, type SignInTarget } from './destinations';
import { ErrorText, LinkButton, PrimaryButton, TextField, useFormError } from './form-controls';
import { ProviderButtons } from './provider-buttons';
import { TwoFactorStep } from './two-factor-step';

type Step = 'email' | 'checking' | 'sign-in' | 'sign-up' | 'two-factor';

export interface SignInFormProps extends SignInTarget {
  /** Carried into sign-up (an organisation invitation). */
  invitationToken?: string;
  /** A message to show first (e.g. a failed provider sign-in). */
  initialError?: string;
  onForgotPassword(email: string): void;
  /** Called before leaving for the next page (the modal closes). */
  onFinished?(): void;
}

const unexpected = 'An unexpected error occurred';

type Field = 'email' | 'password' | 'confirm';

/** The field a refused sign-up is about: a weak password, or an address that is taken or malformed. */
function signUpField(error: AuthError): Field | undefined {
  if (error.code === 'weak_password' || error.code.includes('password')) return 'password';
  if (error.code.includes('email') || error.code.includes('user')) return 'email';
  return undefined;
}

export function SignInForm(props: SignInFormProps) {
  const { store } = useAuth();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [pending, setPending] = useState(false);
  const error = useFormError<Field>(props.initialError);
  const destination = destinationAfterSignIn(props);

  async function checkEmail() {
    error.clear();
    setStep('checking');
    try {
      const result = await checkUserExists(email);
      // A failed check defaults to sign-up (specification); sign-up then tells if the address is taken.
      setStep(result.data?.exists ? 'sign-in' : 'sign-up');
      if (result.error?.status === 429) error.fail(result.error.message, 'email');
    } catch {
      setStep('sign-up');
    }
  }

  async function finishSignIn() {
    const session = await store.signedIn();
    props.onFinished?.();
    await navigate(afterSignIn(destination, session?.user.onboarded ?? true));
  }

  async function signIn() {
    const result = await signInWithPassword(email, password);
    // "Invalid email or password": the password is what a person retypes.
    if (result.error)
      return error.fail(result.error.message, result.error.code === 'invalid_credentials' ? 'password' : undefined);
    if (result.data.twoFactorRedirect) return setStep('two-factor');
    await finishSignIn();
  }

  async function signUp() {
    const problem = newPasswordError(password, confirm);
    if (problem) return error.fail(problem, problem === passwordMessages.mismatch ? 'confirm' : 'password');
    const result = await signUpWithPassword({
      email,
      password,
      displayName: randomDisplayName(),
      invitationToken: props.invitationToken,
      next: destination,
    });
    if (result.error) return error.fail(result.error.message, signUpField(result.error));
    props.onFinished?.();
    await navigate(
      `/check-email?email=${encodeURIComponent(email.trim().toLowerCase())}&next=${encodeURIComponent(destination)}`,
    );
  }

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (step === 'email') return checkEmail();
    if (step !== 'sign-in' && step !== 'sign-up') return;
    error.clear();
    setPending(true);
    try {
      await (step === 'sign-in' ? signIn() : signUp());
    } catch {
      error.fail(unexpected);
    } finally {
      setPending(false);
    }
  }

  if (step === 'two-factor') {
    return (
      <TwoFactorStep
        onVerified={async () => {
          await store.signedIn('MFA_CHALLENGE_VERIFIED');
          const session = store.getSnapshot().session;
          props.onFinished?.();
          await navigate(afterSignIn(destination, session?.user.onboarded ?? true));
        }}
        onCancel={() => {
          setPassword('');
          setStep('sign-in');
        }}
      />
    );
  }

  const hasAt = email.includes('@');
  return (
    <div className="space-y-5">
      <ProviderButtons confirmUrl={confirmUrl(destination)} onError={error.fail} />
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        or
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </div>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label="E-mail"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          {...error.field('email')}
          onChange={(e) => {
            setEmail(e.target.value);
            if (step !== 'email') setStep('email');
            error.clear();
          }}
          trailing={
            step === 'email' && hasAt ? (
              <button
                type="submit"
                aria-label="Next"
                className="rounded-md p-2 text-brand-dark hover:bg-slate-100 dark:text-brand dark:hover:bg-slate-800"
              >
                <ArrowIcon />
              </button>
            ) : step === 'checking' ? (
              <span className="px-2 text-xs text-slate-500 dark:text-slate-400">…</span>
            ) : null
          }
        />
        {(step === 'sign-in' || step === 'sign-up') && (
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete={step === 'sign-in' ? 'current-password' : 'new-password'}
            autoFocus
            value={password}
            {...error.field('password')}
            onChange={(e) => setPassword(e.target.value)}
            hint={
              step === 'sign-up'
                ? `At least 8 characters, with an uppercase and a lowercase letter, a number and one of ${PASSWORD_SPECIAL_CHARACTERS}`
                : undefined
            }
          />
        )}
        {step === 'sign-up' && (
          <TextField
            label="Confirm password"
            type="password"
            name="confirm-password"
            autoComplete="new-password"
            value={confirm}
            {...error.field('confirm')}
            onChange={(e) => setConfirm(e.target.value)}
          />
        )}
        {step === 'sign-in' && (
          <div className="text-right">
            <LinkButton onClick={() => props.onForgotPassword(email)}>Forgot your password?</LinkButton>
          </div>
        )}
        {step === 'sign-up' && (
          <p className="text-xs text-slate-500 dark:text-slate-400">
            By signing up, you agree to our{' '}
            <Link to="/terms" className="text-brand-dark underline dark:text-brand" onClick={props.onFinished}>
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link to="/privacy" className="text-brand-dark underline dark:text-brand" onClick={props.onFinished}>
              Privacy Policy
            </Link>
            .
          </p>
        )}
        <ErrorText {...error.messageProps}>{error.message}</ErrorText>
        {(step === 'sign-in' || step === 'sign-up') && (
          <PrimaryButton disabled={pending}>
            {pending ? 'Loading...' : step === 'sign-in' ? 'Sign In' : 'Sign Up'}
          </PrimaryButton>
        )}
      </form>
    </div>
  );
}

function ArrowIcon() {
  return (
    <svg aria-hidden width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2">
      <path d="M5 12h14M13 6l6 6-6 6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
