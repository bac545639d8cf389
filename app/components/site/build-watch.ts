// Polls the build manifest (/builds/latest.json); once a new build is out, the next navigation loads a fresh page.
import { useEffect, useRef } from 'react';
import { useNavigation } from 'react-router';
import { debugLog } from './debug-log';

export const BUILD_MANIFEST_URL = '/builds/latest.json';
/** How often the manifest is asked for while the page is open (also on return to the tab). */
export const BUILD_POLL_MS = 60_000;
/** The specification's reload guard: no second reload within 10 s, so a lagging server cannot cause a loop. */
export const RELOAD_GUARD_MS = 10_000;
const RELOADED_AT_KEY = 'build-reloaded-at';

/** The build the page was loaded with, from React Router's manifest. */
function loadedVersion(): string | undefined {
  const manifest = (window as { __reactRouterManifest?: { version?: unknown } }).__reactRouterManifest;
  return typeof manifest?.version === 'string' ? manifest.version : undefined;
}

/** Whether a reload happened less than the guard time ago; records `now` when it is allowed. */
export function claimReload(storage: Pick<Storage, 'getItem' | 'setItem'>, now: number): boolean {
  const last = Number(storage.getItem(RELOADED_AT_KEY) ?? 0);
  if (Number.isFinite(last) && now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(RELOADED_AT_KEY, String(now));
  return true;
}

export function useBuildWatch(): void {
  const stale = useRef(false);
  const navigation = useNavigation();

  useEffect(() => {
    let known = loadedVersion();
    const check = async () => {
      try {
        const res = await fetch(BUILD_MANIFEST_URL, { cache: 'no-store', headers: { Accept: 'application/json' } });
        if (!res.ok) return;
        const body: unknown = await res.json();
        const version = body && typeof body === 'object' && 'version' in body ? body.version : undefined;
        if (typeof version !== 'string') return;
        known ??= version;
        if (version !== known && !stale.current) {
          stale.current = true;
          debugLog('build', `new build ${version} (page has ${known}): the next navigation reloads`);
        }
      } catch {
        // Offline or the server is restarting: try again at the next poll.
      }
    };
    void check();
    const timer = window.setInterval(() => void check(), BUILD_POLL_MS);
    const onVisible = () => document.visibilityState === 'visible' && void check();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  const target = navigation.location;
  useEffect(() => {
    if (!target || !stale.current) return;
    const href = `${target.pathname}${target.search}${target.hash}`;
    let allowed = true;
    try {
      allowed = claimReload(window.sessionStorage, Date.now());
    } catch {
      // Storage blocked: reload anyway; the new page has the new build, so there is no loop.
    }
    if (!allowed) return;
    debugLog('build', 'reloading into', href);
    window.location.assign(href);
  }, [target]);
}
