import net from 'node:net';

/**
 * Whether an IP address is one the site may connect to on the owner's
 * behalf: a public address on the internet. Everything else is refused:
 * this computer (loopback, unspecified), private and shared networks
 * (RFC 1918, CGNAT, unique-local), link-local (cloud metadata at
 * 169.254.169.254), multicast and broadcast, documentation, benchmarking
 * and reserved blocks, and every IPv6 form that carries such an IPv4
 * address inside it (mapped, compatible, NAT64, 6to4). IPv6 is allowed only
 * in global unicast (2000::/3), outside its special blocks. Pure, so each
 * rule is tested without a network.
 *
 * Addresses come from a DNS lookup or a literal typed in the form, so they
 * are in Node's canonical notation (net.isIP); anything else is not public.
 */

type Block = { bytes: number[]; bits: number; label: string };

const v4 = (text: string, bits: number, label: string): Block => ({ bytes: text.split('.').map(Number), bits, label });

/** IANA's IPv4 special-purpose registry, and the blocks that are not on the internet. */
const V4_SPECIAL: Block[] = [
  v4('0.0.0.0', 8, 'this network'),
  v4('10.0.0.0', 8, 'private'),
  v4('100.64.0.0', 10, 'shared (CGNAT)'),
  v4('127.0.0.0', 8, 'loopback'),
  v4('169.254.0.0', 16, 'link-local'),
  v4('172.16.0.0', 12, 'private'),
  v4('192.0.0.0', 24, 'IETF protocol assignments'),
  v4('192.0.2.0', 24, 'documentation'),
  v4('192.31.196.0', 24, 'AS112'),
  v4('192.52.193.0', 24, 'AMT'),
  v4('192.88.99.0', 24, '6to4 relay'),
  v4('192.168.0.0', 16, 'private'),
  v4('192.175.48.0', 24, 'AS112'),
  v4('198.18.0.0', 15, 'benchmarking'),
  v4('198.51.100.0', 24, 'documentation'),
  v4('203.0.113.0', 24, 'documentation'),
  v4('224.0.0.0', 4, 'multicast'),
  v4('240.0.0.0', 4, 'reserved and broadcast'),
];

const v6 = (text: string, bits: number, label: string): Block => ({ bytes: [...ipv6Bytes(text)!], bits, label });

/** Special blocks inside global unicast (2000::/3); 2002::/16 (6to4) is judged by the IPv4 address it carries. */
const V6_SPECIAL: Block[] = [
  v6('2001::', 23, 'IETF protocol assignments (Teredo, benchmarking, ORCHID…)'),
  v6('2001:db8::', 32, 'documentation'),
  v6('3fff::', 20, 'documentation'),
];

function within(bytes: Uint8Array | number[], block: Block): boolean {
  let bits = block.bits;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((block.bytes[i] ?? 0) & mask)) return false;
  }
  return true;
}

/** The 16 bytes of a canonical IPv6 address (a zone, `%eth0`, is not accepted); null when it is not one. */
export function ipv6Bytes(address: string): Uint8Array | null {
  if (!net.isIPv6(address) || address.includes('%')) return null;
  let text = address;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -tail[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::') as [string, string | undefined];
  const groups = (part: string) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const all = rest === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  if (all.length !== 8) return null;
  const bytes = new Uint8Array(16);
  all.forEach((group, i) => {
    const value = Number.parseInt(group, 16);
    bytes[i * 2] = value >> 8;
    bytes[i * 2 + 1] = value & 0xff;
  });
  return bytes;
}

/** The IPv4 address an IPv6 address carries and stands for, if any: mapped, compatible, NAT64 (well-known prefix) or 6to4. */
export function embeddedIpv4(bytes: Uint8Array): string | null {
  const zero = (from: number, to: number) => bytes.subarray(from, to).every((byte) => byte === 0);
  const dotted = (at: number) => [...bytes.subarray(at, at + 4)].join('.');
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated but still routed by some stacks)
  if (zero(0, 10) && ((bytes[10] === 0xff && bytes[11] === 0xff) || (bytes[10] === 0 && bytes[11] === 0))) return dotted(12);
  // 64:ff9b::a.b.c.d, NAT64's well-known prefix: a gateway connects to the IPv4 address inside
  if (bytes[0] === 0 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zero(4, 12)) return dotted(12);
  // 2002:AABB:CCDD::/48, 6to4: the relay connects to a.b.c.d
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return dotted(2);
  return null;
}

/** Why `address` is not public (a few words, for logs and tests), or null when it is public. */
export function specialUseOf(address: string): string | null {
  if (net.isIPv4(address)) {
    const bytes = address.split('.').map(Number);
    return V4_SPECIAL.find((block) => within(bytes, block))?.label ?? null;
  }
  const bytes = ipv6Bytes(address);
  if (!bytes) return 'not an IP address';
  if (bytes.every((byte, i) => byte === (i === 15 ? 1 : 0))) return 'loopback';
  if (bytes.every((byte) => byte === 0)) return 'unspecified';
  const inner = embeddedIpv4(bytes);
  if (inner !== null) {
    const innerUse = specialUseOf(inner);
    // A public IPv4 address inside 6to4 or NAT64 still goes through a translator: nothing the site needs.
    return innerUse ? `${innerUse}, inside IPv6` : 'an IPv4 address inside IPv6';
  }
  if (within(bytes, { bytes: [0x20], bits: 3, label: '' })) return V6_SPECIAL.find((block) => within(bytes, block))?.label ?? null;
  if (bytes[0] === 0xff) return 'multicast';
  if (bytes[0] === 0xfe && (bytes[1]! & 0xc0) === 0x80) return 'link-local';
  if ((bytes[0]! & 0xfe) === 0xfc) return 'unique-local (private)';
  return 'outside global unicast';
}

export const isPublicAddress = (address: string): boolean => specialUseOf(address) === null;

/** Loopback: this computer (127.0.0.0/8, ::1, and 127.x inside IPv6). The only special addresses the tests may open. */
export function isLoopbackAddress(address: string): boolean {
  if (net.isIPv4(address)) return address.startsWith('127.');
  const bytes = ipv6Bytes(address);
  if (!bytes) return false;
  if (bytes.every((byte, i) => byte === (i === 15 ? 1 : 0))) return true;
  // ::ffff:127.x.y.z only: that one is this computer's IPv4 loopback, as the socket sees it.
  const mapped = bytes.subarray(0, 10).every((byte) => byte === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  return mapped && bytes[12] === 127;
}
