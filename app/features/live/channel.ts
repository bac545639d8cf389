// The live channel's client (docs/decisions/132): the specification's realtime states and constants over the
// server's Server-Sent Events stream (/api/live). Channel states closed → joining → joined (→ leaving → closed), or
// errored after a failed or timed-out join or a dropped stream, which schedules a rejoin after 1, 2, 5, 10 s, then
// 10 s. A stream that sends nothing (not even its 25 s heartbeat) for heartbeat + join timeout is taken for dead.

export type ChannelState = 'closed' | 'joining' | 'joined' | 'leaving' | 'errored';
export type ConnectionState = 'connecting' | 'open' | 'closing' | 'closed';
export type SubscribeStatus = 'SUBSCRIBED' | 'TIMED_OUT' | 'CLOSED' | 'CHANNEL_ERROR';

/** Join timeout (the specification's realtime timeout). */
export const JOIN_TIMEOUT_MS = 10_000;
/** The server's heartbeat interval. */
export const HEARTBEAT_MS = 25_000;
/** Messages kept for listeners that were not there yet (the specification's push buffer). */
export const PUSH_BUFFER = 100;
/** Rejoin delays after the 1st, 2nd, 3rd, 4th failure; every later one waits the last. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;

export function reconnectDelay(failures: number): number {
  return RECONNECT_DELAYS_MS[Math.min(Math.max(failures, 1), RECONNECT_DELAYS_MS.length) - 1]!;
}

export interface LiveEvent {
  id?: string;
  event: string;
  data: Record<string, unknown>;
}

export interface TransportHandlers {
  onOpen(): void;
  onEvent(event: LiveEvent): void;
  /** Any bytes, a heartbeat comment included: the stream is alive. */
  onActivity(): void;
  onError(reason: string): void;
}

/** One connection to the stream; `close()` ends it without calling the handlers again. */
export type Transport = (url: string, handlers: TransportHandlers) => { close(): void };

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

type Listener = (event: LiveEvent) => void;

export class LiveChannel {
  state: ChannelState = 'closed';
  connectionState: ConnectionState = 'closed';
  /** Failed joins in a row; reset by a successful join. */
  failures = 0;
  lastEventId: string | null = null;
  private connection: { close(): void } | null = null;
  private joinTimer: unknown = null;
  private silenceTimer: unknown = null;
  private rejoinTimer: unknown = null;
  private callback: ((status: SubscribeStatus, reason?: string) => void) | null = null;
  private readonly listeners = new Map<string, Set<Listener>>();
  /** Messages that arrived for an event nobody listened to yet, at most PUSH_BUFFER, handed to the first listener. */
  private readonly buffer: LiveEvent[] = [];
  private readonly stateListeners = new Set<(state: ChannelState) => void>();

  constructor(
    private readonly opts: {
      /** The stream's address, given the last event id to resume after. */
      url: (lastEventId: string | null) => string;
      transport: Transport;
      timers?: Timers;
    },
  ) {}

  private get timers(): Timers {
    return this.opts.timers ?? realTimers;
  }

