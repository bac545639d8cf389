// /confirm: the return from an e-mail confirmation link or from Google/Microsoft; signs in and moves on.
import { ConfirmView } from '../../components/auth/confirm-view';

export function meta() {
  return [{ title: 'Confirming · Statistics publisher' }, { name: 'robots', content: 'noindex' }];
}

export default function Confirm() {
  return <ConfirmView />;
}
