// CSP nonces drawn from a pool of random bytes: each still 16 fresh bytes, never one twice.
import { describe, expect, it } from 'vitest';
import { newNonce } from './security-headers';

describe('newNonce', () => {
  it('gives 16 random bytes in base64, a different one every time, across many refills of its pool', () => {
    const nonces = Array.from({ length: 2_000 }, newNonce);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
    // Every byte value turns up: the bytes are spread, not a counter or a repeated block.
    const bytes = new Set(nonces.flatMap((n) => [...Buffer.from(n, 'base64')]));
    expect(bytes.size).toBe(256);
  });
});
