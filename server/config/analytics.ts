// Analytics settings of the server (issue 18): which providers receive the app's events, Google's
// Measurement Protocol credentials, and the admin key of /admin/analytics. Defaults and the
// environment's parsing live here only; createServer takes the parsed value (ServerOptions.analytics).

/** The spec's choice (part 2 §4 "Analytics provider"): Google only, or a second provider plus Google. */
export type AnalyticsProviderName = 'first-party' | 'google';

export const GA_DEFAULT_ENDPOINT = 'https://www.google-analytics.com/mp/collect';

export interface GoogleAnalyticsConfig {
  /** the data stream's measurement id (G-…) */
  measurementId: string;
  /** a Measurement Protocol API secret of that stream: it stays on the server, never on a page */
  apiSecret: string;
  /** the collect endpoint; tests point it at a local server speaking the same wire format */
  endpoint: string;
}

export interface AnalyticsOptions {
  /** which providers get the events; default: first-party plus Google when Google is configured, else first-party */
  providers?: readonly AnalyticsProviderName[];
  google?: GoogleAnalyticsConfig | undefined;
  /** the key of /admin/analytics (HTTP Basic password); unset: the page is not served (404) */
  adminKey?: string | undefined;
}

export interface AnalyticsConfig {
  providers: readonly AnalyticsProviderName[];
  google: GoogleAnalyticsConfig | undefined;
  adminKey: string | undefined;
}

/** Admin keys shorter than this are refused at start: the page shows every user's activity. */
export const ADMIN_KEY_MIN_CHARS = 16;

export function resolveAnalytics(opts: AnalyticsOptions = {}): AnalyticsConfig {
  const providers = opts.providers ?? (opts.google ? ['first-party', 'google'] as const : ['first-party'] as const);
  if (providers.includes('google') && !opts.google) throw new Error('ANALYTICS_PROVIDERS names google but GA_MEASUREMENT_ID and GA_API_SECRET are not set');
  if (opts.adminKey !== undefined && opts.adminKey.length < ADMIN_KEY_MIN_CHARS) throw new Error(`ANALYTICS_ADMIN_KEY must be at least ${ADMIN_KEY_MIN_CHARS} characters`);
  return { providers: [...new Set(providers)], google: opts.google, adminKey: opts.adminKey };
}

/**
 * ANALYTICS_PROVIDERS (`google`, `first-party,google`, `first-party`, or `none`), GA_MEASUREMENT_ID,
 * GA_API_SECRET, GA_ENDPOINT, ANALYTICS_ADMIN_KEY.
 */
export function analyticsFromEnv(env: NodeJS.ProcessEnv): AnalyticsOptions {
  const get = (name: string) => env[name]?.trim() || undefined;
  const measurementId = get('GA_MEASUREMENT_ID');
  const apiSecret = get('GA_API_SECRET');
  if ((measurementId === undefined) !== (apiSecret === undefined)) throw new Error('GA_MEASUREMENT_ID and GA_API_SECRET go together');
  const endpoint = get('GA_ENDPOINT') ?? GA_DEFAULT_ENDPOINT;
  if (!/^https?:\/\//.test(endpoint)) throw new Error(`GA_ENDPOINT must be an http(s) URL, got ${endpoint}`);
  const listed = get('ANALYTICS_PROVIDERS');
  let providers: AnalyticsProviderName[] | undefined;
  if (listed !== undefined) {
    providers = listed === 'none' ? [] : listed.split(',').map((p) => p.trim()).map((p) => {
      if (p !== 'first-party' && p !== 'google') throw new Error(`ANALYTICS_PROVIDERS lists first-party and/or google (or none), got ${p}`);
      return p;
    });
  }
  return {
    ...(providers ? { providers } : {}),
    google: measurementId && apiSecret ? { measurementId, apiSecret, endpoint } : undefined,
    adminKey: get('ANALYTICS_ADMIN_KEY'),
  };
}
