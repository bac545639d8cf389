// The whole database schema, for Drizzle and drizzle-kit.
export { categories, datasetCategories, datasetDimensions, datasets, dimensionValues } from './datasets';
export { geos } from './geos';
export { importRuns, revisions } from './imports';
export { observations, series } from './observations';
export { accounts, rateLimits, sessions, twoFactors, users, verifications } from './auth';
export { contactMessages, redirects } from './site';
export { posts } from './blog';
export { apiUsage } from './api-usage';
export { apiKeys } from './api-keys';
export { codelistCodes, codelistFetches } from './codelists';
export { assistantConversations, assistantMessages } from './assistant';
export { datasetSearch } from './search';
export { follows } from './follows';
export { organizationInvitations, organizationMembers, organizations } from './organizations';
export { billingCustomers, billingEvents, billingSubscriptions } from './billing';
export { notificationPreferences, notifications, trendRuleFirings, trendRules } from './notifications';
export { refreshDatasets, refreshState } from './refresh';
export { robotDrafts, robotTemplates } from './robot';
