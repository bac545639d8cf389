// Every feature's declaration of what the daily limit and the response cache do with its routes (decision 201),
// gathered in the order docs/api.md lists them; the pages anonymous visitors share come from the page routes.
import type { ServerBuild } from 'react-router';
import { alertsPolicies } from './alerts/api';
import { assistantPolicies } from './assistant/api';
import { accountPolicies } from './auth/account-api';
import { authPolicies } from './auth/api';
import { checkUserPolicies } from './auth/check-user-api';
import { billingPolicies } from './billing/api';
import { stripeWebhookPolicies } from './billing/webhook-api';
import { chartsPolicies } from './charts/api';
import { ogImagePolicies } from './charts/og-image';
import { datasetsPolicies } from './datasets/api';
import { cataloguePolicies } from './datasets/catalogue';
import { sdmxPolicies } from './datasets/sdmx';
import { statisticsApiPolicies } from './datasets/statistics-api';
import { workbenchPolicies } from './datasets/workbench';
import { followsPolicies } from './follows/api';
import { geoPolicies } from './geo/api';
import { openApiPolicies } from './http/openapi';
import { routePolicies, type RoutePolicies, type RoutePolicy } from './http/route-policy';
import { apiKeysPolicies } from './keys/api';
import { livePolicies } from './live/stream';
import { organizationsPolicies } from './organizations/api';
import { researcherPolicies } from './researcher/api';
import { robotPolicies } from './robot/api';
import { buildsPolicies } from './site/builds';
import { contactPolicies } from './site/contact';
import { healthPolicies } from './site/health';
import { cachedPagePaths, pagePolicies } from './site/pages';
import { robotsPolicies } from './site/robots';
import { sitemapsPolicies } from './site/sitemaps';

/** The declarations of every route the app serves. */
export const allRoutePolicies: readonly RoutePolicy[] = [
  ...cataloguePolicies,
  ...datasetsPolicies,
  ...sdmxPolicies,
  ...statisticsApiPolicies,
  ...workbenchPolicies,
  ...chartsPolicies,
  ...ogImagePolicies,
  ...geoPolicies,
  ...assistantPolicies,
  ...researcherPolicies,
  ...openApiPolicies,
  ...sitemapsPolicies,
  ...robotsPolicies,
  ...healthPolicies,
  ...buildsPolicies,
  ...apiKeysPolicies,
  ...followsPolicies,
  ...accountPolicies,
  ...authPolicies,
  ...checkUserPolicies,
  ...organizationsPolicies,
  ...billingPolicies,
  ...stripeWebhookPolicies,
  ...contactPolicies,
  ...alertsPolicies,
  ...livePolicies,
  ...robotPolicies,
  ...pagePolicies,
];

/** The app's policies: the features' declarations and, with a page build, the pages its routes say are shared. */
export function appRoutePolicies(build?: Pick<ServerBuild, 'routes'>): RoutePolicies {
  return routePolicies(allRoutePolicies, cachedPagePaths(build));
}
