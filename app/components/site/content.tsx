// Building blocks of the content pages: page header, sections, feature cards, call to action, code blocks.
import { Link } from 'react-router';

export function PageHeader({ eyebrow, title, lead }: { eyebrow?: string; title: string; lead: React.ReactNode }) {
  return (
    <header className="max-w-3xl">
      {eyebrow && (
        <p className="text-sm font-semibold tracking-wide text-brand-dark uppercase dark:text-brand">{eyebrow}</p>
      )}
      <h1 className="mt-1 text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
      <div className="mt-4 text-lg text-slate-600 dark:text-slate-300 [&_a]:underline">{lead}</div>
    </header>
  );
}

export function Section({ title, id, children }: { title: string; id?: string; children: React.ReactNode }) {
  return (
    <section id={id} className="mt-12 scroll-mt-6">
      <h2 className="text-xl font-semibold tracking-tight">{title}</h2>
      <div className="mt-3 space-y-3 text-slate-700 dark:text-slate-300 [&_a:not([class])]:text-brand-dark [&_a:not([class])]:underline dark:[&_a:not([class])]:text-brand">
        {children}
      </div>
    </section>
  );
}

export interface Feature {
  title: string;
  text: React.ReactNode;
}

export function FeatureGrid({ items }: { items: readonly Feature[] }) {
  return (
    <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((f) => (
        <li key={f.title} className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
          <h3 className="font-semibold">{f.title}</h3>
          <div className="mt-2 text-sm text-slate-600 dark:text-slate-400">{f.text}</div>
        </li>
      ))}
    </ul>
  );
}

export interface Action {
  to: string;
  label: string;
}

export function CallToAction({
  title,
  text,
  primary,
  secondary,
}: {
  title: string;
  text: string;
  primary: Action;
  secondary?: Action;
}) {
  return (
    <aside className="mt-14 rounded-2xl bg-slate-100 p-6 sm:p-8 dark:bg-slate-900">
      <h2 className="text-xl font-semibold">{title}</h2>
      <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-400">{text}</p>
      <div className="mt-5 flex flex-wrap gap-3">
        <ButtonLink to={primary.to}>{primary.label}</ButtonLink>
        {secondary && (
          <ButtonLink to={secondary.to} variant="secondary">
            {secondary.label}
          </ButtonLink>
        )}
      </div>
    </aside>
  );
}

export function ButtonLink({
  to,
  children,
  variant = 'primary',
}: {
  to: string;
  children: React.ReactNode;
  variant?: 'primary' | 'secondary';
}) {
  const cls =
    variant === 'primary'
      ? 'bg-brand-dark text-white hover:bg-brand dark:bg-brand dark:text-slate-950 dark:hover:bg-brand-dark dark:hover:text-white'
      : 'border border-slate-300 hover:bg-white dark:border-slate-700 dark:hover:bg-slate-800';
  return (
    <Link to={to} className={`inline-block rounded-md px-4 py-2 font-medium ${cls}`}>
      {children}
    </Link>
  );
}

export function CodeBlock({ children, label }: { children: string; label?: string }) {
  return (
    // Focusable, so that a keyboard can scroll what overflows sideways (WCAG 2.1.1, decision 207).
    <pre
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm leading-relaxed text-slate-100 dark:bg-black/40"
    >
      <code>{children}</code>
    </pre>
  );
}

/** One fact of a description list (`<dl>`): "Last update: 16 Aug 2023". */
export function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="inline">{label}: </dt>
      <dd className="inline">{children}</dd>
    </div>
  );
}
