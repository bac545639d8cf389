import { describe, expect, it } from 'vitest';
import { liveShares, networkOf } from './stream';

describe('live stream shares (decision 186)', () => {
  it('groups an address by its IPv4 /24 or IPv6 /64, however it is written', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:0DB8:0001:0002:ffff::1%eth0')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf('unknown')).toBe('unknown');
  });

  it('gives an address at most 20 streams and a twentieth of the process, a network a fifth', () => {
    expect(liveShares(1000)).toEqual({ perAddress: 20, perNetwork: 200 });
    expect(liveShares(40)).toEqual({ perAddress: 2, perNetwork: 8 });
    expect(liveShares(10, 10)).toEqual({ perAddress: 1, perNetwork: 2 });
    expect(liveShares(1)).toEqual({ perAddress: 1, perNetwork: 1 });
  });
});
