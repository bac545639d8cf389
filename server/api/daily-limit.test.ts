// The daily limit's pure parts: which requests count, the UTC day and its end, the refusal's words.
import { describe, expect, it } from 'vitest';
import { dailyLimitMessage, isDataApiRequest, isOwnPageRequest, nextUtcMidnight, utcDay } from './daily-limit';

describe('isDataApiRequest', () => {
  it('counts reading the data API: list, search, metadata, data, exports and data points', () => {
    for (const p of [
      '/api/datasets',
      '/api/datasets/',
      '/api/datasets/prc_hicp_manr',
      '/api/datasets/prc_hicp_manr/meta',
      '/api/datasets/42/data',
      '/api/datasets/data-point/7',
    ]) {
      expect(isDataApiRequest('GET', p), p).toBe(true);
      expect(isDataApiRequest('HEAD', p), p).toBe(true);
    }
  });

  it('leaves out chart downloads, outlines, sharing cards, sitemaps, accounts, other methods and look-alikes', () => {
    for (const p of [
      '/api/charts/download',
      '/api/charts/download-png',
      '/api/geo/world',
      '/api/og-image',
      '/api/sitemap-datasets.xml',
      '/api/auth/get-session',
      '/api/account/current-plan',
      '/api/openapi.json',
      '/api/datasetsx',
      '/datasets/prc_hicp_manr',
    ]) {
      expect(isDataApiRequest('GET', p), p).toBe(false);
    }
    expect(isDataApiRequest('POST', '/api/datasets')).toBe(false);
    expect(isDataApiRequest('OPTIONS', '/api/datasets')).toBe(false);
  });
});

describe('isOwnPageRequest', () => {
  it('is true only for the browser’s same-origin fetch metadata', () => {
    expect(isOwnPageRequest(new Headers({ 'Sec-Fetch-Site': 'same-origin' }))).toBe(true);
    for (const site of ['same-site', 'cross-site', 'none']) {
      expect(isOwnPageRequest(new Headers({ 'Sec-Fetch-Site': site })), site).toBe(false);
    }
    expect(isOwnPageRequest(new Headers({ Referer: 'http://localhost:3000/datasets' }))).toBe(false);
  });
});

describe('utcDay and nextUtcMidnight', () => {
  it('take the UTC day, whatever the local offset of the instant was written in', () => {
    expect(utcDay(new Date('2026-03-01T23:59:59.999Z'))).toBe('2026-03-01');
    expect(utcDay(new Date('2026-03-02T00:30:00+01:00'))).toBe('2026-03-01');
    expect(nextUtcMidnight(new Date('2026-03-02T00:30:00+01:00')).toISOString()).toBe('2026-03-02T00:00:00.000Z');
  });

  it('move to the next day at midnight exactly, and across months, years and leap days', () => {
    expect(nextUtcMidnight(new Date('2026-11-23T12:00:00Z')).toISOString()).toBe('2026-11-24T00:00:00.000Z');
    expect(nextUtcMidnight(new Date('2026-11-24T00:00:00Z')).toISOString()).toBe('2026-11-25T00:00:00.000Z');
    expect(nextUtcMidnight(new Date('2026-12-31T23:59:59Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(nextUtcMidnight(new Date('2028-02-28T08:00:00Z')).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(nextUtcMidnight(new Date('2027-02-28T08:00:00Z')).toISOString()).toBe('2027-03-01T00:00:00.000Z');
  });
});

describe('dailyLimitMessage', () => {
  it('names the limit, the reset time and the way out', () => {
    expect(dailyLimitMessage(1000)).toBe(
      'Daily API request limit of 1,000 requests reached; it resets at 00:00 UTC. Pro has unlimited access: /pricing',
    );
  });
});
