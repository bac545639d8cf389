// The look of the auth dialogs: dimmed overlay, centred card, title, description and a close button.
import { Dialog } from 'radix-ui';

export function DialogFrame(props: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50 backdrop-blur-[1px]" />
      <Dialog.Content
        className="fixed left-1/2 top-1/2 z-50 max-h-[92vh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 shadow-xl focus:outline-none dark:border-slate-700 dark:bg-slate-900"
        // Radix warns about a dialog without a description unless told there is none.
        {...(props.description ? {} : { 'aria-describedby': undefined })}
      >
        <div className="mb-5 pr-8">
          <Dialog.Title className="text-xl font-semibold text-slate-900 dark:text-slate-50">{props.title}</Dialog.Title>
          {props.description && (
            <Dialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {props.description}
            </Dialog.Description>
          )}
        </div>
        {props.children}
        <Dialog.Close
          aria-label="Close"
          className="absolute right-4 top-4 rounded-md p-1.5 text-slate-500 dark:text-slate-400 hover:bg-slate-100 hover:text-slate-800 dark:hover:bg-slate-800 dark:hover:text-slate-200"
        >
          <svg aria-hidden width="16" height="16" viewBox="0 0 16 16" stroke="currentColor" strokeWidth="1.8">
            <path d="M3 3l10 10M13 3 3 13" strokeLinecap="round" />
          </svg>
        </Dialog.Close>
      </Dialog.Content>
    </Dialog.Portal>
  );
}
