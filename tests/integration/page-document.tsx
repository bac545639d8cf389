// Renders a page of app/routes.ts in-process as a whole document with the <head> React Router's <Meta /> writes:
// the real route table, route modules and root loader under the static handler, so head tags are checked as sent.
import type { RouteConfigEntry } from '@react-router/dev/routes';
import type { ComponentType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  Meta,
  StaticRouterProvider,
  UNSAFE_FrameworkContext as FrameworkContext,
  UNSAFE_withComponentProps as withComponentProps,
  UNSAFE_withErrorBoundaryProps as withErrorBoundaryProps,
  type AppLoadContext,
  type RouteObject,
} from 'react-router';
import * as root from '../../app/root';
import routeConfig from '../../app/routes';
import { ThemeProvider } from '../../app/components/site/theme';
import type { AccountSession } from '../../core/schemas/account';
import type { Db } from '../../db/client';
import { outlineStore } from '../../server/geo/outline-store';
import { mirror } from '../setup/database';
import { ORIGIN, type RenderedPage } from './statistics-harness';

interface RouteModule {
  loader?: RouteObject['loader'];
  meta?: unknown;
  handle?: unknown;
  default?: ComponentType<any>;
  ErrorBoundary?: ComponentType<any>;
}

const moduleFiles = import.meta.glob<RouteModule>(['../../app/routes/**/*.{ts,tsx}', '!**/*.test.*']);

const rootModule: RouteModule = root;

/** Route modules by route id, as framework mode hands them to <Meta />; filled as the handler loads them. */
const routeModules: Record<string, RouteModule> = { root: rootModule };

function toRoute(entry: RouteConfigEntry): RouteObject {
  const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, '');
  const load = moduleFiles[`../../app/${entry.file}`];
  if (!load) throw new Error(`no route module: ${entry.file}`);
  const lazy = async () => {
    const mod = await load();
    routeModules[id] = mod;
    return {
      loader: mod.loader,
      handle: mod.handle,
      Component: mod.default ? withComponentProps(mod.default) : undefined,
      ErrorBoundary: mod.ErrorBoundary ? withErrorBoundaryProps(mod.ErrorBoundary) : undefined,
    };
  };
  if (entry.index) return { id, index: true, lazy };
  return { id, path: entry.path, lazy, children: entry.children?.map(toRoute) };
}

/** What root.tsx's Layout draws around the app, less the build's links and scripts. */
function Document({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <Meta />
      </head>
      <body>
        <ThemeProvider initial="system">{children}</ThemeProvider>
      </body>
    </html>
  );
}

const App = withComponentProps(rootModule.default!);
const RootBoundary = withErrorBoundaryProps(rootModule.ErrorBoundary!);

const handler = createStaticHandler([
  {
    id: 'root',
    path: '/',
    loader: rootModule.loader,
    Component: () => (
      <Document>
        <App />
      </Document>
    ),
    ErrorBoundary: () => (
      <Document>
        <RootBoundary />
      </Document>
    ),
    children: routeConfig.map(toRoute),
  },
]);

/** A signed-out visitor (or the given session's), as server/app.ts builds the load context. */
const loadContext = (db: Db, session: AccountSession | null): AppLoadContext => ({
  db,
  auth: { session, sessionError: false, providers: { google: false, microsoft: false } },
  outlines: outlineStore(mirror),
  siteUrl: ORIGIN,
});

/** The document of a page; redirects answer their Location, with no HTML. */
export async function renderDocument(
  db: Db,
  path: string,
  session: AccountSession | null = null,
): Promise<RenderedPage> {
  const context = await handler.query(new Request(`${ORIGIN}${path}`), { requestContext: loadContext(db, session) });
  if (context instanceof Response) {
    return { status: context.status, location: context.headers.get('Location'), html: await context.text() };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  // Only what <Meta /> reads of the framework's context: the modules' meta functions, server rendering.
  const framework = { routeModules, isSpaMode: false, ssr: true, future: {}, manifest: { routes: {} } };
  const html = renderToString(
    <FrameworkContext.Provider value={framework as never}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </FrameworkContext.Provider>,
  );
  return { status: context.statusCode, location: null, html: `<!DOCTYPE html>${html}` };
}

/** The <head> element's inner HTML of a rendered document. */
export function headOf(html: string): string {
  const head = /<head>([\s\S]*?)<\/head>/.exec(html);
  if (!head) throw new Error('the document has no <head>');
  return head[1]!;
}

/** The loader data of a page's deepest route, as a signed-out visitor gets it (no rendering). */
export async function loaderDataOf(db: Db, path: string): Promise<{ status: number; data: unknown }> {
  const context = await handler.query(new Request(`${ORIGIN}${path}`), { requestContext: loadContext(db, null) });
  if (context instanceof Response) return { status: context.status, data: null };
  const leaf = context.matches.at(-1)!;
  return { status: context.statusCode, data: context.loaderData[leaf.route.id] ?? context.errors?.[leaf.route.id] };
}
