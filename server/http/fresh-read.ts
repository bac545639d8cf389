// Many concurrent callers of one read share it, and each still sees a value read after it asked (issue 18).

/**
 * Wraps `read` so that callers arriving while a read is in flight share the next one, started once the current one
 * ends: at most two reads run per burst of callers however many there are, and no caller gets a value read before it
 * called (an import that committed before the call is always seen).
 */
export function freshRead<T>(read: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | undefined;
  let queued: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const p = read();
    current = p;
    const clear = () => {
      if (current === p) current = undefined;
    };
    p.then(clear, clear);
    return p;
  };
  return () => {
    if (!current) return start();
    if (!queued) {
      const settled = current.then(
        () => undefined,
        () => undefined,
      );
      queued = settled.then(() => {
        queued = undefined;
        return start();
      });
    }
    return queued;
  };
}
