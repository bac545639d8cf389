import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';

const wrapped = (cause: object) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('isDatabaseUnavailable', () => {
  it('knows a restarting server and dropped connections, also wrapped by Drizzle', () => {
    expect(
      isDatabaseUnavailable(wrapped({ code: '57P01', message: 'terminating connection due to administrator command' })),
    ).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '57P03', message: 'the database system is starting up' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '08006' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: 'ECONNREFUSED' }))).toBe(true);
    expect(
      isDatabaseUnavailable(Object.assign(new Error('write CONNECTION_ENDED'), { code: 'CONNECTION_ENDED' })),
    ).toBe(true);
  });

  it('leaves real faults alone: bad SQL, bad values, plain errors', () => {
    expect(isDatabaseUnavailable(wrapped({ code: '42P01' }))).toBe(false);
    expect(isDatabaseUnavailable(wrapped({ code: '22P02' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
