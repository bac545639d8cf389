// Absolute links in account e-mails, always built from PUBLIC_URL (never from a request's Host header).
import { safeNextPath } from '../../core/route-guard';

export function confirmLink(publicUrl: string, token: string, next: string | null): string {
  const url = new URL('/confirm', publicUrl);
  url.searchParams.set('token', token);
  const safe = safeNextPath(next);
  if (safe && safe !== '/') url.searchParams.set('next', safe);
  return url.toString();
}

export function resetLink(publicUrl: string, token: string): string {
  const url = new URL('/reset-password', publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

export function signInLink(publicUrl: string): string {
  return new URL('/auth', publicUrl).toString();
}