  /** Listens to one kind of message (`dataset.updated`, `notification`, `resync`). */
  on(event: string, listener: Listener): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    const waiting = this.buffer.filter((e) => e.event === event);
    if (waiting.length > 0) {
      this.buffer.splice(0, this.buffer.length, ...this.buffer.filter((e) => e.event !== event));
      for (const e of waiting) listener(e);
    }
    return () => set.delete(listener);
  }

  onState(listener: (state: ChannelState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  subscribe(callback?: (status: SubscribeStatus, reason?: string) => void): this {
    this.callback = callback ?? null;
    if (this.state === 'joined' || this.state === 'joining') return this;
    this.join();
    return this;
  }

  /** Leaves: closes the stream and cancels any rejoin. */
  unsubscribe(): void {
    this.setState('leaving');
    this.clearTimers();
    this.connectionState = 'closing';
    this.connection?.close();
    this.connection = null;
    this.connectionState = 'closed';
    this.setState('closed');
    this.failures = 0;
    this.callback?.('CLOSED');
  }

  private setState(state: ChannelState): void {
    if (this.state === state) return;
    this.state = state;
    for (const l of this.stateListeners) l(state);
  }

  private clearTimers(): void {
    for (const t of [this.joinTimer, this.silenceTimer, this.rejoinTimer]) if (t !== null) this.timers.clearTimeout(t);
    this.joinTimer = this.silenceTimer = this.rejoinTimer = null;
  }

  private join(): void {
    this.clearTimers();
    this.setState('joining');
    this.connectionState = 'connecting';
    this.joinTimer = this.timers.setTimeout(() => this.fail('TIMED_OUT', 'join timed out'), JOIN_TIMEOUT_MS);
    this.connection = this.opts.transport(this.opts.url(this.lastEventId), {
      onOpen: () => {
        this.connectionState = 'open';
      },
      onActivity: () => this.armSilence(),
      onEvent: (event) => this.receive(event),
      onError: (reason) => this.fail('CHANNEL_ERROR', reason),
    });
  }

  /** A stream that has said nothing for a heartbeat and a join timeout is dead. */
  private armSilence(): void {
    if (this.state !== 'joined') return;
    if (this.silenceTimer !== null) this.timers.clearTimeout(this.silenceTimer);
    this.silenceTimer = this.timers.setTimeout(
      () => this.fail('CHANNEL_ERROR', 'no heartbeat'),
      HEARTBEAT_MS + JOIN_TIMEOUT_MS,
    );
  }

  private receive(event: LiveEvent): void {
    if (event.event === 'joined') {
      if (this.state !== 'joining') return;
      if (this.joinTimer !== null) this.timers.clearTimeout(this.joinTimer);
      this.joinTimer = null;
      this.failures = 0;
      this.setState('joined');
      this.armSilence();
      this.callback?.('SUBSCRIBED');
      return;
    }
    if (this.state !== 'joined') return;
    if (event.id) this.lastEventId = event.id;
    const set = this.listeners.get(event.event);
    if (set && set.size > 0) for (const l of [...set]) l(event);
    else {
      this.buffer.push(event);
      if (this.buffer.length > PUSH_BUFFER) this.buffer.shift();
    }
  }

  private fail(status: 'TIMED_OUT' | 'CHANNEL_ERROR', reason: string): void {
    if (this.state === 'closed' || this.state === 'leaving' || this.state === 'errored') return;
    this.clearTimers();
    this.connection?.close();
    this.connection = null;
    this.connectionState = 'closed';
    this.setState('errored');
    this.failures++;
    this.callback?.(status, reason);
    this.rejoinTimer = this.timers.setTimeout(() => {
      this.rejoinTimer = null;
      this.join();
    }, reconnectDelay(this.failures));
  }
}

/** Splits Server-Sent Events text into events; returns what is left of an unfinished event. */
export function parseSse(text: string): { events: LiveEvent[]; comments: number; rest: string } {
  const events: LiveEvent[] = [];
  let comments = 0;
  const blocks = text.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments++;
      else if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('id:')) id = line.slice(3).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length === 0) continue;
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(data.join('\n')) as Record<string, unknown>;
    } catch {
      parsed = { text: data.join('\n') };
    }
    events.push({ id, event, data: parsed });
  }
  return { events, comments, rest };
}

/** The browser's transport: fetch with a streamed body (EventSource would retry on its own schedule). */
export const fetchTransport: Transport = (url, handlers) => {
  const controller = new AbortController();
  let closed = false;
  const fail = (reason: string) => {
    if (!closed) handlers.onError(reason);
    closed = true;
  };
  void (async () => {
    try {
      const res = await fetch(url, {
        headers: { Accept: 'text/event-stream' },
        credentials: 'same-origin',
        cache: 'no-store',
        signal: controller.signal,
      });
      if (!res.ok || !res.body) return fail(`the stream answered ${res.status}`);
      handlers.onOpen();
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let pending = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return fail('the stream ended');
        if (closed) return;
        handlers.onActivity();
        const parsed = parseSse(pending + value);
        pending = parsed.rest;
        for (const e of parsed.events) handlers.onEvent(e);
      }
    } catch (error) {
      if (!closed) fail(error instanceof Error ? error.message : String(error));
    }
  })();
  return {
    close() {
      closed = true;
      controller.abort();
    },
  };
};
