// The recovery codes, shown once: each signs in once when the authenticator app is not at hand.
import { useState } from 'react';

export function RecoveryCodes(props: { codes: string[]; onDone(): void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="space-y-3">
      <p className="text-sm font-medium">Save your recovery codes</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Keep them somewhere safe. Each code works once, if you lose your authenticator app. They are not shown again.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid max-w-sm grid-cols-2 gap-2 rounded-md bg-slate-100 p-3 font-mono text-sm dark:bg-slate-800"
      >
        {props.codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex gap-3">
        <button
          type="button"
          className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
          onClick={() => {
            void navigator.clipboard
              ?.writeText(props.codes.join('\n'))
              .then(() => setCopied(true))
              .catch((error: unknown) => console.warn('copy failed', error));
          }}
        >
          {copied ? 'Copied' : 'Copy codes'}
        </button>
        <button
          type="button"
          className="rounded-md bg-brand-dark px-3 py-1.5 text-sm font-semibold text-white hover:bg-[#237530]"
          onClick={props.onDone}
        >
          I have saved them
        </button>
      </div>
    </div>
  );
}
