// Reading the live channel (server-sent events, /api/live) from a test: the events as they arrive, a wait for one,
// and a close. Through an in-process app (`app.request`) or a real server (`fetch`).
import { parseSse, type LiveEvent } from '../../app/features/live/channel';

export interface LiveStream {
  status: number;
  events: LiveEvent[];
  comments: number;
  /** The server ended the stream (or it was closed). */
  ended: boolean;
  /** The first event not taken yet that matches, waiting up to timeoutMs (default 15 s) for it. */
  next(match: (e: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  close(): void;
}

export async function openLiveStream(
  fetcher: (req: Request) => Response | Promise<Response>,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ stream: LiveStream; body: string }> {
  const controller = new AbortController();
  const res = await fetcher(new Request(url, { headers, signal: controller.signal }));
  const stream: LiveStream = {
    status: res.status,
    events: [],
    comments: 0,
    ended: false,
    next: () => Promise.reject(new Error('not a stream')),
    close: () => controller.abort(),
  };
  if (res.status !== 200 || !res.body) return { stream, body: await res.text() };
  const waiters: (() => void)[] = [];
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let pending = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return void (stream.ended = true);
        const parsed = parseSse(pending + value);
        pending = parsed.rest;
        stream.events.push(...parsed.events);
        stream.comments += parsed.comments;
        for (const wake of waiters.splice(0)) wake();
      }
    } catch {
      // Aborted by close().
      stream.ended = true;
    }
  })();
  const taken = new Set<LiveEvent>();
  stream.next = (match, timeoutMs = 15_000) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching event in time')), timeoutMs);
      const look = () => {
        const found = stream.events.find((e) => !taken.has(e) && match(e));
        if (!found) return waiters.push(look);
        taken.add(found);
        clearTimeout(timer);
        resolve(found);
      };
      look();
    });
  stream.close = () => {
    controller.abort();
    void reader.cancel().catch(() => {});
  };
  return { stream, body: '' };
}
