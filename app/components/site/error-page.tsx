// The specification's error page (404 and any other error, with Go Home and Go Back) and the plain page for crawlers.
import { isRouteErrorResponse, useNavigate } from 'react-router';

export const NOT_FOUND_TITLE = 'Page Not Found';
export const NOT_FOUND_TEXT = 'The page you are looking for does not exist.';
export const ERROR_TITLE = 'Something went wrong';
export const ERROR_TEXT = 'An unexpected error occurred. Please try again.';

export function errorCopy(status: number): { title: string; text: string } {
  return status === 404 ? { title: NOT_FOUND_TITLE, text: NOT_FOUND_TEXT } : { title: ERROR_TITLE, text: ERROR_TEXT };
}

/**
 * What a refused address did wrong, when its page said (a 400 thrown with a message: a misspelt query name, decision
 * 205); null for any other error, whose details stay on the server.
 */
export function errorDetail(error: unknown): string | null {
  return isRouteErrorResponse(error) && error.status === 400 && typeof error.data === 'string' ? error.data : null;
}

function Detail({ detail }: { detail: string | null | undefined }) {
  return detail ? (
    <p data-error-detail className="mt-3 text-sm break-words text-slate-700 dark:text-slate-300">
      {detail}
    </p>
  ) : null;
}

export function ErrorPage({
  status,
  detail,
  children,
}: {
  status: number;
  detail?: string | null;
  children?: React.ReactNode;
}) {
  const navigate = useNavigate();
  const { title, text } = errorCopy(status);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-20 text-center">
      <title>{title}</title>
      <meta name="robots" content="noindex" />
      <p className="text-sm font-semibold tracking-widest text-brand-dark uppercase dark:text-brand">
        {status === 404 ? 'Error 404' : 'Error'}
      </p>
      <h1 className="mt-2 text-3xl font-semibold">{title}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">{text}</p>
      <Detail detail={detail} />
      {children}
      <div className="mt-8 flex gap-3">
        <button
          type="button"
          className="rounded-md bg-brand-dark px-4 py-2 font-medium text-white hover:bg-brand dark:bg-brand dark:text-slate-950"
          // Navigating away from the failed route is what clears the error.
          onClick={() => navigate('/')}
        >
          Go Home
        </button>
        <button
          type="button"
          className="rounded-md border border-slate-300 px-4 py-2 font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
          onClick={() => navigate(-1)}
        >
          Go Back
        </button>
      </div>
    </section>
  );
}

/** What a crawler gets: the status and a plain sentence, no buttons or layout. */
export function PlainErrorPage({ status, detail }: { status: number; detail?: string | null }) {
  const { title, text } = errorCopy(status);
  return (
    <main>
      <title>{`${status} ${title}`}</title>
      <meta name="robots" content="noindex" />
      <h1>
        {status} {title}
      </h1>
      <p>{text}</p>
      <Detail detail={detail} />
    </main>
  );
}
