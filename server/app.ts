// Composes the HTTP app: /api sub-apps, the OpenAPI document, static assets, and React Router SSR as fallback.
import { createServer as createHttpServer, type RequestListener, type Server, type ServerOptions } from 'node:http';
import path from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { compress } from 'hono/compress';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { PageAuth } from '../core/schemas/account';
import type { Db } from '../db/client';
import { keepValueBlocks } from '../db/queries/observations';
import { primaryOf, readFromReplica } from '../db/replica';
import { accountApi } from './auth/account-api';
import { answerVersions } from '../db/answer-versions';
import { appRoutePolicies } from './route-policies';
import type { RoutePolicies } from './http/route-policy';
import { cacheRegistry, type CacheRegistry } from './caches';
import { apiKeysApi } from './keys/api';
import { followsApi } from './follows/api';
import { assistantApi } from './assistant/api';
import { pageAsker } from './assistant/page-ask';
import { researcherApi } from './researcher/api';
import { billingApi } from './billing/api';
import { apiNavigationGuard } from './http/middleware/api-paths';
import { buildsApi } from './site/builds';
import { checkUserApi } from './auth/check-user-api';
import { authApi, authHeaders } from './auth/api';
import { authLinksApi } from './auth/links-api';
import { catalogueApi, llmsTxtApi } from './datasets/catalogue';
import { chartsApi } from './charts/api';
import { contactApi, operatorsAddress } from './site/contact';
import { dailyApiLimit, markCounted } from './keys/daily-limit';
import { datasetsApi } from './datasets/api';
import { revisionsApi } from './datasets/revisions';
import type { ApiEnv } from './http/env';
import { clip, errorBody, handleError } from './http/errors';
import { geoApi } from './geo/api';
import { ogImageApi } from './charts/og-image';
import { organizationsApi } from './organizations/api';
import { issuePageToken } from './keys/page-token';
import { colourSchemeHint, redirectPages } from './site/redirects';
import { formApiPath, requestGuard } from './http/middleware/request-guard';
import { robotsApi } from './site/robots';
import { healthApi } from './site/health';
import { readRouting, readsOwnWrites } from './http/middleware/read-routing';
import { startProxyPurge, type ProxyPurger } from './http/proxy-purge';
import { newNonce, securityHeaderPairs, securityHeaders } from './http/middleware/security-headers';
import { bodyLimits, ClientGone, imageRequestLimit } from './http/middleware/work-limits';
import { createRefreshService, type RefreshService } from './refresh/service';
import { sdmxApi } from './datasets/sdmx';
import { statisticsApi } from './datasets/statistics-api';
import { sitemapsApi } from './site/sitemaps';
import { workbenchApi } from './datasets/workbench';
import { stripeWebhookApi } from './billing/webhook-api';
import { createAuth, type Auth } from './auth/auth';
import { clientIp } from './auth/client-ip';
import { originCheck, trustedOriginsOf } from './auth/origin-check';
import { authRateRules, rateLimiter } from './auth/rate-limit';
import { resolveAuthSecret } from './auth/secret';
import { readSession } from './auth/session';
import { billingSettings, llmSettings, loadConfig, type Config } from './config';
import { responseCache, type ResponseCache } from './http/response-cache';
import { mailerFromConfig, type Mailer } from './email/transport';
import { outlineStore } from './geo/outline-store';
import { alertsApi, unsubscribeApi } from './alerts/api';
import { startAlerts } from './alerts/schedule';
import { robotApi } from './robot/api';
import { robotShowcase, startRobot } from './robot/service';
import { liveApi, liveStreamsPerClient } from './live/stream';
import { unavailableRetryAfter } from '../core/unavailable';

export interface AppOptions {
  db: Db;
  /** The React Router server build; without it only the API is served (integration tests). */
  build?: ServerBuild;
  /** Folder of the client build (hashed assets). */
  clientDir?: string;
  mode?: 'production' | 'development';
  /** Settings; the environment's when omitted. */
  config?: Config;
  /** Where account e-mails go; from the configuration when omitted. */
  mailer?: Mailer;
}

