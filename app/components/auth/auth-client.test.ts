// The browser's auth calls: a read that never answers is given up and tried again, so a page never waits on it forever.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_READ_TIMEOUT_MS, fetchSession, signOutRequest } from './auth-client';

/** Stubs a fetch whose first `hanging` calls never answer (until aborted), then answer `{ session: null }`. */
function fetchThatHangs(hanging: number) {
  const calls: { method: string; aborted: () => boolean }[] = [];
  const fetch = vi.fn((_path: string, init: RequestInit) => {
    const signal = init.signal;
    calls.push({ method: init.method ?? 'GET', aborted: () => signal?.aborted === true });
    if (calls.length > hanging)
      return Promise.resolve(new Response(JSON.stringify({ session: null }), { status: 200 }));
    return new Promise<Response>((_resolve, reject) => {
      signal?.addEventListener('abort', () => reject(signal.reason));
    });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

describe('authRequest', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('window', {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('gives up a session read that does not answer within AUTH_READ_TIMEOUT_MS and tries again', async () => {
    const calls = fetchThatHangs(1);
    let settled = false;
    const result = fetchSession().finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(AUTH_READ_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    expect(calls[0]!.aborted()).toBe(false);
    await vi.advanceTimersByTimeAsync(1 + 200);
    expect(calls[0]!.aborted()).toBe(true);
    expect(await result).toEqual({ data: null });
    expect(calls).toHaveLength(2);
  });

  it('ends in an error, not a wait, when no read answers', async () => {
    const calls = fetchThatHangs(Infinity);
    const result = fetchSession().then(
      () => 'answered',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(3 * AUTH_READ_TIMEOUT_MS + 200 + 400);
    expect(await result).toBeInstanceOf(Error);
    expect(calls).toHaveLength(3);
  });

  it('never gives up a write: a sign-out waits for its answer', async () => {
    const calls = fetchThatHangs(Infinity);
    void signOutRequest();
    await vi.advanceTimersByTimeAsync(5 * AUTH_READ_TIMEOUT_MS);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.aborted()).toBe(false);
  });
});
