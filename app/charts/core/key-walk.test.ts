import { describe, expect, it } from 'vitest';
import { pointStep, regionStep } from './key-walk';

describe('pointStep', () => {
  it('steps back and forward along the axis, stopping at the ends; Home, End and Escape', () => {
    const keys = ['ArrowLeft', 'ArrowRight', 'Home', 'End', 'Escape'];
    expect(keys.map((k) => pointStep(k, 2, 5, 'x'))).toEqual([1, 3, 0, 4, null]);
    expect(pointStep('ArrowLeft', 0, 5, 'x')).toBe(0);
    expect(pointStep('ArrowRight', 4, 5, 'x')).toBe(4);
    // From nothing shown: forward starts at the first, back at the last.
    expect(pointStep('ArrowRight', null, 5, 'x')).toBe(0);
    expect(pointStep('ArrowLeft', null, 5, 'x')).toBe(4);
  });

  it('walks a horizontal bar chart with Up and Down, and answers no other key', () => {
    expect(pointStep('ArrowDown', 1, 3, 'y')).toBe(2);
    expect(pointStep('ArrowUp', 1, 3, 'y')).toBe(0);
    expect(pointStep('ArrowRight', 1, 3, 'y')).toBeUndefined();
    expect(pointStep('Enter', 1, 3, 'x')).toBeUndefined();
    expect(pointStep('End', null, 0, 'x')).toBeUndefined();
  });

  it('is self-contained: its source alone runs (the embed carries it)', () => {
    const copy = new Function(`return ${pointStep.toString()}`)() as typeof pointStep;
    expect(copy('End', null, 7, 'x')).toBe(6);
  });
});

describe('regionStep', () => {
  const names = ['Åland', 'Austria', 'Germany', 'Greece'];
  const steps = { ArrowRight: 'next', ArrowLeft: 'previous', Home: 'first', End: 'last' };

  it('starts, steps and jumps by letter round to the start, staying where no name begins with it', () => {
    expect(regionStep(names, -1, 'ArrowRight', steps)).toBe(0);
    expect(regionStep(names, -1, 'ArrowLeft', steps)).toBe(0);
    expect(regionStep(names, 3, 'ArrowRight', steps)).toBe(3);
    expect(regionStep(names, 1, 'End', steps)).toBe(3);
    expect(regionStep(names, 0, 'a', steps)).toBe(1);
    expect(regionStep(names, 1, 'a', steps)).toBe(0);
    expect(regionStep(names, 3, 'x', steps)).toBe(3);
    expect(regionStep(names, 3, 'PageUp', steps)).toBeUndefined();
  });

  it('is self-contained: its source alone runs (the embed carries it)', () => {
    const copy = new Function(`return ${regionStep.toString()}`)() as typeof regionStep;
    expect(copy(names, 2, 'g', steps)).toBe(3);
  });
});
