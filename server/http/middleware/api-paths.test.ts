// Which API paths a browser may open, and what counts as a page navigation.
import { describe, expect, it } from 'vitest';
import { isAllowedApiPath, isPageNavigation } from './api-paths';

describe('isAllowedApiPath', () => {
  it('allows the specification’s paths and what lies below them', () => {
    for (const p of [
      '/api/check-user-exists',
      '/api/sitemap.xml',
      '/api/sitemap-blog',
      '/api/sitemap-datasets-page.xml',
      '/api/datasets',
      '/api/datasets/prc_hicp_manr/data',
      '/api/datasets/ai-discovery',
      '/api/charts/download-png',
      '/api/og-image',
      '/api/robots',
      '/api/organizations/accept-invitation',
      '/api/auth/callback/google',
    ]) {
      expect(isAllowedApiPath(p), p).toBe(true);
    }
  });
  it('refuses everything else, including look-alike prefixes', () => {
    for (const p of ['/api/account/current-plan', '/api/nothing', '/api/datasetsx', '/api/robots-old', '/api/']) {
      expect(isAllowedApiPath(p), p).toBe(false);
    }
  });
});

describe('isPageNavigation', () => {
  it('trusts Fetch Metadata when the browser sends it', () => {
    expect(isPageNavigation(new Headers({ 'sec-fetch-mode': 'navigate', accept: '*/*' }))).toBe(true);
    expect(isPageNavigation(new Headers({ 'sec-fetch-mode': 'cors', accept: 'text/html' }))).toBe(false);
  });
  it('otherwise looks at what the client asks for first', () => {
    expect(isPageNavigation(new Headers({ accept: 'text/html,application/xhtml+xml' }))).toBe(true);
    expect(isPageNavigation(new Headers({ accept: 'application/json' }))).toBe(false);
    expect(isPageNavigation(new Headers())).toBe(false);
  });
});
