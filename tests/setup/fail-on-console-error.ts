// console.error during a test is a failure unless the test expects it (it can spy on console.error).
import { afterEach, vi } from 'vitest';

const calls: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  calls.push(args);
  original(...args);
};

afterEach(() => {
  const isSpied = vi.isMockFunction(console.error);
  const seen = calls.splice(0);
  if (!isSpied && seen.length > 0) {
    throw new Error(`console.error was called during the test: ${seen.map((a) => a.map(String).join(' ')).join('\n')}`);
  }
});
