// /app: the app area starts at the dashboard.
import { redirect } from 'react-router';
import type { Route } from './+types/index';
import { requireSession } from './guard.server';

export function loader({ request, context }: Route.LoaderArgs) {
  requireSession(request, context);
  const url = new URL(request.url);
  throw redirect(`/app/dashboard${url.search}`);
}

export default function AppIndex() {
  return null;
}
