// The route guard for /app loaders: the visitor's session, or a redirect to /auth that remembers the path.
import { redirect, type AppLoadContext } from 'react-router';
import { guardDecision } from '#core/route-guard';
import type { AccountSession } from '#core/schemas/account';

/**
 * Every /app loader calls this (loaders of nested routes run in parallel, so the layout alone is not enough).
 * Returns null only when the guard lets a visit through without a session (an OAuth or confirmation return).
 */
export function requireSession(request: Request, context: AppLoadContext): AccountSession | null {
  const { session, sessionError } = context.auth;
  const decision = guardDecision(new URL(request.url), sessionError ? 'error' : session ? 'present' : 'absent');
  if (decision.action === 'redirect') throw redirect(decision.location);
  return session;
}
