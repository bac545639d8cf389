// /error: the error page as a route of its own ('Something went wrong', with Go Home and Go Back).
import type { Route } from './+types/error';
import { ErrorPage } from '#app/components/site/error-page';
import { pageMeta } from '#app/components/site/page-meta';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'Something went wrong',
    description: 'An unexpected error occurred. Please try again.',
    path: '/error',
    noindex: true,
  });
}

export default function ErrorRoute() {
  return <ErrorPage status={500} />;
}
