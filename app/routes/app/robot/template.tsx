// /app/robot/templates/{id|new}: a robot template's form: dataset from the catalogue, its series, the places, the
// sections, the change's lag, the title pattern, the post's slug and the schedule. Saved through /api/robot/templates.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { slugify } from '#core/slugs';
import {
  ROBOT_SCHEDULES,
  ROBOT_SECTIONS,
  scheduleLabels,
  sectionLabels,
  TITLE_FIELDS,
  type RobotSection,
} from '#core/robot/template';
import { ErrorText, PrimaryButton, TextField, useFormError } from '#app/components/auth/form-controls';
import {
  card,
  EditorsOnly,
  EDITORS_ONLY_TEXT,
  EDITORS_ONLY_TITLE,
  inputClass,
  muted,
  robotCall,
  smallButton,
} from '#app/features/robot/robot-ui';
import type { Route } from './+types/template';
import { forEditors, templateForm, type TemplateValues } from './robot.server';

export function loader({ request, context, params }: Route.LoaderArgs) {
  return forEditors(request, context, () => templateForm(context, params.id, new URL(request.url)));
}

export function meta({ data }: Route.MetaArgs) {
  const editing = data && 'id' in data && data.id !== null;
  return [
    { title: `${editing ? 'Edit template' : 'New template'} · Robot · Statistics publisher` },
    { name: 'robots', content: 'noindex' },
  ];
}

/** The fields the API's refusal can name ("invalid slug: …", server/http/errors.ts). */
const FIELDS = ['name', 'slug', 'geos', 'sections', 'change_lag', 'title_pattern'] as const;
type Field = (typeof FIELDS)[number];

/** The field the API's message is about, if it names one of the form's. */
function fieldOf(message: string): Field | undefined {
  const named = /^invalid ([a-z_]+)/.exec(message)?.[1];
  return FIELDS.find((f) => f === named);
}

/** A post address from the name; inflation-… belongs to the generated country articles, so those get robot-…. */
function postSlugOf(name: string): string {
  const slug = slugify(name);
  return slug.startsWith('inflation-') ? `robot-${slug}` : slug;
}

export default function RobotTemplate({ loaderData }: Route.ComponentProps) {
  if (!loaderData.editor) return <EditorsOnly title={EDITORS_ONLY_TITLE} text={EDITORS_ONLY_TEXT} />;
  // Keyed by dataset: switching the dataset starts its series and places afresh.
  return <TemplateForm key={`${loaderData.id}-${loaderData.values.dataset}`} {...loaderData} />;
}

