// Browser debug logging, on when local storage `debug` equals `1` (the specification's switch).

/** Whether the visitor switched debug logging on; false on the server and when storage is blocked. */
export function isDebugOn(): boolean {
  try {
    return typeof window !== 'undefined' && window.localStorage.getItem('debug') === '1';
  } catch {
    return false;
  }
}

/** Logs one line under a topic (navigation, theme, build, redirect …) when debug logging is on. */
export function debugLog(topic: string, ...details: unknown[]): void {
  if (isDebugOn()) console.debug(`[debug:${topic}]`, ...details);
}
