// Navigations that change only a chart's view in the address (decision 150): the page already has what it shows.
import type { ShouldRevalidateFunctionArgs } from 'react-router';

/** The same path, another query, and no form submitted: the widget pushed or replaced its view, or back and forward. */
export function isViewOnlyNavigation({
  currentUrl,
  nextUrl,
  formMethod,
}: Pick<ShouldRevalidateFunctionArgs, 'currentUrl' | 'nextUrl' | 'formMethod'>): boolean {
  return !formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search;
}
