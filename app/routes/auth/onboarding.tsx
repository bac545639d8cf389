// /onboarding: the first sign-in asks for a display name and the topics the user cares about.
import { Form, redirect, useNavigation, useSearchParams } from 'react-router';
import { nextParam, safeNextPath } from '../../../core/route-guard';
import { onboardingInterests, onboardingSchema } from '../../../core/schemas/account';
import { completeOnboarding } from '../../../db/queries/users';
import { ErrorText, PrimaryButton, TextField } from '../../components/auth/form-controls';
import type { Route } from './+types/onboarding';

function requireUser(request: Request, context: Route.LoaderArgs['context']) {
  const session = context.auth.session;
  if (!session) {
    const url = new URL(request.url);
    throw redirect(`/auth?${nextParam}=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return session.user;
}

export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  return { name: user.name, interests: user.interests };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const form = await request.formData();
  const next = safeNextPath(new URL(request.url).searchParams.get(nextParam)) ?? '/app/dashboard';
  const skip = form.get('intent') === 'skip';
  const parsed = onboardingSchema.safeParse({
    name: skip ? user.name : form.get('name'),
    interests: skip ? [] : form.getAll('interests'),
  });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Please check the form' };
  await completeOnboarding(context.db, user.id, parsed.data);
  return redirect(next);
}

export function meta() {
  return [{ title: 'Welcome · Statistics publisher' }, { name: 'robots', content: 'noindex' }];
}

export default function Onboarding({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const pending = navigation.state !== 'idle';
  return (
    <Form method="post" action={`/onboarding?${params.toString()}`} className="space-y-5">
      <div>
        <h1 className="text-xl font-semibold">Welcome to Statistics publisher</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Two questions, then you are in.</p>
      </div>
      <TextField
        label="Display name"
        name="name"
        defaultValue={loaderData.name}
        autoComplete="nickname"
        maxLength={80}
        required
        hint="Shown on your dashboard. You can change it later."
      />
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">What interests you?</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {onboardingInterests.map((interest) => (
            <label
              key={interest.code}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-brand-dark has-[:checked]:bg-brand/10 dark:border-slate-700"
            >
              <input
                type="checkbox"
                name="interests"
                value={interest.code}
                defaultChecked={loaderData.interests.includes(interest.code)}
                className="accent-[#2a8a38]"
              />
              {interest.label}
            </label>
          ))}
        </div>
      </fieldset>
      <ErrorText>{actionData?.error}</ErrorText>
      <PrimaryButton disabled={pending}>{pending ? 'Loading...' : 'Continue'}</PrimaryButton>
      <button
        type="submit"
        name="intent"
        value="skip"
        formNoValidate
        className="w-full text-center text-sm text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-200"
      >
        Skip for now
      </button>
    </Form>
  );
}
