// Saves a followed chart's changes, debounced: changes within SAVE_DELAY_MS go in one PATCH, and what is pending
// when the page is left goes with keepalive, so a reload or another device sees the last change.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FollowSettings } from './follow-view';
import { saveFollow } from './follows-client';

export const SAVE_DELAY_MS = 600;

export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

export function useFollowSaver(followId: number | null) {
  const pending = useRef<FollowSettings | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const idRef = useRef(followId);
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [error, setError] = useState<string | null>(null);

  const flush = useCallback(async (keepalive = false) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const id = idRef.current;
    const settings = pending.current;
    if (id === null || !settings) return;
    pending.current = null;
    setStatus('saving');
    try {
      await saveFollow(id, { settings }, keepalive);
      if (!pending.current) setStatus('saved');
      setError(null);
    } catch (e) {
      // Keep what failed, under anything newer, and try again with the next change or on leaving.
      pending.current = { ...settings, ...(pending.current as FollowSettings | null) };
      setStatus('error');
      setError(e instanceof Error ? e.message : String(e));
    }
  }, []);

  useEffect(() => {
    idRef.current = followId;
    if (followId === null) pending.current = null;
  }, [followId]);

  useEffect(() => {
    const leave = () => void flush(true);
    const hidden = () => document.visibilityState === 'hidden' && leave();
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      leave();
    };
  }, [flush]);

  /** Queues a change; saved SAVE_DELAY_MS after the last one. */
  const save = useCallback(
    (change: FollowSettings) => {
      if (idRef.current === null || Object.keys(change).length === 0) return;
      pending.current = { ...pending.current, ...change };
      setStatus('pending');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), SAVE_DELAY_MS);
    },
    [flush],
  );

  return { save, flush, status, error };
}
