import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './public-address';

describe('isPublicAddress', () => {
  it('takes public IPv4 and global IPv6 addresses', () => {
    for (const ip of ['140.82.121.4', '172.65.251.78', '8.8.8.8', '2606:4700:90:0:f22e:fbec:5bed:a9b9', '2a01:111:f100:3000::a83e:1c01', '::ffff:140.82.121.4'])
      expect(isPublicAddress(ip), ip).toBe(true);
  });

  it('refuses loopback, private, link-local, CGNAT, multicast and reserved IPv4', () => {
    for (const ip of [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '198.18.0.1',
    ])
      expect(isPublicAddress(ip), ip).toBe(false);
  });

  it('refuses IPv6 loopback, unspecified, unique-local, link-local, site-local, multicast and documentation addresses', () => {
    for (const ip of ['::1', '::', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'fe80::1%eth0', 'fec0::1', 'ff02::1', '2001:db8::1', '100::1'])
      expect(isPublicAddress(ip), ip).toBe(false);
  });

  it('holds the IPv4 an IPv6 form carries to the IPv4 rules', () => {
    for (const ip of ['::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:169.254.169.254', '::127.0.0.1', '64:ff9b::10.0.0.1', '2002:c0a8:0101::1', '2002:7f00:1::'])
      expect(isPublicAddress(ip), ip).toBe(false);
  });

  it('refuses what is not an address', () => {
    for (const ip of ['', 'localhost', 'github.com', '1.2.3', '256.1.1.1', '1::2::3', '12345::1', '1:2:3:4:5:6:7:8:9'])
      expect(isPublicAddress(ip), ip).toBe(false);
  });
});
