// The auth state: initialisation, events, guarded sign-out that clears on 401/403/404, refresh, other tabs.
import { describe, expect, it, vi } from 'vitest';
import type { AccountSession } from '#core/schemas/account';
import type { AuthResult } from './auth-client';
import { AuthStore, type AuthEvent } from './auth-store';

const session = (name = 'Ada', expiresAt = '2099-01-01T00:00:00.000Z'): AccountSession => ({
  user: {
    id: 'u1',
    email: 'ada@example.org',
    name,
    emailVerified: true,
    image: null,
    twoFactorEnabled: false,
    onboarded: true,
    interests: [],
    createdAt: '2025-01-01T00:00:00.000Z',
  },
  session: { id: 's1', expiresAt },
});

const ok = <T>(data: T): AuthResult<T> => ({ data });
const fail = (status: number): AuthResult<never> => ({ error: { status, code: `http_${status}`, message: 'no' } });

function store(overrides: Partial<ConstructorParameters<typeof AuthStore>[0]> = {}) {
  const events: AuthEvent[] = [];
  const s = new AuthStore({
    initialSession: null,
    fetchSession: async () => ok(session()),
    signOutRequest: async () => ok({}),
    sleep: async () => {},
    ...overrides,
  });
  s.onAuthStateChange((event) => events.push(event));
  return { s, events };
}

describe('AuthStore', () => {
  it('starts loading, reads the session once, then is ready', async () => {
    const fetchSession = vi.fn(async () => ok(session()));
    const { s, events } = store({ fetchSession });
    expect(s.getSnapshot()).toEqual({ status: 'loading', session: null });
    await Promise.all([s.initialize(), s.initialize()]);
    expect(fetchSession).toHaveBeenCalledTimes(1);
    expect(s.getSnapshot().status).toBe('ready');
    expect(s.getSnapshot().session?.user.name).toBe('Ada');
    expect(events).toEqual(['INITIAL_SESSION']);
  });

  it('shares one request between concurrent sign-outs', async () => {
    const signOutRequest = vi.fn(async () => ok({}));
    const { s, events } = store({ initialSession: session(), signOutRequest });
    await Promise.all([s.signOut(), s.signOut(), s.signOut()]);
    expect(signOutRequest).toHaveBeenCalledTimes(1);
    expect(s.getSnapshot().session).toBeNull();
    expect(events).toEqual(['SIGNED_OUT']);
  });

  it.each([401, 403, 404])('clears the local session when sign-out answers %i', async (status) => {
    const { s } = store({ initialSession: session(), signOutRequest: async () => fail(status) });
    expect(await s.signOut()).toEqual({});
    expect(s.getSnapshot().session).toBeNull();
  });

  it('keeps the session and reports the error when sign-out fails otherwise', async () => {
    const { s, events } = store({ initialSession: session(), signOutRequest: async () => fail(500) });
    expect((await s.signOut()).error?.status).toBe(500);
    expect(s.getSnapshot().session).not.toBeNull();
    expect(events).toEqual([]);
  });

  it('refreshes: same user is TOKEN_REFRESHED, a changed profile USER_UPDATED, none SIGNED_OUT', async () => {
    let next: AccountSession | null = session();
    const { s, events } = store({ initialSession: session(), fetchSession: async () => ok(next) });
    await s.refresh();
    next = session('Ada L.');
    await s.refresh();
    next = null;
    await s.refresh();
    expect(events).toEqual(['TOKEN_REFRESHED', 'USER_UPDATED', 'SIGNED_OUT']);
  });

  it('retries a refresh on 503 with doubling waits, and drops the session on a non-retryable error', async () => {
    const waits: number[] = [];
    const answers = [fail(503), fail(503), ok(session())];
    const { s, events } = store({
      initialSession: session(),
      fetchSession: async () => answers.shift()!,
      sleep: async (ms) => void waits.push(ms),
    });
    await s.refresh();
    expect(waits).toEqual([200, 400]);
    expect(events).toEqual(['TOKEN_REFRESHED']);

    const broken = store({ initialSession: session(), fetchSession: async () => fail(500) });
    await broken.s.refresh();
    expect(broken.s.getSnapshot().session).toBeNull();
    expect(broken.events).toEqual(['SIGNED_OUT']);
  });

  it('gives up retrying after 30 seconds and keeps the session', async () => {
    let clock = 0;
    const { s } = store({
      initialSession: session(),
      fetchSession: async () => {
        throw new Error('offline');
      },
      now: () => clock,
      sleep: async (ms) => void (clock += ms),
    });
    await s.refresh();
    expect(clock).toBeLessThanOrEqual(30_000);
    expect(s.getSnapshot().session).not.toBeNull();
  });

  it('follows sign-in and sign-out in other tabs', async () => {
    const name = `auth-test-${Math.random()}`;
    const a = store({ channel: new BroadcastChannel(name), initialSession: null });
    const remote: string[] = [];
    const b = store({ channel: new BroadcastChannel(name), initialSession: null });
    b.s.onAuthStateChange((event, _s, source) => remote.push(`${event}:${source}`));

    await a.s.signedIn();
    await vi.waitFor(() => expect(b.s.getSnapshot().session?.user.id).toBe('u1'));
    await a.s.signOut();
    await vi.waitFor(() => expect(b.s.getSnapshot().session).toBeNull());
    expect(remote).toEqual(['SIGNED_IN:remote', 'SIGNED_OUT:remote']);
  });
});

describe('AuthStore.sync', () => {
  it("follows the server's session after a navigation, ignoring a mere expiry change", () => {
    const { s, events } = store({ initialSession: session() });
    s.sync(session('Ada', '2100-01-01T00:00:00.000Z'));
    s.sync(session('Ada Lovelace', '2100-01-01T00:00:00.000Z'));
    s.sync(null);
    expect(events).toEqual(['USER_UPDATED', 'SIGNED_OUT']);
  });
});
