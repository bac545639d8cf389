import { describe, expect, it } from 'vitest';
import { clamp, roundPx } from './pixels';

describe('roundPx', () => {
  it('rounds to two decimals and never yields NaN or -0', () => {
    expect(roundPx(12.34567)).toBe(12.35);
    expect(roundPx(-0.001)).toBe(0);
    expect(Object.is(roundPx(-0.001), -0)).toBe(false);
    expect(roundPx(Number.NaN)).toBe(0);
    expect(roundPx(Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe('clamp', () => {
  it('keeps a value inside the bounds', () => {
    expect(clamp(5, 0, 3)).toBe(3);
    expect(clamp(-1, 0, 3)).toBe(0);
    expect(clamp(2, 0, 3)).toBe(2);
  });
});
