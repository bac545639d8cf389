// The daily limit's pure parts: the UTC day and its end, the refusal's words (which requests count:
// server/route-policies.test.ts).
import { describe, expect, it } from 'vitest';
import { dailyLimitMessage, nextUtcMidnight, quotaHeaders, utcDay } from './daily-limit';
import { issuePageToken, isValidPageToken, PAGE_TOKEN_SECONDS } from './page-token';

describe('page tokens', () => {
  const secret = 'unit-test-secret-0123456789abcdef0123';
  const at = new Date('2026-11-24T10:00:00Z');

  it('hold for an hour or a little more from the page that issued them, the same for ten minutes of pages', () => {
    const token = issuePageToken(secret, at);
    const expires = Number(token.split('.')[0]);
    expect(expires - at.getTime() / 1000).toBeGreaterThanOrEqual(PAGE_TOKEN_SECONDS);
    expect(expires - at.getTime() / 1000).toBeLessThan(PAGE_TOKEN_SECONDS + 600);
    expect(isValidPageToken(secret, token, at)).toBe(true);
    expect(isValidPageToken(secret, token, new Date((expires - 1) * 1000))).toBe(true);
    expect(isValidPageToken(secret, token, new Date(expires * 1000))).toBe(false);
    // Pages of 10:00:01 to 10:10:00 share a token; 10:10:01 gets the next one.
    const shared = issuePageToken(secret, new Date('2026-11-24T10:00:01Z'));
    expect(issuePageToken(secret, new Date('2026-11-24T10:10:00Z'))).toBe(shared);
    expect(issuePageToken(secret, new Date('2026-11-24T10:10:01Z'))).not.toBe(shared);
  });

  it('are signed once per step and secret, and still checked against each (two secrets, many steps)', () => {
    const other = 'another-secret-0123456789abcdef0123';
    for (let step = 0; step < 40; step++) {
      const when = new Date(at.getTime() + step * 600_000);
      const mine = issuePageToken(secret, when);
      const theirs = issuePageToken(other, when);
      expect(mine).not.toBe(theirs);
      expect(issuePageToken(secret, when)).toBe(mine);
      expect(isValidPageToken(secret, mine, when)).toBe(true);
      expect(isValidPageToken(secret, theirs, when)).toBe(false);
      expect(isValidPageToken(other, mine, when)).toBe(false);
    }
  });

  it('are refused when forged, altered, signed with another secret, dated too far ahead or absent', () => {
    const token = issuePageToken(secret, at);
    const [expires, sig] = token.split('.');
    expect(isValidPageToken('another-secret-0123456789abcdef0123', token, at)).toBe(false);
    expect(isValidPageToken(secret, `${Number(expires) + 60}.${sig}`, at)).toBe(false);
    const altered = `${sig!.slice(0, -1)}${sig!.endsWith('A') ? 'B' : 'A'}`;
    expect(isValidPageToken(secret, `${expires}.${altered}`, at)).toBe(false);
    const farAhead = issuePageToken(secret, new Date(at.getTime() + 24 * 3600 * 1000));
    expect(isValidPageToken(secret, farAhead, at)).toBe(false);
    for (const bad of [null, undefined, '', 'same-origin', `${expires}`, `${expires}.`, `x.${sig}`]) {
      expect(isValidPageToken(secret, bad, at), String(bad)).toBe(false);
    }
  });
});

describe('quotaHeaders', () => {
  it('give the X-RateLimit trio and the IETF RateLimit-Policy and RateLimit fields, named as the wire has them', () => {
    expect(quotaHeaders(1000, 1, new Date('2026-11-24T23:59:00Z'))).toEqual({
      'x-ratelimit-limit': '1000',
      'x-ratelimit-remaining': '999',
      'x-ratelimit-reset': String(Date.UTC(2026, 10, 25) / 1000),
      'ratelimit-policy': '"daily";q=1000;w=86400',
      ratelimit: '"daily";r=999;t=60',
    });
    expect(quotaHeaders(1000, 1005, new Date('2026-11-24T00:00:00Z'))).toMatchObject({
      'x-ratelimit-remaining': '0',
      ratelimit: '"daily";r=0;t=86400',
    });
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
