// Where the tests' PGlite folders live.
import { statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';

/**
 * The free space a memory-backed folder must have to be used: the suite's two templates (about 40 MB each), two
 * workers' databases and their imports (the largest, `vintages.test.ts`, a few hundred MB). A container's /dev/shm is
 * often 64 MB, which would fill at once.
 */
const roomNeeded = 2 * 1024 ** 3;

/** `folder` when it exists and has `bytes` free, else the system's temporary folder. */
export function scratchIn(folder: string, bytes = roomNeeded): string {
  try {
    const { bavail, bsize } = statfsSync(folder);
    return bavail * bsize >= bytes ? folder : tmpdir();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return tmpdir();
    throw error;
  }
}

/**
 * Memory-backed /dev/shm where the machine has it with room. A folder there is what `npm start` runs on (PGlite's node
 * file system) without PGlite's in-memory file system, which copies a whole relation file each time postgres extends
 * it: a fifth of the integration suite's CPU went to that and to its garbage (docs/operations.md, Test time).
 */
export const scratch = scratchIn('/dev/shm');
