import { describe, expect, it } from 'vitest';
import { freshRead } from './fresh-read';

/** A read whose results the test hands out one by one, counting how many started. */
function controlledRead() {
  const pending: ((value: number) => void)[] = [];
  let started = 0;
  const read = () =>
    new Promise<number>((resolve) => {
      started++;
      pending.push(resolve);
    });
  return { read, started: () => started, finish: (value: number) => pending.shift()!(value) };
}

/** Lets the event loop go round a few times: whatever was due to start has started. */
const settle = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('freshRead', () => {
  it('gives the callers of one turn one shared read', async () => {
    const r = controlledRead();
    const get = freshRead(r.read);
    const all = Promise.all([get(), get(), get()]);
    await settle();
    expect(r.started()).toBe(1);
    r.finish(7);
    expect(await all).toEqual([7, 7, 7]);
  });

  it('never hands a caller a read that started before it called', async () => {
    const r = controlledRead();
    const get = freshRead(r.read);
    const early = get();
    await settle();
    expect(r.started()).toBe(1);
    // These arrive while the first read runs: they share the next one, started once the first has ended.
    const late = Promise.all([get(), get()]);
    await settle();
    expect(r.started()).toBe(1);
    r.finish(1);
    expect(await early).toBe(1);
    await settle();
    expect(r.started()).toBe(2);
    r.finish(2);
    expect(await late).toEqual([2, 2]);
  });

  it('tries again after a failed read', async () => {
    let calls = 0;
    const get = freshRead(async () => {
      calls++;
      if (calls === 1) throw new Error('database gone');
      return calls;
    });
    await expect(get()).rejects.toThrow('database gone');
    expect(await get()).toBe(2);
  });
});
