// The files of a worker share one global scope (isolate: false, vitest.config.ts). @hono/node-server's listener
// (createAppServer, as in production) puts its lightweight Request and Response in place of Node's; a later file of the
// same worker would then build its answers with them (a header set after the body was read is lost, decision 182's
// test once took a page's CSP away from security-headers.test.ts). So every global the files use is put back after
// each file. (Telling the listener not to replace them is no way out: Hono's bodyLimit then fails on its requests.)
import { afterAll } from 'vitest';

const watched = ['Request', 'Response', 'Headers', 'fetch'] as const;
const originals = new Map(watched.map((name) => [name, globalThis[name]] as const));

afterAll(() => {
  for (const name of watched) {
    if (globalThis[name] !== originals.get(name))
      Object.defineProperty(globalThis, name, { value: originals.get(name), writable: true, configurable: true });
  }
});
