// Any unmatched route: a 404 that the root error boundary renders as 'Page Not Found'.
import { data } from 'react-router';

export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
