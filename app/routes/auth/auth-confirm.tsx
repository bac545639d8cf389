// /auth/confirm: the confirmation step shown inside the sign-in page (same work as /confirm).
import { ConfirmView } from '../../components/auth/confirm-view';

export function meta() {
  return [{ title: 'Confirming · Statistics publisher' }, { name: 'robots', content: 'noindex' }];
}

export default function AuthConfirm() {
  return <ConfirmView />;
}
