// Redis pub/sub for live updates when REDIS_URL is set (docs/decisions/131): one connection publishes, one subscribes
// (a subscribed Redis connection can do nothing else). ioredis reconnects by itself and subscribes again.
import { Redis } from 'ioredis';

export interface RedisBus {
  publish(channel: string, payload: string): Promise<void>;
  /** Resolves once subscribed, with the function that unsubscribes. */
  subscribe(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export function redisBus(url: string): RedisBus {
  let publisher: Redis | null = null;
  let subscriber: Redis | null = null;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const options = { maxRetriesPerRequest: 3, lazyConnect: false };
  return {
    async publish(channel, payload) {
      publisher ??= new Redis(url, options);
      await publisher.publish(channel, payload);
    },
    async subscribe(channel, onMessage) {
      if (!subscriber) {
        subscriber = new Redis(url, options);
        subscriber.on('message', (ch: string, message: string) => {
          for (const handler of handlers.get(ch) ?? []) handler(message);
        });
      }
      let set = handlers.get(channel);
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(onMessage);
      await subscriber.subscribe(channel);
      return async () => {
        set.delete(onMessage);
        if (set.size === 0) {
          handlers.delete(channel);
          await subscriber?.unsubscribe(channel);
        }
      };
    },
    async close() {
      await Promise.all([publisher?.quit(), subscriber?.quit()]);
      publisher = null;
      subscriber = null;
    },
  };
}
