// What an unfollow leaves on screen (decision 198): the message, and an Undo that follows the same view again with
// the settings it had (its title, note, colours and periods), until the page is left.
import { useState } from 'react';

export function UnfollowNotice(props: { message: string; onUndo: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2" data-unfollowed>
      <span>{props.message}</span>
      <button
        type="button"
        className="font-medium text-brand-dark underline disabled:opacity-60 dark:text-brand"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void props.onUndo().finally(() => setBusy(false));
        }}
      >
        Undo
      </button>
    </span>
  );
}
