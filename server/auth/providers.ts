// Google and Microsoft sign-in: Better Auth's built-in providers, or any OpenID issuer standing in for them.
import type { GenericOAuthConfig } from 'better-auth/plugins/generic-oauth';
import type { AuthProviders } from '../../core/schemas/account';
import type { Config } from '../config';

export interface ProviderSetup {
  /** Built-in providers (Google's and Microsoft's own endpoints and key handling). */
  socialProviders: {
    google?: { clientId: string; clientSecret: string; prompt: 'select_account' };
    microsoft?: { clientId: string; clientSecret: string; tenantId: string; prompt: 'select_account' };
  };
  /** Providers found through OpenID discovery at a configured issuer (GOOGLE_ISSUER, MICROSOFT_ISSUER). */
  generic: GenericOAuthConfig[];
  /** Which buttons work; the modal explains the others are not configured. */
  available: AuthProviders;
}

export function providerSetup(config: Config): ProviderSetup {
  const setup: ProviderSetup = { socialProviders: {}, generic: [], available: { google: false, microsoft: false } };
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    setup.available.google = true;
    if (config.GOOGLE_ISSUER)
      setup.generic.push(oidc('google', config.GOOGLE_ISSUER, config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET));
    else
      setup.socialProviders.google = {
        clientId: config.GOOGLE_CLIENT_ID,
        clientSecret: config.GOOGLE_CLIENT_SECRET,
        prompt: 'select_account',
      };
  }
  if (config.MICROSOFT_CLIENT_ID && config.MICROSOFT_CLIENT_SECRET) {
    setup.available.microsoft = true;
    if (config.MICROSOFT_ISSUER)
      setup.generic.push(
        oidc('microsoft', config.MICROSOFT_ISSUER, config.MICROSOFT_CLIENT_ID, config.MICROSOFT_CLIENT_SECRET),
      );
    else
      setup.socialProviders.microsoft = {
        clientId: config.MICROSOFT_CLIENT_ID,
        clientSecret: config.MICROSOFT_CLIENT_SECRET,
        tenantId: config.MICROSOFT_TENANT_ID,
        prompt: 'select_account',
      };
  }
  return setup;
}

function oidc(
  providerId: 'google' | 'microsoft',
  issuer: string,
  clientId: string,
  clientSecret: string,
): GenericOAuthConfig {
  return {
    providerId,
    clientId,
    clientSecret,
    discoveryUrl: `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`,
    scopes: ['openid', 'email', 'profile'],
    // Identity must come from a signature-checked ID token, as with the real providers.
    requireIdTokenVerification: true,
  };
}
