// The files of a worker share one global scope (isolate: false, vitest.config.ts). @hono/node-server's listener
// (createAppServer, as in production) puts its lightweight Request and Response in place of Node's; a later file of the
// same worker would then build its answers with them (a header set after the body was read is lost, decision 182's
// test once took a page's CSP away from security-headers.test.ts). So every global the files use is put back after
// each file. (Telling the listener not to replace them is no way out: Hono's bodyLimit then fails on its requests.)
// The environment too: a file that sets a variable for its servers or for the code it calls (SMTP_URL, DATA_MIRROR, …)
// has it taken back when it ends, so that later files of the worker start with the worker's own.
import { afterAll } from 'vitest';

const watched = ['Request', 'Response', 'Headers', 'fetch'] as const;
const originals = new Map(watched.map((name) => [name, globalThis[name]] as const));
const environment = { ...process.env };

afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
  for (const name of watched) {
    if (globalThis[name] !== originals.get(name))
      Object.defineProperty(globalThis, name, { value: originals.get(name), writable: true, configurable: true });
  }
});
