// A local copy of a prop the user can change (map settings, transform), reset whenever the prop itself changes.
import { useCallback, useState } from 'react';

/**
 * State that starts as `value` and starts over when `key` (what identifies the prop's value) changes;
 * the reset happens during render, React's pattern for state derived from props. The setter is stable.
 */
export function useSyncedState<T>(value: T, key: string): [T, (next: T) => void] {
  const [state, setState] = useState({ key, value });
  if (state.key !== key) setState({ key, value });
  const set = useCallback((next: T) => setState((s) => ({ key: s.key, value: next })), []);
  return [state.key === key ? state.value : value, set];
}
