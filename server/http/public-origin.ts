// The origin the server's absolute URLs are built on (the socket URL, upload URLs) and the one a
// browser's socket must come from. With PUBLIC_URL set, that and nothing else: the Host header is
// never read. Without it (development, demos on a LAN, tests behind a local proxy) a Host that
// names an address literally (an IP, or localhost) is taken as the client's view of the server,
// and any other Host falls back to the address the connection arrived on: a client-chosen name
// (a DNS-rebinding name, a forged Host) is never written into an answer nor accepted as an origin.
import type { FastifyRequest } from 'fastify';
import type { SecurityConfig } from '../config/security';

/** localhost, a dotted IPv4 address or a bracketed IPv6 address, with an optional port. */
const LITERAL_HOST = /^(?:localhost|\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-fA-F:.]+\])(?::\d{1,5})?$/;

export function publicOrigin(request: FastifyRequest, config: SecurityConfig): string {
  if (config.publicUrl) return config.publicUrl.origin;
  const scheme = request.protocol === 'https' ? 'https' : 'http';
  const host = request.headers.host;
  if (host !== undefined && LITERAL_HOST.test(host)) return `${scheme}://${host.toLowerCase()}`;
  const local = request.socket.localAddress ?? '127.0.0.1';
  const address = local.startsWith('::ffff:') ? local.slice(7) : local;
  return `${scheme}://${address.includes(':') ? `[${address}]` : address}:${request.socket.localPort}`;
}

/** The socket's ws(s) origin for the same base. */
export function socketOrigin(request: FastifyRequest, config: SecurityConfig): string {
  return publicOrigin(request, config).replace(/^http/, 'ws');
}
