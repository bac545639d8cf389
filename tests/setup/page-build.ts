// The pages' server build as the dev server makes it (the real route modules, entry and root loader), for tests that
// render pages through createApp in-process.
import path from 'node:path';
import type { ServerBuild } from 'react-router';
import { createServer as createViteServer } from 'vite';

const root = path.resolve(import.meta.dirname, '../..');

let built: Promise<ServerBuild> | undefined;

/**
 * Made once per worker (its files share one module graph, vitest.config.ts), about 5 CPU-seconds each time: the build
 * is the route modules as loaded, which an app only reads. A failed build is tried again by the next file.
 */
export function pageBuild(): Promise<ServerBuild> {
  built ??= loadPageBuild().catch((error: unknown) => {
    built = undefined;
    throw error;
  });
  return built;
}

async function loadPageBuild(): Promise<ServerBuild> {
  const vite = await createViteServer({
    root,
    logLevel: 'error',
    appType: 'custom',
    // ws: false, not only hmr: false: Vite 8 still opens its WebSocket port (24678) without it, and two test files
    // building pages at once then collide on that port.
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  });
  try {
    return (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
  } finally {
    await vite.close();
  }
}
