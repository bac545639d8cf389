// The cookies a test client keeps between requests, as a browser would: set by Set-Cookie, dropped when a Set-Cookie
// expires them (Max-Age=0 or an empty value), sent back in one Cookie header. The integration harness, the attack
// suite and the cluster test's clients share it.
export class CookieJar {
  readonly cookies = new Map<string, string>();

  /** Keeps what each Set-Cookie header line says. */
  keep(setCookies: readonly string[]): void {
    for (const cookie of setCookies) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/max-age=0/i.test(cookie) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** The Cookie header to send, or undefined when there is nothing to send. */
  header(): string | undefined {
    return this.cookies.size > 0 ? [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
  }
}