function TemplateForm({
  id,
  values: initial,
  datasets,
  dataset,
}: Omit<Extract<Route.ComponentProps['loaderData'], { editor: true }>, 'editor'>) {
  const navigate = useNavigate();
  const [v, setV] = useState<TemplateValues>(initial);
  const [slugTouched, setSlugTouched] = useState(id !== null);
  const [place, setPlace] = useState('');
  const error = useFormError<Field>();
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof TemplateValues>(key: K, value: TemplateValues[K]) =>
    setV((old) => ({ ...old, [key]: value }));
  const placeName = (code: string) => dataset?.places.find((p) => p.code === code)?.name ?? code;

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaving(true);
    error.clear();
    try {
      await robotCall(id === null ? '/templates' : `/templates/${id}`, id === null ? 'POST' : 'PUT', v);
      await navigate('/app/robot');
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      error.fail(message, fieldOf(message));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void save(e)} className="max-w-3xl space-y-6" aria-labelledby="template-heading">
      <div>
        <p className="text-sm">
          <Link to="/app/robot" className="text-slate-600 hover:underline dark:text-slate-400">
            Robot
          </Link>
        </p>
        <h1 id="template-heading" className="mt-1 text-2xl font-semibold">
          {id === null ? 'New template' : `Edit “${initial.name}”`}
        </h1>
      </div>

      <section className={`${card} space-y-4`}>
        <TextField
          label="Name"
          value={v.name}
          {...error.field('name')}
          required
          maxLength={120}
          onChange={(e) => {
            const name = e.target.value;
            setV((old) => ({ ...old, name, slug: slugTouched ? old.slug : postSlugOf(name) }));
          }}
        />
        <TextField
          label="Post address"
          value={v.slug}
          {...error.field('slug')}
          required
          maxLength={120}
          hint={`Published at /blog/${v.slug || '…'}`}
          onChange={(e) => {
            setSlugTouched(true);
            set('slug', e.target.value);
          }}
        />
      </section>

      <section className={`${card} space-y-4`} aria-labelledby="data-heading">
        <h2 id="data-heading" className="text-lg font-semibold">
          Data
        </h2>
        <div>
          <label htmlFor="robot-dataset" className="mb-1 block text-sm font-medium">
            Dataset
          </label>
          <select
            id="robot-dataset"
            className={inputClass}
            value={v.dataset}
            onChange={(e) => void navigate(`?dataset=${encodeURIComponent(e.target.value)}`, { replace: true })}
          >
            {datasets.map((d) => (
              <option key={d.code} value={d.code}>
                {d.code} · {d.name}
              </option>
            ))}
          </select>
        </div>
        {dataset?.dimensions
          .filter((d) => d.values.length > 1)
          .map((d) => (
            <div key={d.key}>
              <label htmlFor={`robot-${d.key}`} className="mb-1 block text-sm font-medium">
                {d.label}
              </label>
              <select
                id={`robot-${d.key}`}
                className={inputClass}
                value={v.dimensions[d.key] ?? d.default}
                onChange={(e) => {
                  const { [d.key]: _old, ...rest } = v.dimensions;
                  set('dimensions', e.target.value === d.default ? rest : { ...rest, [d.key]: e.target.value });
                }}
              >
                {d.values.map((o) => (
                  <option key={o.code} value={o.code}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
          ))}
        <div>
          <label htmlFor="robot-place" className="mb-1 block text-sm font-medium">
            Places
          </label>
          <div className="flex gap-2">
            <select
              id="robot-place"
              className={inputClass}
              value={place}
              {...error.field('geos')}
              onChange={(e) => setPlace(e.target.value)}
            >
              <option value="">Choose a country, aggregate or region…</option>
              {dataset?.places
                .filter((p) => !v.geos.includes(p.code))
                .map((p) => (
                  <option key={p.code} value={p.code}>
                    {p.name} ({p.code})
                  </option>
                ))}
            </select>
            <button
              type="button"
              className={`${smallButton} shrink-0 whitespace-nowrap`}
              disabled={!place || v.geos.length >= 6}
              onClick={() => {
                set('geos', [...v.geos, place]);
                setPlace('');
              }}
            >
              Add place
            </button>
          </div>
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="Chosen places">
            {v.geos.map((g) => (
              <li
                key={g}
                className="flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-3 text-sm dark:bg-slate-800"
              >
                {placeName(g)}
                <button
                  type="button"
                  aria-label={`Remove ${placeName(g)}`}
                  className="rounded-full px-1.5 hover:bg-slate-200 dark:hover:bg-slate-700"
                  onClick={() =>
                    set(
                      'geos',
                      v.geos.filter((x) => x !== g),
                    )
                  }
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          {v.geos.length === 0 && (
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">Add at least one place (up to six).</p>
          )}
        </div>
      </section>

      <section className={`${card} space-y-4`} aria-labelledby="sections-heading">
        <h2 id="sections-heading" className="text-lg font-semibold">
          Sections
        </h2>
        <fieldset className="space-y-2">
          <legend className="sr-only">Sections of the article</legend>
          {ROBOT_SECTIONS.map((s: RobotSection, n) => (
            <label key={s} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                {...(n === 0 ? error.field('sections') : {})}
                checked={v.sections.includes(s)}
                onChange={(e) =>
                  set('sections', e.target.checked ? [...v.sections, s] : v.sections.filter((x) => x !== s))
                }
              />
              {sectionLabels[s]}
              {s === 'rank' && (
                <span className="text-xs text-slate-500 dark:text-slate-400">(countries only, among the EU27)</span>
              )}
            </label>
          ))}
        </fieldset>
        <TextField
          label="Change over how many periods"
          type="number"
          min={1}
          max={120}
          value={v.change_lag}
          {...error.field('change_lag')}
          hint={`12 compares a month with the same month a year earlier; this dataset's frequency is ${dataset?.frequency ?? '…'}.`}
          onChange={(e) => set('change_lag', Number(e.target.value))}
        />
        <TextField
          label="Title pattern"
          value={v.title_pattern}
          {...error.field('title_pattern')}
          required
          maxLength={200}
          hint={`Fields: ${TITLE_FIELDS.join(' ')}`}
          onChange={(e) => set('title_pattern', e.target.value)}
        />
      </section>

      <section className={`${card} space-y-2`} aria-labelledby="schedule-heading">
        <h2 id="schedule-heading" className="text-lg font-semibold">
          Schedule
        </h2>
        <p className={muted}>A run writes a draft for review only when the text changed.</p>
        {ROBOT_SCHEDULES.map((s) => (
          <label key={s} className="flex items-center gap-2 text-sm">
            <input type="radio" name="schedule" checked={v.schedule === s} onChange={() => set('schedule', s)} />
            {scheduleLabels[s]}
          </label>
        ))}
      </section>

      <ErrorText {...error.messageProps}>{error.message}</ErrorText>
      <div className="flex items-center gap-4">
        <PrimaryButton wide={false} disabled={saving}>
          {saving ? 'Saving…' : 'Save template'}
        </PrimaryButton>
        <Link to="/app/robot" className="text-sm text-slate-600 hover:underline dark:text-slate-300">
          Cancel
        </Link>
      </div>
    </form>
  );
}
