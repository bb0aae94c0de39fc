// The client a sign-in limit counts: Fastify's request.ip (the socket's peer; behind a proxy,
// the forwarded address only when trustProxy is set, see TRUST_PROXY in server/README.md).
// An IPv6 client usually holds a whole /64, so IPv6 addresses count per /64: one host cannot
// dodge its limits by walking its own prefix.
import { isIPv6 } from 'node:net';

export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

/** The 8 groups of an IPv6 address, each without leading zeros ("::" expanded, zone dropped). */
function expandIPv6(ip: string): string[] {
  const [address = ''] = ip.split('%');
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...zeros, ...right].map((group) => (group.includes('.') ? group : (parseInt(group, 16) || 0).toString(16)));
}
