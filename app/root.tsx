// The document: head, body, theme class, and the error boundary of the specification.
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useNavigate } from 'react-router';
import type { Route } from './+types/root';
import './app.css';
import './load-context';

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const navigate = useNavigate();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? 'Page Not Found' : 'Something went wrong';
  const text = notFound
    ? 'The page you are looking for does not exist.'
    : 'An unexpected error occurred. Please try again.';
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <title>{title}</title>
      <h1 className="text-3xl font-semibold">{title}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">{text}</p>
      <div className="mt-8 flex gap-3">
        <button
          type="button"
          className="rounded-md bg-brand px-4 py-2 font-medium text-white hover:bg-brand-dark"
          onClick={() => navigate('/', { replace: true })}
        >
          Go Home
        </button>
        <button
          type="button"
          className="rounded-md border border-slate-300 px-4 py-2 font-medium dark:border-slate-700"
          onClick={() => navigate(-1)}
        >
          Go Back
        </button>
      </div>
    </main>
  );
}
