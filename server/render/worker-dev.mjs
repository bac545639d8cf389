// The drawing thread from the sources (tests, `npm run dev`): tsx compiles them in the thread. A build runs
// build/app-server/render-worker.mjs instead (scripts/build-if-stale.mjs, decision 182).
import { tsImport } from 'tsx/esm/api';

await tsImport('./worker.ts', import.meta.url);
