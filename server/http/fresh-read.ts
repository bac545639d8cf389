// Many concurrent callers of one read share it, and each still sees a value read after it asked (issue 18).

/** Resolves after the current turn of the event loop: every request parsed in this turn has arrived by then. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Wraps `read` so that callers share reads: a read starts at the next turn of the event loop (so that the requests
 * that arrived together share it) and after the previous read ended, and every caller gets a read that started after
 * it called, so an import committed before the call is always seen. A burst of requests costs one or two reads.
 */
export function freshRead<T>(read: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | undefined;
  let waiting: Promise<T> | undefined;
  return () => {
    if (waiting) return waiting;
    const previous = current ? current.then(ignore, ignore) : Promise.resolve();
    const next = previous.then(nextTurn).then(() => {
      // From here on, callers wait for the read after this one: this one may have started before they called.
      if (waiting === next) waiting = undefined;
      const p = read();
      current = p;
      const clear = () => {
        if (current === p) current = undefined;
      };
      p.then(clear, clear);
      return p;
    });
    waiting = next;
    return next;
  };
}

function ignore(): void {}
