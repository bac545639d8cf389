// The default public layout: header with logo, navigation, theme switch and account slot; content; footer.
import { isRouteErrorResponse, Outlet, useSearchParams } from 'react-router';
import type { Route } from './+types/layout';
import { UserMenu } from '../../components/auth/user-menu';
import { errorDetail, ErrorPage, PlainErrorPage } from '../../components/site/error-page';
import { useSiteRootData } from '../../components/site/root-data';
import { SiteFooter } from '../../components/site/site-footer';
import { SiteHeader } from '../../components/site/site-header';

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader account={<UserMenu />} />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

export default function PublicLayout() {
  // An embedded chart (?embed=true) is the widget alone, without the site's header and footer.
  const [search] = useSearchParams();
  if (search.get('embed') === 'true') return <Outlet />;
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/**
 * 404s and failures of public pages keep the header and footer; crawlers get the plain page; an embed's refusal (a
 * misspelt name, decision 205) is the message alone, as its chart would be. A refused address says what it did wrong.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useSiteRootData();
  const [search] = useSearchParams();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const detail = errorDetail(error);
  if (root?.isBot) return <PlainErrorPage status={status} detail={detail} />;
  if (search.get('embed') === 'true') return <ErrorPage status={status} detail={detail} />;
  return (
    <Shell>
      <ErrorPage status={status} detail={detail} />
    </Shell>
  );
}
