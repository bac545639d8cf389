// The live channel's state machine, join timeout, heartbeat watch and reconnect delays, with fake timers and a
// transport the test drives (the server's side is tested in tests/integration/live.test.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  HEARTBEAT_MS,
  JOIN_TIMEOUT_MS,
  LiveChannel,
  parseSse,
  PUSH_BUFFER,
  reconnectDelay,
  type ChannelState,
  type SubscribeStatus,
  type TransportHandlers,
} from './channel';

interface FakeConnection {
  url: string;
  handlers: TransportHandlers;
  closed: boolean;
}

function setup() {
  const connections: FakeConnection[] = [];
  const channel = new LiveChannel({
    url: (last) => `/api/live?datasets=7${last ? `&last_event_id=${last}` : ''}`,
    transport: (url, handlers) => {
      const c: FakeConnection = { url, handlers, closed: false };
      connections.push(c);
      return { close: () => (c.closed = true) };
    },
  });
  const statuses: SubscribeStatus[] = [];
  const states: ChannelState[] = [];
  channel.onState((s) => states.push(s));
  const last = () => connections[connections.length - 1]!;
  const joinLast = () => {
    last().handlers.onOpen();
    last().handlers.onActivity();
    last().handlers.onEvent({ event: 'joined', data: { topics: ['dataset:7'] } });
  };
  return { channel, connections, statuses, states, last, joinLast };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('live channel', () => {
  it('has the specification constants', () => {
    expect(JOIN_TIMEOUT_MS).toBe(10_000);
    expect(HEARTBEAT_MS).toBe(25_000);
    expect(PUSH_BUFFER).toBe(100);
    expect([1, 2, 3, 4, 5, 6, 9].map(reconnectDelay)).toEqual([1000, 2000, 5000, 10000, 10000, 10000, 10000]);
  });

  it('goes closed → joining → joined and reports SUBSCRIBED; unsubscribe goes leaving → closed with CLOSED', () => {
    const { channel, statuses, states, last, joinLast } = setup();
    expect(channel.state).toBe('closed');
    channel.subscribe((s) => statuses.push(s));
    expect(channel.state).toBe('joining');
    expect(channel.connectionState).toBe('connecting');
    joinLast();
    expect(channel.state).toBe('joined');
    expect(channel.connectionState).toBe('open');
    expect(statuses).toEqual(['SUBSCRIBED']);
    channel.unsubscribe();
    expect(last().closed).toBe(true);
    expect(states).toEqual(['joining', 'joined', 'leaving', 'closed']);
    expect(statuses).toEqual(['SUBSCRIBED', 'CLOSED']);
    // Nothing rejoins after leaving.
    vi.advanceTimersByTime(60_000);
    expect(channel.state).toBe('closed');
  });

  it('times out a join after 10 s and retries after 1, 2, 5, 10, then 10 s', () => {
    const { channel, connections, statuses } = setup();
    channel.subscribe((s) => statuses.push(s));
    vi.advanceTimersByTime(JOIN_TIMEOUT_MS - 1);
    expect(channel.state).toBe('joining');
    vi.advanceTimersByTime(1);
    expect(channel.state).toBe('errored');
    expect(statuses).toEqual(['TIMED_OUT']);
    expect(connections[0]!.closed).toBe(true);
    const gaps: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const before = connections.length;
      let waited = 0;
      while (connections.length === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      gaps.push(waited);
      expect(channel.state).toBe('joining');
      vi.advanceTimersByTime(JOIN_TIMEOUT_MS);
    }
    expect(gaps).toEqual([1000, 2000, 5000, 10000, 10000]);
    expect(statuses.filter((s) => s === 'TIMED_OUT')).toHaveLength(6);
  });

  it('a dropped stream is CHANNEL_ERROR and rejoins; a successful join resets the delays', () => {
    const { channel, connections, statuses, last, joinLast } = setup();
    channel.subscribe((s) => statuses.push(s));
    joinLast();
    last().handlers.onError('the stream ended');
    expect(channel.state).toBe('errored');
    expect(statuses).toEqual(['SUBSCRIBED', 'CHANNEL_ERROR']);
    vi.advanceTimersByTime(999);
    expect(connections).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(connections).toHaveLength(2);
    last().handlers.onError('refused');
    vi.advanceTimersByTime(2000);
    expect(connections).toHaveLength(3);
    joinLast();
    expect(channel.failures).toBe(0);
    last().handlers.onError('the stream ended');
    vi.advanceTimersByTime(1000);
    expect(connections).toHaveLength(4);
  });

  it('takes a stream silent for longer than heartbeat + timeout for dead; heartbeats keep it', () => {
    const { channel, connections, statuses, last, joinLast } = setup();
    channel.subscribe((s) => statuses.push(s));
    joinLast();
    for (let i = 0; i < 4; i++) {
      vi.advanceTimersByTime(HEARTBEAT_MS);
      last().handlers.onActivity();
    }
    expect(channel.state).toBe('joined');
    vi.advanceTimersByTime(HEARTBEAT_MS + JOIN_TIMEOUT_MS);
    expect(channel.state).toBe('errored');
    expect(statuses).toEqual(['SUBSCRIBED', 'CHANNEL_ERROR']);
    expect(connections[0]!.closed).toBe(true);
  });

  it('hands messages to listeners, keeps up to 100 for late listeners, and resumes after the last id', () => {
    const { channel, last, joinLast } = setup();
    channel.subscribe();
    joinLast();
    for (let i = 1; i <= PUSH_BUFFER + 5; i++) {
      last().handlers.onEvent({ id: `m${i}`, event: 'notification', data: { n: i } });
    }
    const got: number[] = [];
    channel.on('notification', (e) => got.push(e.data.n as number));
    expect(got).toHaveLength(PUSH_BUFFER);
    expect(got[0]).toBe(6);
    last().handlers.onEvent({ id: 'm106', event: 'notification', data: { n: 106 } });
    expect(got.at(-1)).toBe(106);
    last().handlers.onError('the stream ended');
    vi.advanceTimersByTime(1000);
    expect(last().url).toBe('/api/live?datasets=7&last_event_id=m106');
  });
});

describe('parseSse', () => {
  it('reads events, ids and comments, and keeps an unfinished event for the next chunk', () => {
    const first = parseSse(
      'retry: 1000\nevent: joined\ndata: {"topics":[]}\n\n: heartbeat 1\n\nid: a1\nevent: dataset.upd',
    );
    expect(first.events).toEqual([{ event: 'joined', data: { topics: [] }, id: undefined }]);
    expect(first.comments).toBe(1);
    const second = parseSse(`${first.rest}ated\ndata: {"datasetId":7}\n\n`);
    expect(second.events).toEqual([{ id: 'a1', event: 'dataset.updated', data: { datasetId: 7 } }]);
    expect(second.rest).toBe('');
  });
});
