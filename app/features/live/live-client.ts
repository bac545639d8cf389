// The page's one live connection (docs/decisions/132): every component that wants live messages shares one channel;
// the datasets it listens to are the union of what mounted components watch, and a change rejoins with the new list.
import { fetchTransport, LiveChannel, type ChannelState, type LiveEvent } from './channel';

type Handler = (event: LiveEvent) => void;

class LiveClient {
  private channel: LiveChannel | null = null;
  private readonly watched = new Map<number, number>();
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly stateHandlers = new Set<(state: ChannelState) => void>();
  private joinedFor = '';
  private restart: ReturnType<typeof setTimeout> | null = null;

  /** Watches a dataset (and, when signed in, the account's notifications); returns the function that stops. */
  watch(datasetId: number | null): () => void {
    if (datasetId !== null) this.watched.set(datasetId, (this.watched.get(datasetId) ?? 0) + 1);
    this.schedule();
    return () => {
      if (datasetId !== null) {
        const left = (this.watched.get(datasetId) ?? 1) - 1;
        if (left <= 0) this.watched.delete(datasetId);
        else this.watched.set(datasetId, left);
      }
      this.schedule();
    };
  }

  on(event: string, handler: Handler): () => void {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    set.add(handler);
    return () => set.delete(handler);
  }

  onState(handler: (state: ChannelState) => void): () => void {
    this.stateHandlers.add(handler);
    return () => this.stateHandlers.delete(handler);
  }

  /** Components mount and unmount together on navigation: join once they have settled. */
  private schedule(): void {
    if (this.restart) clearTimeout(this.restart);
    this.restart = setTimeout(() => this.sync(), 50);
  }

  private sync(): void {
    this.restart = null;
    const ids = [...this.watched.keys()].sort((a, b) => a - b).join(',');
    const wanted = this.watched.size > 0 || this.handlers.get('notification')?.size;
    if (this.channel && (!wanted || ids !== this.joinedFor)) {
      this.channel.unsubscribe();
      this.channel = null;
    }
    if (!wanted || this.channel) return;
    this.joinedFor = ids;
    const channel = new LiveChannel({
      url: (last) =>
        `/api/live?${new URLSearchParams({ ...(ids ? { datasets: ids } : {}), ...(last ? { last_event_id: last } : {}) })}`,
      transport: fetchTransport,
    });
    for (const event of ['dataset.updated', 'notification', 'resync']) {
      channel.on(event, (e) => {
        for (const h of this.handlers.get(event) ?? []) h(e);
      });
    }
    channel.onState((s) => {
      // On the page too, as the charts' data-measured is: a check can wait for the channel instead of for a while.
      document.documentElement.dataset.live = s;
      for (const h of this.stateHandlers) h(s);
    });
    this.channel = channel;
    channel.subscribe();
  }

  get state(): ChannelState {
    return this.channel?.state ?? 'closed';
  }
}

let client: LiveClient | null = null;

/** The page's live client (browser only). */
export function liveClient(): LiveClient {
  client ??= new LiveClient();
  return client;
}
