// Security settings of the server (issue 21, item 7 and "Also"): where the server is reached from
// outside, HSTS, source maps and who may frame the app. Defaults and the environment's parsing
// live here only; createServer takes the parsed values (ServerOptions.security), main.ts reads
// the environment through securityFromEnv. server/README.md lists the variables.

/** How long a browser keeps to https once told (HSTS max-age): 180 days, the usual minimum. */
export const DEFAULT_HSTS_MAX_AGE_SECONDS = 180 * 24 * 3600;

export interface SecurityOptions {
  /**
   * The server's public base URL (PUBLIC_URL), e.g. https://chat.example.com. Every absolute URL
   * the server answers (the socket URL, upload URLs) and the origin a socket must come from are
   * built from it, never from the Host header. Unset (development, tests): see http/public-origin.ts.
   */
  publicUrl?: string | undefined;
  /** HSTS max-age in seconds, sent only on answers that reached the client over TLS; 0: never. */
  hstsMaxAgeSeconds?: number | undefined;
  /** Serve the build's *.map files; default: only outside production (NODE_ENV !== 'production'). */
  serveSourceMaps?: boolean | undefined;
  /**
   * Origins that may frame the app (CSP frame-ancestors); default none, and then X-Frame-Options
   * DENY too. The app has no embed today; the setting exists so one can be allowed without code.
   */
  frameAncestors?: readonly string[] | undefined;
}

export interface SecurityConfig {
  publicUrl: URL | undefined;
  hstsMaxAgeSeconds: number;
  serveSourceMaps: boolean;
  frameAncestors: readonly string[];
}

/** An http(s) origin with nothing after it but an optional '/': what PUBLIC_URL and frame ancestors must be. */
function parseOrigin(text: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${what} must be an http(s) URL, got ${text}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${what} must be an http(s) URL, got ${text}`);
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) {
    throw new Error(`${what} must be an origin only (scheme, host, optional port), got ${text}`);
  }
  return url;
}

/** The options with their defaults filled in; throws on a malformed value. */
export function resolveSecurity(opts: SecurityOptions = {}, nodeEnv = process.env.NODE_ENV): SecurityConfig {
  const hsts = opts.hstsMaxAgeSeconds ?? DEFAULT_HSTS_MAX_AGE_SECONDS;
  if (!Number.isSafeInteger(hsts) || hsts < 0) throw new Error(`hstsMaxAgeSeconds must be a whole number of seconds ≥ 0, got ${hsts}`);
  return {
    publicUrl: opts.publicUrl === undefined ? undefined : parseOrigin(opts.publicUrl, 'PUBLIC_URL'),
    hstsMaxAgeSeconds: hsts,
    serveSourceMaps: opts.serveSourceMaps ?? nodeEnv !== 'production',
    frameAncestors: (opts.frameAncestors ?? []).map((o) => parseOrigin(o, 'FRAME_ANCESTORS').origin),
  };
}

function parseBoolean(name: string, text: string): boolean {
  if (/^(1|true|yes|on)$/i.test(text)) return true;
  if (/^(0|false|no|off)$/i.test(text)) return false;
  throw new Error(`${name} must be 1 or 0 (true/false), got ${text}`);
}

/**
 * PUBLIC_URL, HSTS_MAX_AGE (seconds), SERVE_SOURCE_MAPS (1/0), FRAME_ANCESTORS (space-separated
 * origins). Unset or blank variables keep their defaults; a malformed one throws (main.ts stops).
 */
export function securityFromEnv(env: NodeJS.ProcessEnv = process.env): SecurityOptions {
  const read = (name: string) => { const v = env[name]?.trim(); return v ? v : undefined; };
  const options: SecurityOptions = {};
  const publicUrl = read('PUBLIC_URL');
  if (publicUrl !== undefined) options.publicUrl = parseOrigin(publicUrl, 'PUBLIC_URL').origin;
  const hsts = read('HSTS_MAX_AGE');
  if (hsts !== undefined) {
    if (!/^\d+$/.test(hsts)) throw new Error(`HSTS_MAX_AGE must be a whole number of seconds (0: no HSTS), got ${hsts}`);
    options.hstsMaxAgeSeconds = Number(hsts);
  }
  const maps = read('SERVE_SOURCE_MAPS');
  if (maps !== undefined) options.serveSourceMaps = parseBoolean('SERVE_SOURCE_MAPS', maps);
  const ancestors = read('FRAME_ANCESTORS');
  if (ancestors !== undefined) options.frameAncestors = ancestors.split(/\s+/).map((o) => parseOrigin(o, 'FRAME_ANCESTORS').origin);
  return options;
}
