// @vitest-environment happy-dom
// The page token on loader data requests: sent with same-origin `*.data` fetches only (decision 184).
import { afterEach, describe, expect, it } from 'vitest';
import { withPageToken } from './page-token-fetch';

describe('withPageToken', () => {
  afterEach(() => document.head.querySelector('meta[name="page-token"]')?.remove());

  function recorder() {
    const sent: { url: string; token: string | null }[] = [];
    const base = ((input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      sent.push({ url, token: new Headers(init?.headers).get('X-Page-Token') });
      return Promise.resolve(new Response('ok'));
    }) as typeof fetch;
    return { sent, fetch: withPageToken(base) };
  }

  it('adds the page’s token to its loader data requests, as React Router makes them', async () => {
    const meta = document.createElement('meta');
    meta.name = 'page-token';
    meta.content = '1764410400.token';
    document.head.append(meta);
    const { sent, fetch } = recorder();
    await fetch(new URL('/datasets/prc_hicp_manr.data?_routes=routes%2Fdataset', window.location.href), {
      signal: new AbortController().signal,
    });
    await fetch('/_root.data');
    // Other requests, and another origin's, go out untouched.
    await fetch('/api/account/session');
    await fetch('https://elsewhere.example/x.data');
    expect(sent.map((s) => s.token)).toEqual(['1764410400.token', '1764410400.token', null, null]);
  });

  it('leaves a page without a token alone', async () => {
    const { sent, fetch } = recorder();
    await fetch('/datasets/prc_hicp_manr.data');
    expect(sent).toEqual([{ url: '/datasets/prc_hicp_manr.data', token: null }]);
  });
});
