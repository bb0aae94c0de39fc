// The security headers of every answer (issue 21, item 7): the app's pages, its scripts (a worker
// and the service worker take their Content-Security-Policy from their own script's answer, so
// the scripts carry the page's policy), the API, and the framework's own refusals (404, 400, 413).
//
// The policy, and why each source is there:
// - script-src 'self': the build's module scripts only. No inline script (index.html has none:
//   its IndexedDB and ICU warm-ups are public/boot-warm.js), no eval (checked: the production bundle has no
//   eval or new Function; RxDB's dev-mode and its ajv stay out of it), no WebAssembly.
// - style-src 'self' + the hashes of index.html's own <style> elements (the boot screen painted
//   before any script; computed from the built file at start, web/static.ts). No
//   'unsafe-inline': React's `style={{…}}` props are applied through the CSSOM
//   (element.style.setProperty), which CSP does not govern, and nothing writes style attributes
//   as markup; so style-src-attr is left to fall back to style-src, which admits no attribute.
// - connect-src 'self' (CSP Level 3 'self' covers ws:/wss: of the same host), blob: (media held as
//   blob: URLs read back; only this origin can mint them) and, when PUBLIC_URL is set, its socket
//   origin, so a socket URL built from it is admitted by name.
// - img-src/media-src 'self' blob: data: (downloads shown from blobs; data: for tiny inline images).
// - worker-src 'self': the sync worker and the service worker are files of the build.
// - frame-ancestors 'none' (X-Frame-Options DENY for old browsers) unless origins are configured.
// - object-src 'none', base-uri 'none', form-action 'self'.
import type { SecurityConfig } from '../config/security';

/** camera, microphone and location are the app's own (photo, voice note, location message); the rest off. */
export const PERMISSIONS_POLICY = 'camera=(self), microphone=(self), geolocation=(self), payment=(), usb=(), midi=(), display-capture=()';

export function contentSecurityPolicy(config: SecurityConfig, inlineStyleHashes: readonly string[] = []): string {
  // blob: the app reads back media it holds as blob: URLs (only this origin can mint them)
  const connect = ["'self'", 'blob:'];
  if (config.publicUrl) connect.push(`${config.publicUrl.protocol === 'https:' ? 'wss' : 'ws'}://${config.publicUrl.host}`);
  const ancestors = config.frameAncestors.length > 0 ? config.frameAncestors.join(' ') : "'none'";
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self'${inlineStyleHashes.map((h) => ` '${h}'`).join('')}`,
    "img-src 'self' blob: data:",
    "media-src 'self' blob: data:",
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
}

/** The headers for one answer; `tls`: the client reached us over TLS (HSTS is only ever sent then). */
export function securityHeaders(config: SecurityConfig, csp: string, tls: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': csp,
    'referrer-policy': 'same-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    'cross-origin-opener-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
  };
  if (config.frameAncestors.length === 0) headers['x-frame-options'] = 'DENY';
  if (tls && config.hstsMaxAgeSeconds > 0) headers['strict-transport-security'] = `max-age=${config.hstsMaxAgeSeconds}`;
  return headers;
}

/** TLS as the client saw it: PUBLIC_URL is https (a TLS proxy in front), or this very connection is TLS. */
export function reachedOverTls(config: SecurityConfig, socket: { encrypted?: boolean } | undefined): boolean {
  return config.publicUrl?.protocol === 'https:' || socket?.encrypted === true;
}
