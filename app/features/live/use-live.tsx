// Live pages: a dataset page redraws its chart when new data lands ("Updated just now"), and the bell hears of new
// notifications, both over the page's one live connection.
import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { LiveEvent } from './channel';
import { liveClient } from './live-client';

export interface LiveDataset {
  /** Changes after each update has been loaded: a key that redraws the chart with the new data. */
  stamp: number;
  /** When the last update was loaded (ms), or null. */
  updatedAt: number | null;
}

/**
 * Watches a dataset (null: nothing, e.g. an embed) and reloads the page's data when an update of it lands. `data` is
 * what the page's loader gave (its chart data): the chart is redrawn once that has actually changed, because the
 * revalidation's promise can settle before the new loader data reaches the page.
 */
export function useLiveDataset(datasetId: number | null, data?: unknown): LiveDataset {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [state, setState] = useState<LiveDataset>({ stamp: 0, updatedAt: null });
  const pending = useRef(false);
  const shown = useRef(data);
  useEffect(() => {
    if (data === shown.current) return;
    shown.current = data;
    if (!pending.current) return;
    pending.current = false;
    setState((s) => ({ stamp: s.stamp + 1, updatedAt: Date.now() }));
  }, [data]);
  useEffect(() => {
    if (datasetId === null) return;
    const client = liveClient();
    const reload = () => {
      pending.current = true;
      void revalidate.current();
    };
    const offUpdate = client.on('dataset.updated', (e) => {
      if (Number(e.data.datasetId) === datasetId) reload();
    });
    // Messages were missed while the stream was down: load the page's data again.
    const offResync = client.on('resync', reload);
    const unwatch = client.watch(datasetId);
    return () => {
      offUpdate();
      offResync();
      unwatch();
    };
  }, [datasetId]);
  return state;
}

/** Calls `onNotification` for each notification the signed-in account receives while the page is open. */
export function useLiveNotifications(onNotification: (event: LiveEvent) => void): void {
  const handler = useRef(onNotification);
  handler.current = onNotification;
  useEffect(() => {
    const client = liveClient();
    const off = client.on('notification', (e) => handler.current(e));
    const unwatch = client.watch(null);
    return () => {
      off();
      unwatch();
    };
  }, []);
}

/** "Updated just now" under a chart that a live update redrew; after a minute, the time. */
export function UpdatedNote({ updatedAt }: { updatedAt: number | null }) {
  const [, tick] = useState(0);
  useEffect(() => {
    if (updatedAt === null) return;
    const timer = setInterval(() => tick((n) => n + 1), 30_000);
    return () => clearInterval(timer);
  }, [updatedAt]);
  if (updatedAt === null) return null;
  const fresh = Date.now() - updatedAt < 60_000;
  const time = new Date(updatedAt).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return (
    <p role="status" className="mt-2 flex items-center gap-2 text-sm text-brand-dark dark:text-brand">
      <span aria-hidden="true" className="inline-block size-2 rounded-full bg-brand" />
      {fresh ? 'Updated just now' : `Updated at ${time}`}
    </p>
  );
}
