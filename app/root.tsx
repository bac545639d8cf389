// The document: head, theme class from the cookie, the error boundary of the specification, build watch and debug log.
import { useContext, useEffect } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import type { Route } from './+types/root';
import { themeBootScript } from '../core/theme';
import { CspNonceContext, zodJitlessScript } from './csp-nonce';
import { AuthProvider } from './components/auth/auth-provider';
import { SignInModalProvider } from './components/auth/sign-in-modal';
import { useBuildWatch } from './components/site/build-watch';
import { debugLog } from './components/site/debug-log';
import { ErrorPage, PlainErrorPage } from './components/site/error-page';
import { useSiteRootData } from './components/site/root-data';
import { LOGO_GREY, LOGO_LIGHT, ThemeProvider } from './components/site/theme';
import { rootData } from './root.server';
import { isViewOnlyNavigation } from './components/site/view-navigation';
import './app.css';
import './load-context';

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = await rootData(request, context.db, context.siteUrl, context.auth.session?.user);
  // The visitor's session and the configured sign-in providers seed the browser's auth state (no flash).
  return {
    ...site,
    auth: { session: context.auth.session, providers: context.auth.providers },
    // Signed and short-lived: the chart widget sends it back with its API fetches, which are then not counted.
    pageToken: context.pageToken,
  };
}

/**
 * The redirect check runs on every navigation, so the root loader runs whenever the path changes; a change of the
 * query alone (a chart's view in the address, decision 150) leaves the site's data as it is.
 */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  if (args.currentUrl.pathname !== args.nextUrl.pathname) return true;
  return isViewOnlyNavigation(args) ? false : args.defaultShouldRevalidate;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useSiteRootData();
  // The embed page (/datasets/{id}?embed=true) ships no React: its chart is server-drawn and has its own small script.
  const embed = new URLSearchParams(useLocation().search).get('embed') === 'true';
  const dark = root?.resolvedTheme === 'dark' && !embed;
  const pageToken = (useRouteLoaderData('root') as { pageToken?: unknown } | undefined)?.pageToken;
  // The request's CSP nonce while the server renders; empty in the browser, which hides nonces from the DOM.
  const nonce = useContext(CspNonceContext);
  return (
    <html
      lang="en"
      className={dark ? 'dark' : undefined}
      style={root?.resolvedTheme ? { colorScheme: root.resolvedTheme } : undefined}
      // The boot script may add the class for a dark system before React hydrates.
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href={dark ? LOGO_GREY : LOGO_LIGHT} type="image/svg+xml" />
        {typeof pageToken === 'string' ? <meta name="page-token" content={pageToken} /> : null}
        {embed ? null : (
          <>
            <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: themeBootScript }} />
            <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: zodJitlessScript }} />
          </>
        )}
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        <ThemeProvider initial={root?.theme ?? 'system'} onAccount={root?.themeOnAccount ?? false}>
          {children}
        </ThemeProvider>
        {embed ? null : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  useBuildWatch();
  useEffect(() => {
    debugLog('navigation', `${location.pathname}${location.search}${location.hash}`);
  }, [location.pathname, location.search, location.hash]);
  return (
    <AuthProvider initialSession={loaderData.auth.session} providers={loaderData.auth.providers}>
      <SignInModalProvider>
        <Outlet />
      </SignInModalProvider>
    </AuthProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useSiteRootData();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  useEffect(() => {
    debugLog('error', status, error);
  }, [status, error]);
  if (root?.isBot) return <PlainErrorPage status={status} />;
  return (
    <main className="min-h-screen">
      <ErrorPage status={status} />
    </main>
  );
}
