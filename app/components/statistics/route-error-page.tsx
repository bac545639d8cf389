// The error page of routes that validate their parameters: the site's error page, naming the path of a 404.
import { isRouteErrorResponse } from 'react-router';
import { ErrorPage, PlainErrorPage } from '../site/error-page';
import { useSiteRootData } from '../site/root-data';

/** The message a loader put in its 404 response ('Page Not Found: /statistics/x'), if any. */
export function notFoundMessage(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || error.status !== 404) return null;
  const body: unknown = error.data;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
  return null;
}

export function RouteErrorPage({ error }: { error: unknown }) {
  const root = useSiteRootData();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (root?.isBot) return <PlainErrorPage status={status} />;
  const message = notFoundMessage(error);
  return (
    <ErrorPage status={status}>
      {message && (
        <p className="mt-2 text-sm break-all text-slate-500 dark:text-slate-400" data-testid="not-found-path">
          {message}
        </p>
      )}
    </ErrorPage>
  );
}
