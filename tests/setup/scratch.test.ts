import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchIn } from './scratch';

describe('scratchIn', () => {
  const folder = () => mkdtempSync(path.join(tmpdir(), 'scratch-'));

  it('takes a folder with the room asked for', () => {
    const dir = folder();
    expect(scratchIn(dir, 1)).toBe(dir);
    rmSync(dir, { recursive: true });
  });

  it('falls back to the temporary folder when the folder has less room than asked (a 64 MB /dev/shm)', () => {
    const dir = folder();
    expect(scratchIn(dir, Number.MAX_SAFE_INTEGER)).toBe(tmpdir());
    rmSync(dir, { recursive: true });
  });

  it('falls back to the temporary folder when the folder does not exist', () => {
    const dir = folder();
    rmSync(dir, { recursive: true });
    expect(scratchIn(dir, 1)).toBe(tmpdir());
  });
});
