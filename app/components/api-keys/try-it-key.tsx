// The API reference's key field: the try-it forms send the visitor's API key, kept for this tab only.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';

const STORAGE_KEY = 'api-docs-key';

/** The key typed on the API reference, restored from this tab's session storage (never sent to our pages). */
export function useTryItKey(): [string, (key: string) => void] {
  const [key, setKey] = useState('');
  useEffect(() => {
    try {
      setKey(sessionStorage.getItem(STORAGE_KEY) ?? '');
    } catch {
      // Storage refused (private mode): the field starts empty.
    }
  }, []);
  const update = (next: string) => {
    setKey(next);
    try {
      if (next) sessionStorage.setItem(STORAGE_KEY, next);
      else sessionStorage.removeItem(STORAGE_KEY);
    } catch {
      // Kept in memory only.
    }
  };
  return [key, update];
}

/** The `Authorization` header the try-it forms add when a key is set. */
export function tryItHeaders(key: string): Record<string, string> {
  const trimmed = key.trim();
  return trimmed ? { Authorization: `Bearer ${trimmed}` } : {};
}

export function TryItKeyField({ value, onChange }: { value: string; onChange: (key: string) => void }) {
  return (
    <div className="rounded-lg border border-slate-200 p-4 text-sm dark:border-slate-800">
      <label htmlFor="try-it-key" className="block font-medium">
        Your API key
      </label>
      <input
        id="try-it-key"
        type="password"
        autoComplete="off"
        spellCheck={false}
        placeholder="spk_…"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="mt-1 w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 font-mono text-sm dark:border-slate-700 dark:bg-slate-900"
      />
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        The “Try it” forms send it as <code>Authorization: Bearer</code>, so the requests count against your account
        like your programs’. Without one they count against your session or your address. Create a key in{' '}
        <Link to="/app/settings">settings</Link>; it stays in this tab only.
      </p>
    </div>
  );
}
