// A local OpenID provider (oauth2-mock-server) standing in for Google or Microsoft; a test picks who signs in.
import { OAuth2Server } from 'oauth2-mock-server';

export interface OidcUser {
  sub: string;
  email: string;
  name: string;
  email_verified?: boolean;
}

export interface OidcPeer {
  /** GOOGLE_ISSUER / MICROSOFT_ISSUER for the app. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The identity in the tokens of the next sign-ins. */
  signInAs(user: OidcUser): void;
  close(): Promise<void>;
}

export async function startOidc(clientId: string): Promise<OidcPeer> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  let user: OidcUser = { sub: 'nobody', email: 'nobody@example.org', name: 'Nobody' };
  server.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, {
      sub: user.sub,
      email: user.email,
      email_verified: user.email_verified ?? true,
      name: user.name,
    });
  });
  return {
    issuer: server.issuer.url!,
    clientId,
    clientSecret: `${clientId}-secret`,
    signInAs: (next) => {
      user = next;
    },
    close: () => server.stop(),
  };
}
