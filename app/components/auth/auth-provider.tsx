// React access to the auth state: one store per page load, kept in step with other tabs and the session's expiry.
import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import type { AccountSession, AuthProviders } from '#core/schemas/account';
import { fetchSession, signOutRequest, type AuthError } from './auth-client';
import { AuthStore, type AuthSnapshot } from './auth-store';

interface AuthContextValue {
  store: AuthStore;
  providers: AuthProviders;
}

const AuthContext = createContext<AuthContextValue | null>(null);
const focusRefreshMs = 30_000;

export function AuthProvider(props: {
  initialSession: AccountSession | null;
  providers: AuthProviders;
  children: React.ReactNode;
}) {
  const navigate = useNavigate();
  const [store] = useState(
    () =>
      new AuthStore({
        initialSession: props.initialSession,
        fetchSession,
        signOutRequest,
        // Only in the browser: on the server a channel would outlive the request.
        channel:
          typeof window !== 'undefined' && 'BroadcastChannel' in window ? new BroadcastChannel('statpub-auth') : null,
      }),
  );

  useEffect(() => {
    // <html data-auth="ready"> once the page is interactive and the session is known (tests and styles can wait on it).
    void store.initialize().then(() => {
      document.documentElement.dataset.auth = 'ready';
    });
    store.start();
    let lastCheck = Date.now();
    const onVisible = () => {
      // A tab coming back may have missed a sign-out on another device.
      if (document.visibilityState === 'visible' && Date.now() - lastCheck > focusRefreshMs) {
        lastCheck = Date.now();
        void store.refresh();
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    const stopListening = store.onAuthStateChange((event, _session, source) => {
      if (event === 'SIGNED_OUT' && source === 'remote' && window.location.pathname.startsWith('/app')) {
        void navigate('/');
      }
    });
    return () => {
      store.stop();
      stopListening();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [store, navigate]);

  // Loaders read the session on every navigation; a change there (onboarding saved, cookie gone) reaches the store.
  useEffect(() => {
    store.sync(props.initialSession);
  }, [store, props.initialSession]);

  const value = useMemo(() => ({ store, providers: props.providers }), [store, props.providers]);
  return <AuthContext.Provider value={value}>{props.children}</AuthContext.Provider>;
}

export interface UseAuth extends AuthSnapshot {
  store: AuthStore;
  providers: AuthProviders;
  /** Signs out, then goes to / unless `stay`. */
  signOut(options?: { stay?: boolean }): Promise<{ error?: AuthError }>;
}

export function useAuth(): UseAuth {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth needs <AuthProvider> (app/root.tsx)');
  const navigate = useNavigate();
  const snapshot = useSyncExternalStore(context.store.subscribe, context.store.getSnapshot, context.store.getSnapshot);
  return {
    ...snapshot,
    store: context.store,
    providers: context.providers,
    async signOut(options) {
      const result = await context.store.signOut();
      if (!result.error && !options?.stay) await navigate('/');
      return result;
    },
  };
}
