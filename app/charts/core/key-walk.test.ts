import { describe, expect, it } from 'vitest';
import { cellStep, pointStep, regionStep } from './key-walk';

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

describe('cellStep', () => {
  // A table of 3 rows and 4 data cells a row, from the middle row's second cell.
  const from = (key: string, ctrl = false, row = 1, column = 1) => cellStep(key, ctrl, row, column, 3, 4);

  it('steps along the row with Left and Right and along the column with Up and Down', () => {
    expect(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].map((k) => from(k))).toEqual([
      [1, 0],
      [1, 2],
      [0, 1],
      [2, 1],
    ]);
  });

  it('stops at the edges', () => {
    expect(from('ArrowLeft', false, 1, 0)).toEqual([1, 0]);
    expect(from('ArrowRight', false, 1, 3)).toEqual([1, 3]);
    expect(from('ArrowUp', false, 0, 2)).toEqual([0, 2]);
    expect(from('ArrowDown', false, 2, 2)).toEqual([2, 2]);
  });

  it("jumps to the row's ends with Home and End, and to the table's with Ctrl", () => {
    expect(from('Home')).toEqual([1, 0]);
    expect(from('End')).toEqual([1, 3]);
    expect(from('Home', true, 2, 3)).toEqual([0, 0]);
    expect(from('End', true)).toEqual([2, 3]);
  });

  it('answers no other key, and nothing in a table without data cells', () => {
    expect(from('Enter')).toBeUndefined();
    expect(from('PageDown')).toBeUndefined();
    expect(from('toString')).toBeUndefined();
    expect(cellStep('End', true, 0, 0, 0, 4)).toBeUndefined();
    expect(cellStep('ArrowRight', false, 0, 0, 2, 0)).toBeUndefined();
  });

  it('is self-contained: its source alone runs (the embed carries it)', () => {
    const copy = new Function(`return ${cellStep.toString()}`)() as typeof cellStep;
    expect(copy('End', true, 0, 0, 5, 7)).toEqual([4, 6]);
  });
});
