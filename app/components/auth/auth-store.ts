// The browser's auth state (specification §4): loading then ready, the events, guarded sign-out, refresh, other tabs.
import type { AccountSession } from '#core/schemas/account';
import type { AuthError, AuthResult } from './auth-client';

export type AuthEvent =
  | 'INITIAL_SESSION'
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'TOKEN_REFRESHED'
  | 'USER_UPDATED'
  | 'PASSWORD_RECOVERY'
  | 'MFA_CHALLENGE_VERIFIED';

export interface AuthSnapshot {
  status: 'loading' | 'ready';
  session: AccountSession | null;
}

/** `remote`: the change happened in another tab of this browser. */
export type AuthListener = (event: AuthEvent, session: AccountSession | null, source: 'local' | 'remote') => void;

export interface AuthStoreDeps {
  initialSession: AccountSession | null;
  fetchSession: () => Promise<AuthResult<AccountSession | null>>;
  signOutRequest: () => Promise<AuthResult<unknown>>;
  /** Tabs of one browser share auth changes over this channel; null where BroadcastChannel is missing. */
  channel?: BroadcastChannel | null;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** The specification's constants: check every 30 s, refresh under 90 s left, retries from 200 ms within 30 s. */
export const refreshCheckMs = 30_000;
export const refreshMarginMs = 90_000;
const retryStartMs = 200;
const retryBudgetMs = 30_000;
/** Answers that end a session on the spot, even when sign-out itself failed. */
const goneStatuses = new Set([401, 403, 404]);
const retryableStatuses = new Set([502, 503, 504]);

export class AuthStore {
  private snapshot: AuthSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly authListeners = new Set<AuthListener>();
  private initializing: Promise<void> | null = null;
  private signingOut: Promise<{ error?: AuthError }> | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly deps: AuthStoreDeps) {
    this.snapshot = { status: 'loading', session: deps.initialSession };
    this.now = deps.now ?? Date.now;
    this.sleep = deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    deps.channel?.addEventListener('message', (message: MessageEvent<unknown>) => void this.onRemote(message.data));
  }

  getSnapshot = (): AuthSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  onAuthStateChange(listener: AuthListener): () => void {
    this.authListeners.add(listener);
    return () => this.authListeners.delete(listener);
  }

  /** Runs once: reads any existing session, then the state is ready. */
  initialize(): Promise<void> {
    this.initializing ??= (async () => {
      const result = await this.deps.fetchSession().catch(() => null);
      const session = result?.data !== undefined ? result.data : this.snapshot.session;
      this.set({ status: 'ready', session }, 'INITIAL_SESSION', 'local');
    })();
    return this.initializing;
  }

  /** After a sign-in completed (password, code, link or provider): reads the new session and tells the other tabs. */
  async signedIn(event: 'SIGNED_IN' | 'MFA_CHALLENGE_VERIFIED' = 'SIGNED_IN'): Promise<AccountSession | null> {
    const result = await this.deps.fetchSession();
    if (result.error) throw new Error(result.error.message);
    this.set({ status: 'ready', session: result.data }, event, 'local');
    this.broadcast(event);
    return result.data;
  }

  /** After the user's profile changed. */
  async userUpdated(): Promise<void> {
    const result = await this.deps.fetchSession();
    if (result.data !== undefined) {
      this.set({ status: 'ready', session: result.data }, 'USER_UPDATED', 'local');
      this.broadcast('USER_UPDATED');
    }
  }

  /** Takes the server's word for the session (a page load after an action); tells listeners what changed. */
  sync(session: AccountSession | null): void {
    const had = this.snapshot.session;
    if (JSON.stringify(had) === JSON.stringify(session)) return;
    const event: AuthEvent = !session
      ? 'SIGNED_OUT'
      : !had || had.user.id !== session.user.id
        ? 'SIGNED_IN'
        : 'USER_UPDATED';
    if (event === 'USER_UPDATED' && had && sameUser(had, session!)) return;
    this.set({ status: this.snapshot.status, session }, event, 'local');
    this.broadcast(event);
  }

  passwordRecovery(): void {
    this.emit('PASSWORD_RECOVERY', 'local');
  }

  /**
   * Guarded against concurrent calls (they share one request). The local session is cleared when the server
   * agrees, and also when it answers 401, 403 or 404 (the session is gone there anyway).
   */
  signOut(): Promise<{ error?: AuthError }> {
    this.signingOut ??= (async () => {
      try {
        const result = await this.deps.signOutRequest();
        if (result.error && !goneStatuses.has(result.error.status)) return { error: result.error };
        this.set({ status: 'ready', session: null }, 'SIGNED_OUT', 'local');
        this.broadcast('SIGNED_OUT');
        return {};
      } finally {
        this.signingOut = null;
      }
    })();
    return this.signingOut;
  }

  /**
   * Re-reads the session, which extends it on the server. Network failures and 502-504 are retried with backoff
   * from 200 ms, doubling, within 30 s; any other failure removes the session.
   */
  async refresh(): Promise<void> {
    const started = this.now();
    for (let wait = retryStartMs; ; wait *= 2) {
      let result: AuthResult<AccountSession | null> | null;
      try {
        result = await this.deps.fetchSession();
      } catch {
        result = null;
      }
      const retry = result === null || (result.error !== undefined && retryableStatuses.has(result.error.status));
      if (retry) {
        if (this.now() - started + wait > retryBudgetMs) return;
        await this.sleep(wait);
        continue;
      }
      const session = result!.data ?? null;
      const had = this.snapshot.session;
      if (!session) {
        if (had) this.set({ status: 'ready', session: null }, 'SIGNED_OUT', 'local');
        return;
      }
      const event: AuthEvent =
        had && had.user.id === session.user.id && !sameUser(had, session)
          ? 'USER_UPDATED'
          : had
            ? 'TOKEN_REFRESHED'
            : 'SIGNED_IN';
      this.set({ status: 'ready', session }, event, 'local');
      return;
    }
  }

  /** Starts the 30-second check: a session with under 90 seconds left is refreshed. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      const expiresAt = this.snapshot.session ? Date.parse(this.snapshot.session.session.expiresAt) : null;
      if (expiresAt !== null && expiresAt - this.now() < refreshMarginMs) void this.refresh();
    }, refreshCheckMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async onRemote(data: unknown): Promise<void> {
    const event = (data as { event?: AuthEvent } | null)?.event;
    if (event === 'SIGNED_OUT') {
      this.set({ status: 'ready', session: null }, 'SIGNED_OUT', 'remote');
    } else if (event === 'SIGNED_IN' || event === 'USER_UPDATED' || event === 'MFA_CHALLENGE_VERIFIED') {
      const result = await this.deps.fetchSession().catch(() => null);
      if (result?.data !== undefined) this.set({ status: 'ready', session: result.data }, event, 'remote');
    }
  }

  private broadcast(event: AuthEvent): void {
    this.deps.channel?.postMessage({ event });
  }

  private set(next: AuthSnapshot, event: AuthEvent, source: 'local' | 'remote'): void {
    this.snapshot = next;
    for (const listener of this.listeners) listener();
    this.emit(event, source);
  }

  private emit(event: AuthEvent, source: 'local' | 'remote'): void {
    for (const listener of this.authListeners) listener(event, this.snapshot.session, source);
  }
}

function sameUser(a: AccountSession, b: AccountSession): boolean {
  return JSON.stringify(a.user) === JSON.stringify(b.user);
}
