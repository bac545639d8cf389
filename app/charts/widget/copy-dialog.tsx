// The API and Embed exports: a dialog with the URL or iframe snippet and a copy button with timed icon feedback.
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { copyText } from './widget-actions';
import { CheckIcon, CopyIcon } from './widget-icons';
import { BUTTON } from './widget-menus';

/** How long the copy button shows its check mark (specification §9). */
export const COPY_FEEDBACK_MS = { api: 3000, embed: 2000 } as const;

export interface CopyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  text: string;
  feedbackMs: number;
  /** A textarea for multi-line snippets, an input for URLs. */
  multiline?: boolean;
}

/** A copy button whose icon turns into a check for `feedbackMs` after a successful copy. */
export function CopyButton({ text, feedbackMs, label }: { text: string; feedbackMs: number; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), feedbackMs);
    return () => clearTimeout(timer);
  }, [copied, feedbackMs]);
  return (
    <button
      type="button"
      className={BUTTON}
      data-copied={copied ? 'true' : 'false'}
      aria-label={copied ? 'Copied' : label}
      onClick={() => {
        void copyText(text).then((ok) => ok && setCopied(true));
      }}
    >
      {copied ? <CheckIcon /> : <CopyIcon />}
      <span>{copied ? 'Copied' : 'Copy'}</span>
    </button>
  );
}

export function CopyDialog({ open, onOpenChange, title, description, text, feedbackMs, multiline }: CopyDialogProps) {
  const field =
    'w-full rounded-md border border-slate-300 bg-slate-50 px-2 py-1.5 font-mono text-xs text-slate-800 ' +
    'dark:border-slate-700 dark:bg-slate-950 dark:text-slate-200';
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <Dialog.Content
          className={
            'fixed top-1/2 left-1/2 z-50 w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg ' +
            'border border-slate-200 bg-white p-5 text-slate-900 shadow-xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100'
          }
        >
          <Dialog.Title className="text-base font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {description}
          </Dialog.Description>
          <div className="mt-4 flex items-start gap-2">
            {multiline ? (
              <textarea
                readOnly
                rows={4}
                value={text}
                aria-label={title}
                className={field}
                onFocus={(e) => e.target.select()}
              />
            ) : (
              <input readOnly value={text} aria-label={title} className={field} onFocus={(e) => e.target.select()} />
            )}
            <CopyButton text={text} feedbackMs={feedbackMs} label={`Copy ${title}`} />
          </div>
          <div className="mt-4 flex justify-end">
            <Dialog.Close className={BUTTON}>Close</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
