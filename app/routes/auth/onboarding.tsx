// /onboarding: the first sign-in asks for a display name and offers the datasets and countries that exist; the
// datasets picked become the user's first follows, showing the countries picked. Skipped or done, it never shows again.
import { useEffect, useId, useRef } from 'react';
import { Form, redirect, useNavigation, useSearchParams } from 'react-router';
import { nextParam, safeNextPath } from '#core/route-guard';
import { onboardingSchema } from '#core/schemas/account';
import { catalogueState } from '#db/catalogue-memo';
import type { ReadDb } from '#db/client';
import { catalogueMetas } from '#db/queries/catalogue';
import { createFollow } from '#db/queries/follows';
import { completeOnboarding } from '#db/queries/users';
import { ErrorText, PrimaryButton, TextField } from '../../components/auth/form-controls';
import { countryPlaces } from '../../features/statistics/places.server';
import type { Route } from './+types/onboarding';

function requireUser(request: Request, context: Route.LoaderArgs['context']) {
  const session = context.auth.session;
  if (!session) {
    const url = new URL(request.url);
    throw redirect(`/auth?${nextParam}=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return session.user;
}

const destination = (request: Request) =>
  safeNextPath(new URL(request.url).searchParams.get(nextParam)) ?? '/app/dashboard';

/** What onboarding can offer: the catalogue's datasets and the countries with published values. */
async function choices(db: ReadDb) {
  const [metas, countries] = await Promise.all([catalogueMetas(db), countryPlaces(db, await catalogueState(db))]);
  return {
    datasets: metas.map((m) => ({
      id: m.id,
      meta: m,
      code: m.dataset_code,
      name: m.dataset_name,
      countries: m.available_countries.map((c) => c.code),
    })),
    countries: countries.map((c) => ({ code: c.code, name: c.name })),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  // Done once (answered or skipped): never again.
  if (user.onboarded) throw redirect(destination(request));
  const offered = await choices(context.db);
  return {
    // The sign-in modal's random full_name is not offered as the person's name (issue 41): they type their own.
    name: user.nameGiven ? user.name : '',
    datasets: offered.datasets.map((d) => ({ code: d.code, name: d.name })),
    countries: offered.countries,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const form = await request.formData();
  const next = destination(request);
  if (form.get('intent') === 'skip') {
    await completeOnboarding(context.db, user.id, { name: user.name, interests: [] });
    return redirect(next);
  }
  const parsed = onboardingSchema.safeParse({
    name: form.get('name'),
    datasets: form.getAll('datasets'),
    countries: form.getAll('countries'),
  });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Please check the form' };
  const offered = await choices(context.db);
  // Only what exists: a code that is not offered (a stale form, a crafted request) is left out.
  const picked = new Set(parsed.data.datasets);
  const countries = offered.countries.map((c) => c.code).filter((code) => parsed.data.countries.includes(code));
  for (const dataset of offered.datasets.filter((d) => picked.has(d.code))) {
    const shown = countries.filter((code) => dataset.countries.includes(code));
    await createFollow(context.db, dataset.meta, {
      userId: user.id,
      settings: shown.length > 0 ? { countries: shown } : {},
    });
  }
  // Marked done last: if a follow failed, onboarding shows again and following the same view twice keeps one follow.
  await completeOnboarding(context.db, user.id, { name: parsed.data.name, interests: countries, nameGiven: true });
  return redirect(next);
}

export function meta() {
  return [{ title: 'Welcome · Statistics publisher' }, { name: 'robots', content: 'noindex' }];
}

const choiceClass =
  'flex cursor-pointer items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-brand-dark has-[:checked]:bg-brand/10 dark:border-slate-700';

export default function Onboarding({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const pending = navigation.state !== 'idle';
  // The server's answer, rendered with the page (the form works before hydration too): the display name is the one
  // field it can refuse, marked invalid and described by the message, and focused once the page runs (WCAG 3.3.1).
  const error = actionData?.error;
  const errorId = useId();
  const nameField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (actionData?.error) nameField.current?.focus();
  }, [actionData]);
  return (
    <Form method="post" action={`/onboarding?${params.toString()}`} className="space-y-5">
      <div>
        <h1 className="text-xl font-semibold">Welcome to Statistics publisher</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Pick what to follow and your dashboard starts with those charts.
        </p>
      </div>
      <TextField
        label="Display name"
        name="name"
        defaultValue={loaderData.name}
        autoComplete="nickname"
        maxLength={80}
        required
        ref={nameField}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        hint="Shown on your dashboard. You can change it later in settings."
      />
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">Datasets to follow</legend>
        {loaderData.datasets.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">No datasets are published yet.</p>
        ) : (
          <div className="grid gap-2 sm:grid-cols-2">
            {loaderData.datasets.map((d) => (
              <label key={d.code} className={choiceClass}>
                <input type="checkbox" name="datasets" value={d.code} className="accent-[#2a8a38]" />
                {d.name}
              </label>
            ))}
          </div>
        )}
      </fieldset>
      {loaderData.countries.length > 0 && (
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">
            Countries your charts show
          </legend>
          <div className="grid max-h-56 grid-cols-2 gap-2 overflow-y-auto pr-1 sm:grid-cols-3">
            {loaderData.countries.map((c) => (
              <label key={c.code} className={choiceClass}>
                <input type="checkbox" name="countries" value={c.code} className="accent-[#2a8a38]" />
                {c.name}
              </label>
            ))}
          </div>
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">None picked: every country with data.</p>
        </fieldset>
      )}
      <ErrorText id={errorId}>{error}</ErrorText>
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
