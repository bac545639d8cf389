// /account-deleted: where a user lands after deleting the account.
import { Link } from 'react-router';

export function meta() {
  return [{ title: 'Account deleted · Statistics publisher' }, { name: 'robots', content: 'noindex' }];
}

export default function AccountDeleted() {
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <h1 className="text-2xl font-semibold">Your account has been deleted</h1>
      <p className="text-slate-600 dark:text-slate-300">
        We removed your account and signed you out on every device. Public charts and datasets stay open to everyone.
      </p>
      <Link to="/" className="font-medium text-brand-dark underline dark:text-brand">
        Back to the home page
      </Link>
    </div>
  );
}
