/** IPv4 ranges that are not the public internet: this host, private networks, link-local (cloud metadata), CGNAT, benchmarking, multicast and reserved. */
export function isNonPublicIPv4(address: string): boolean {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (!m) return false;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 counts for two), or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  const v4 = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const bytes = v4.slice(2).map(Number);
    if (bytes.some((n) => n > 255)) return null;
    text = `${v4[1]}${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => Number.parseInt(g, 16));
}

const dotted = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;

/**
 * Whether an IP address a name resolved to may be reached from the server: not loopback, private,
 * link-local, multicast or reserved, IPv4 or IPv6 (with the IPv4 an IPv6 form carries — mapped,
 * compatible, NAT64, 6to4 — held to the IPv4 rules). Anything that is not an address is refused.
 */
export function isPublicAddress(address: string): boolean {
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(address)) return address.split('.').every((n) => Number(n) <= 255) && !isNonPublicIPv4(address);
  const g = ipv6Groups(address);
  if (!g) return false;
  const [a, b] = [g[0]!, g[1]!];
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  // ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d
  if (zeroUpTo(6)) return !isNonPublicIPv4(dotted(g[6]!, g[7]!)) && !(g[6] === 0 && g[7]! <= 1);
  // IPv4-mapped ::ffff:a.b.c.d, and the NAT64 prefix 64:ff9b::/96
  if ((zeroUpTo(5) && g[5] === 0xffff) || (a === 0x64 && b === 0xff9b && g.slice(2, 6).every((x) => x === 0))) return !isNonPublicIPv4(dotted(g[6]!, g[7]!));
  // 6to4 carries an IPv4 in its second and third groups.
  if (a === 0x2002) return !isNonPublicIPv4(dotted(b, g[2]!));
  return !(
    (a & 0xfe00) === 0xfc00 || // unique local fc00::/7
    (a & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (a & 0xffc0) === 0xfec0 || // site-local fec0::/10
    (a & 0xff00) === 0xff00 || // multicast
    (a === 0x2001 && b === 0x0db8) || // documentation
    (a & 0xe000) !== 0x2000 // outside 2000::/3, the only global unicast there is
  );
}