export function createApp(opts: AppOptions): OpenAPIHono<ApiEnv> & {
  auth: Auth;
  refresh: RefreshService;
  responseCache: ResponseCache;
  caches: CacheRegistry;
  policies: RoutePolicies;
  /** With PROXY_PURGE_URL: the purges of the caching proxy, whose `idle()` tests wait on. */
  proxyPurge: ProxyPurger | undefined;
} {
  const config = opts.config ?? loadConfig();
  const trustProxy = config.TRUST_PROXY === '1';
  const secret = resolveAuthSecret(config.AUTH_SECRET, config.dataDir);
  // Sessions, counts and limits read and write the primary, never a read replica (decision 218).
  const primary = primaryOf(opts.db);
  const auth = createAuth({ db: primary, config, mailer: opts.mailer ?? mailerFromConfig(config), secret });
  const outlines = outlineStore(config.dataMirror);
  // The refresh from Eurostat and admins' imports; server/index.ts starts its scheduler (decision 120).
  const refresh = createRefreshService({ db: opts.db, config });
  const app = new OpenAPIHono<ApiEnv>();
  // What the daily limit, the response cache and the image limit do with each request: declared by each feature beside
  // its routes, the shared pages by their route modules (decision 201).
  const policies = appRoutePolicies(opts.build);
  // A handler that stopped because its client left (decision 064) answers 499 for the access log, not a logged fault.
  app.onError((err, c) => (err instanceof ClientGone ? new Response(null, { status: 499 }) : handleError(err, c)));
  const security = {
    publicUrl: config.publicUrl,
    scriptHashes: () =>
      (opts.build?.entry.module as { inlineScriptHashes?: string[] } | undefined)?.inlineScriptHashes ?? [],
  };
  // The daily quota on the data API, per account across its keys, counted in the database (decisions 022, 071).
  const quota = dailyApiLimit({
    db: primary,
    auth,
    trustProxy,
    secret,
    limit: config.API_FREE_DAILY_LIMIT,
    pageTokenLimit: config.PAGE_TOKEN_DAILY_LIMIT,
    isCounted: policies.isCounted,
  });
  // Unique queries read their places' values from blocks kept per dataset version (decision 179).
  keepValueBlocks(opts.db, config.VALUE_BLOCKS);
  // Every in-process cache, declared in one place and invalidated by one release event (decision 195).
  const caches = cacheRegistry({ db: opts.db, responseCache: () => cache, outlines });
  // One cache of whole answers (decision 090). Its hot path answers a kept answer to an anonymous request ahead of
  // every other middleware, with the headers and the count they would have given it.
  const cache = responseCache({
    // Read where the answers they stand for are read: the replica while it is current (decision 218).
    versions: () => readFromReplica(opts.db, () => answerVersions(opts.db)),
    // The registry hears the release event and invalidates this cache with the others.
    watch: () => caches.listen(),
    maxBytes: config.RESPONSE_CACHE_MB * 1024 * 1024,
    kindOf: policies.cacheKind,
    bypass: readsOwnWrites(opts.db),
    pageToken: () => issuePageToken(secret),
    hot: {
      newNonce,
      securityHeaders: securityHeaderPairs(security),
      countAddress: quota.countAddress,
      markCounted,
      pageHeaders: colourSchemeHint,
    },
  });
  if (config.RESPONSE_CACHE_MB > 0) app.use('*', cache.hot);
  // Security headers on every answer, pages with a fresh CSP nonce (decision 060).
  app.use('*', securityHeaders(security));
  // Pages, scripts, styles and JSON travel compressed when the client accepts it (about a quarter of the bytes).
  app.use('*', compress());

  // Every state-changing request, API or page action, must come from our own origin (CSRF).
  const trustedOrigins = trustedOriginsOf(config.publicUrl, config.TRUSTED_ORIGINS);
  app.use('*', originCheck(trustedOrigins, config.publicUrl));
  // Bodies over the route's limit are refused (413) before anything reads them (decision 064).
  app.use('*', bodyLimits());
  // No NUL in any address, API bodies of the type and shape a route reads: 400/404/415, never a 500 (decision 061).
  let renderPage: ((request: Request, c: Context<ApiEnv>) => Promise<Response>) | undefined;
  app.use(
    '*',
    requestGuard({
      acceptsForm: formApiPath,
      // A page address with a NUL is no page: the site's 404, rendered for an address without it.
      pageNotFound: (c) =>
        renderPage ? renderPage(new Request(new URL('/not-found', c.req.url)), c) : c.text('Not found', 404),
    }),
  );
  app.use('/api/*', apiNavigationGuard());
  app.use('/api/*', async (c, next) => {
    c.set('db', opts.db);
    c.set('catalogueImports', refresh.queue);
    await next();
  });
  app.use(
    '/api/*',
    rateLimiter(primary, authRateRules, (c) => clientIp(c, trustProxy)),
  );
  // The cache's version read starts here, beside the quota's count.
  if (config.RESPONSE_CACHE_MB > 0) app.use('/api/*', cache.prefetch);
  // Every request the daily limit counts, as the features declare (server/route-policies.ts, listed in docs/api.md,
  // decisions 184 and 201): the data API, its exports and pages' loader data; anything else passes at once.
  app.use('*', quota);
  // Images are counted per client address (cached or not) and drawn one at a time (decision 064).
  const images = imageRequestLimit(primary, (c) => clientIp(c, trustProxy));
  app.use('*', (c, next) => (policies.isDrawn(c.req.path) ? images(c, next) : next()));
  // With DATABASE_READ_URL, public reads below read the replica; a browser's requests after a write read the primary.
  const secure = config.publicUrl.startsWith('https:');
  app.use('*', readRouting({ db: opts.db, readsReplica: policies.readsReplica, secure }));
  // The caching proxy in front (PROXY_PURGE_URL) drops what each release made stale (decision 218).
  const proxies = config.PROXY_PURGE_URL?.split(',').map((u) => u.trim());
  const proxyPurge = proxies ? startProxyPurge(opts.db, { urls: proxies }) : undefined;
  // Repeated identical reads answered from memory, below the quota so that every one is still counted (decision 090).
  if (config.RESPONSE_CACHE_MB > 0) app.use('/api/*', cache.middleware);
  // The catalogue documents first: /api/datasets/ai-discovery is not a dataset id.
  app.route('/api', catalogueApi(config.publicUrl));
  app.route('/api', datasetsApi());
  app.route('/api', revisionsApi());
  app.route('/api', sdmxApi());
  app.route('/api', statisticsApi());
  app.route('/api', workbenchApi());
  app.route('/api', chartsApi({ outlines, publicUrl: config.PUBLIC_URL }));
  app.route('/api', geoApi({ outlines }));
  app.route('/api', checkUserApi({ trustedOrigins, publicUrl: config.publicUrl }));
  app.route('/api', accountApi(auth, trustProxy));
  app.route('/api', apiKeysApi(auth, trustProxy));
  app.route('/api', followsApi(auth, trustProxy));
  app.route('/api', assistantApi({ auth, trustProxy, publicUrl: config.publicUrl, llm: llmSettings(config) }));
  app.route('/api', researcherApi({ auth, trustProxy, publicUrl: config.publicUrl }));
  // Alerts and live pages (decisions 130–134): notifications, trend rules, and the live channel (SSE, capped).
  const mailer = opts.mailer ?? mailerFromConfig(config);
  startAlerts(opts.db, { mailer, publicUrl: config.publicUrl, redisUrl: config.REDIS_URL });
  app.route('/api', alertsApi({ auth, headersOf: (c) => authHeaders(c, trustProxy) }));
  // The content-writing robot (decisions 140–144): editors' templates, drafts after imports and on schedule.
  startRobot(opts.db, { publicUrl: config.publicUrl });
  app.route('/api', robotApi({ auth, headersOf: (c) => authHeaders(c, trustProxy), isAdmin: refresh.isAdmin }));
  app.route(
    '/api',
    liveApi({
      auth,
      limits: { maxStreams: config.LIVE_MAX_STREAMS, maxPerClient: liveStreamsPerClient },
      headersOf: (c) => authHeaders(c, trustProxy),
      clientOf: (c) => clientIp(c, trustProxy),
    }),
  );
  // Pro with Stripe and organizations (issue 14, decisions 074–077).
  app.route('/api', billingApi({ auth, trustProxy, publicUrl: config.publicUrl, billing: billingSettings(config) }));
  app.route('/api', stripeWebhookApi(config.STRIPE_WEBHOOK_SECRET ?? null));
  app.route(
    '/api',
    organizationsApi({
      auth,
      trustProxy,
      publicUrl: config.publicUrl,
      mailer: opts.mailer ?? mailerFromConfig(config),
      billing: billingSettings(config),
    }),
  );
  app.route('/api', authLinksApi(config.publicUrl));
  app.route('/api', authApi(auth, trustProxy, trustedOrigins));
  app.route('/api', sitemapsApi(opts.db, config.publicUrl));
  app.route('/api', ogImageApi(opts.db, config.publicUrl, outlines));
  app.route(
    '/api',
    contactApi({
      db: opts.db,
      mailer: opts.mailer ?? mailerFromConfig(config),
      to: operatorsAddress(process.env, config.publicUrl),
      trustProxy,
    }),
  );
  app.route('/', robotsApi(config.publicUrl));
  app.route('/api', healthApi(opts.db));
  app.route('/', llmsTxtApi(config.publicUrl));
  app.route('/', buildsApi(opts.build));
  app.route('/', unsubscribeApi(opts.db));
  // API keys: either header; without one a request counts against the session's account or the client address.
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerKey', {
    type: 'http',
    scheme: 'bearer',
    description: 'An API key from /app/settings: Authorization: Bearer spk_…',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'apiKeyHeader', {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
    description: 'The same API key in its own header',
  });
  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    // Optional ({}): anonymous requests count against the client address.
    security: [{}, { bearerKey: [] }, { apiKeyHeader: [] }],
    info: {
      title: 'Statistics publisher API',
      version: '1.0.0',
      description:
        'Official statistics (Eurostat) with every value and flag as published. Periods are written YYYY, S{n}/YYYY, Q{n}/YYYY, M/YYYY, W{n}/YYYY or YYYY-MM-DD.',
    },
  });
  app.all('/api/*', (c) => c.json(errorBody('not_found', `no API endpoint ${c.req.method} ${clip(c.req.path)}`), 404));

  if (opts.clientDir) {
    const root = path.relative(process.cwd(), opts.clientDir);
    app.use(
      '/assets/*',
      serveStatic({
        root,
        onFound: (_path, c) => {
          c.header('Cache-Control', 'public, max-age=31536000, immutable');
        },
      }),
    );
    app.use('*', serveStatic({ root }));
  }
  app.use('*', redirectPages(opts.db));
  if (opts.build) {
    // originCheck above has decided on every page POST: React Router's own check (the Origin against the address the
    // server sees, http behind a TLS proxy) must accept what it accepted, not refuse it again with a stack (185).
    const handle = createRequestHandler(
      { ...opts.build, allowedActionOrigins: trustedOrigins.map((o) => new URL(o).host) },
      opts.mode ?? 'production',
    );
    // The Upgrade buttons of pages know whether this server takes payments, and for which periods (decision 075).
    const billing = billingSettings(config);
    const billingOffer = {
      configured: billing !== null,
      intervals: billing ? (['month', 'year'] as const).filter((i) => billing.prices[i] !== null) : [],
    };
    const pageAsk = {
      db: opts.db,
      origin: config.publicUrl,
      llm: llmSettings(config),
      countForPage: quota.countForPage,
      isCounted: policies.isCounted,
    };
    renderPage = async (request, c) => {
      const read = await readSession(auth, opts.db, request.headers, false);
      const pageAuth: PageAuth = {
        session: read.session,
        sessionError: read.error,
        providers: auth.availableProviders,
      };
      // The chart widget's fetches send this back so the page's own data requests are not counted (decision 071).
      const failures = { databaseUnavailable: false };
      const response = await handle(request, {
        db: opts.db,
        auth: pageAuth,
        outlines,
        siteUrl: config.publicUrl,
        pageToken: issuePageToken(secret),
        cspNonce: c.get('cspNonce'),
        imports: refresh,
        catalogueImports: refresh.queue,
        billing: billingOffer,
        robot: { showcase: () => robotShowcase(opts.db) },
        // "Ask this chart" without scripts: the dataset page answers `?ask=` itself, counted (decision 216).
        askChart: pageAsker(pageAsk, c, read.session),
        failures,
      });
      if (response.status !== 500 || !failures.databaseUnavailable) return response;
      // The database was away (a restart): the error page, answered 503 so clients and caches try again soon.
      const headers = new Headers(response.headers);
      headers.set('Retry-After', String(unavailableRetryAfter));
      return new Response(response.body, { status: 503, headers });
    };
    const render = renderPage;
    // Anonymous visitors' public pages and embeds from the same cache, with a fresh CSP nonce and page token each.
    if (config.RESPONSE_CACHE_MB > 0) app.use('*', cache.middleware);
    app.all('*', (c) => render(c.req.raw, c));
  }
  return Object.assign(app, { auth, refresh, responseCache: cache, caches, policies, proxyPurge });
}

/**
 * node:http's server for the app: the response cache's hot path reads node's own request and writes a kept answer
 * straight to the socket, ahead of Hono's listener, which gets every other request (decision 168).
 * The listener puts its lightweight Request and Response in place of the process's (its default, kept: without them
 * Hono's bodyLimit fails on a DELETE's request); tests that start a server get the originals back after each file
 * (tests/setup/keep-globals.ts).
 */
export function createAppServer(app: ReturnType<typeof createApp>, hostname?: string): Server {
  return createAdaptorServer({
    fetch: app.fetch,
    hostname,
    createServer: ((options: ServerOptions, listener: RequestListener) =>
      createHttpServer(options, app.responseCache.node(listener))) as typeof createHttpServer,
  }) as Server;
}
