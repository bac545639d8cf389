// The frame every settings section shares: a bordered card with a heading and a line saying what it is for.
export function SettingsSection(props: {
  id: string;
  title: string;
  description: React.ReactNode;
  tone?: 'danger';
  children: React.ReactNode;
}) {
  const border =
    props.tone === 'danger' ? 'border-red-200 dark:border-red-900/60' : 'border-slate-200 dark:border-slate-800';
  return (
    <section aria-labelledby={`${props.id}-heading`} className={`space-y-4 rounded-lg border p-5 ${border}`}>
      <div>
        <h2 id={`${props.id}-heading`} className="text-lg font-semibold">
          {props.title}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{props.description}</p>
      </div>
      {props.children}
    </section>
  );
}

export const secondaryButton =
  'rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800';
