// The repository's folder (the nearest one above this module with a package.json). The same answer from the sources
// (db/, server/) and from the server bundle that `npm run build` writes into the build folder (decision 162).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function nearestPackageFolder(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json in ${from} or above it`);
  }
}

export const projectRoot = nearestPackageFolder(path.dirname(fileURLToPath(import.meta.url)));
