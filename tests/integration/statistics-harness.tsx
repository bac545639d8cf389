// Renders the statistics and blog pages in-process: their route modules under React Router's static handler
// with `{ db, outlines }` as load context, to the HTML the server would send (status, redirects and markup).
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  Outlet,
  StaticRouterProvider,
  useLoaderData,
  useMatches,
  useParams,
  useRouteError,
  type RouteObject,
} from 'react-router';
import type { Db } from '../../db/client';
import { outlineStore } from '../../server/geo/outline-store';
import { mirror } from '../setup/database';
import * as blogFeed from '../../app/routes/public/blog/feed';
import * as blogIndex from '../../app/routes/public/blog/blog';
import * as blogPost from '../../app/routes/public/blog/blog-post';
import * as statistics from '../../app/routes/public/statistics/statistics';
import * as categories from '../../app/routes/public/statistics/categories';
import * as category from '../../app/routes/public/statistics/category';
import * as place from '../../app/routes/public/statistics/place';

interface RouteModule {
  loader?: (args: any) => unknown;
  default?: ComponentType<any>;
  ErrorBoundary?: ComponentType<any>;
}

// The server's outline store on the shared data mirror, as server/app.ts hands it to loaders.
const outlines = outlineStore(mirror);

/** A framework route module as a data route: the component gets its props the way framework mode passes them. */
function fromModule(path: string, mod: RouteModule, id: string = path): RouteObject {
  const Page = mod.default;
  const Boundary = mod.ErrorBoundary;
  return {
    id,
    path,
    loader: mod.loader as RouteObject['loader'],
    Component: Page
      ? function RoutePage() {
          return <Page loaderData={useLoaderData()} params={useParams()} matches={useMatches()} />;
        }
      : undefined,
    ErrorBoundary: Boundary
      ? function RouteBoundary() {
          return <Boundary error={useRouteError()} params={useParams()} />;
        }
      : undefined,
  };
}

// The same paths as app/routes.ts.
const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: Outlet,
    children: [
      fromModule('statistics', statistics),
      fromModule('statistics/:country', place, 'statistics-country'),
      fromModule('statistics/:country/categories', categories),
      fromModule('statistics/:country/categories/:category', category, 'statistics-country-category'),
      fromModule('statistics/:country/:region', place, 'statistics-region'),
      fromModule('statistics/:country/:region/categories/:category', category, 'statistics-region-category'),
      fromModule('statistics/:country/:region/:subregion', place, 'statistics-subregion'),
      fromModule(
        'statistics/:country/:region/:subregion/categories/:category',
        category,
        'statistics-subregion-category',
      ),
      fromModule('statistics/:country/:region/:subregion/:subsubregion', place, 'statistics-subsubregion'),
      fromModule('blog', blogIndex),
      fromModule('blog/feed.xml', blogFeed),
      fromModule('blog/:slug', blogPost),
    ],
  },
];

const handler = createStaticHandler(routes);

export interface RenderedPage {
  status: number;
  /** Location of a redirect. */
  location: string | null;
  html: string;
}

export const ORIGIN = 'http://localhost:3000';

/** The page at a path, rendered to HTML; redirects and resource routes answer their Response. */
export async function renderPage(db: Db, path: string): Promise<RenderedPage> {
  const request = new Request(`${ORIGIN}${path}`);
  const context = await handler.query(request, { requestContext: { db, outlines, siteUrl: ORIGIN } as never });
  if (context instanceof Response) {
    return { status: context.status, location: context.headers.get('Location'), html: await context.text() };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(<StaticRouterProvider router={router} context={context} />);
  return { status: context.statusCode, location: null, html };
}

/** A resource route's answer (the feed). */
export async function fetchResource(db: Db, path: string): Promise<Response> {
  const request = new Request(`${ORIGIN}${path}`);
  const result = await handler.queryRoute(request, { requestContext: { db, outlines, siteUrl: ORIGIN } as never });
  return result instanceof Response ? result : new Response(JSON.stringify(result));
}

/** The loader data of a page (no rendering): for comparing figures in bulk. */
export async function loadPage(
  db: Db,
  path: string,
): Promise<{ status: number; data: unknown; location: string | null }> {
  const request = new Request(`${ORIGIN}${path}`);
  const context = await handler.query(request, { requestContext: { db, outlines, siteUrl: ORIGIN } as never });
  if (context instanceof Response)
    return { status: context.status, data: null, location: context.headers.get('Location') };
  const leaf = context.matches[context.matches.length - 1]!;
  const data = context.loaderData[leaf.route.id] ?? context.errors?.[leaf.route.id];
  return { status: context.statusCode, data, location: null };
}
