// Waiting on a condition, not for a fixed time.

/**
 * Resolves once `check` holds, polling every `everyMs`; fails naming `what` after `limitMs`. The limit is for a hang,
 * not for speed: on PostgreSQL a notice comes through the server, which a busy CI machine can hold up for seconds, and
 * a short wait that went on silently failed the checks after it instead (cache-registry in CI, 2026-12-01).
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  { limitMs = 60_000, everyMs = 10 }: { limitMs?: number; everyMs?: number } = {},
): Promise<void> {
  for (const started = Date.now(); !(await check()); await new Promise((r) => setTimeout(r, everyMs))) {
    if (Date.now() - started > limitMs) throw new Error(`not within ${limitMs / 1000} s: ${what}`);
  }
}
