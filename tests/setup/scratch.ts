// Where the tests' PGlite folders live.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';

/**
 * Memory-backed /dev/shm where the machine has it. A folder there is what `npm start` runs on (PGlite's node file
 * system) without PGlite's in-memory file system, which copies a whole relation file each time postgres extends it: a
 * fifth of the integration suite's CPU went to that and to its garbage (docs/operations.md, Test time).
 */
export const scratch = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
