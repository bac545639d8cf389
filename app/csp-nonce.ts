// The request's Content-Security-Policy nonce while the server renders a page (app/entry.server.tsx provides it),
// and the one setting the policy needs from the libraries: zod must not probe for eval.
import { createContext } from 'react';

/** Undefined in the browser: browsers hide a nonce from the DOM, and scripts added later are loaded by nonce'd ones. */
export const CspNonceContext = createContext<string | undefined>(undefined);

/**
 * The pages' CSP allows no eval. zod probes for it (`new Function('')`) when the first object schema is built, at
 * module load, and the browser reports each caught probe as a violation. zod keeps its settings in this global, so an
 * inline script in <head>, which runs before any module, switches the probe off (`z.config({ jitless: true })`).
 */
export const zodJitlessScript = '(globalThis.__zod_globalConfig??={}).jitless=true;';
