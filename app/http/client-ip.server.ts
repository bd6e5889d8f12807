import { isIPv6 } from 'node:net';

/**
 * Netlify puts the visitor's address in this header (overwriting any value
 * the client sent); the local server does the same in scripts/netlify-function.ts.
 * Addresses are only ever used as inputs to keyed hashes, never stored.
 */
export const CLIENT_IP_HEADER = 'x-nf-client-connection-ip';

export const clientIp = (request: Request) => request.headers.get(CLIENT_IP_HEADER)?.trim() || 'unknown';

/**
 * The network an address belongs to, as limits count clients: an IPv4
 * address itself, but an IPv6 address's /64. One machine on IPv6 usually
 * holds a whole /64 (2^64 addresses), so keyed by the full address every
 * limit per address would be a limit per guess.
 */
export function networkOf(ip: string): string {
  const address =
    ip
      .trim()
      .replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')
      .split('%')[0] ?? '';
  if (!isIPv6(address)) return address;
  const [head, tail] = address.toLowerCase().split('::');
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  // An IPv4 tail (::1.2.3.4) is two groups, always in the last 64 bits.
  const width = (list: string[]) => list.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = tail === undefined ? left : [...left, ...Array(8 - width(left) - width(right)).fill('0'), ...right];
  return `${all
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
