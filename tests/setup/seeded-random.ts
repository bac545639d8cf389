// One seeded random generator for the tests that make their inputs (the generated datasets, the attack fuzzer), so a
// run makes the same inputs every time and a failure names the seed that reproduces it.

/** mulberry32: small, fast, and good enough for test inputs (not for anything secret). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
