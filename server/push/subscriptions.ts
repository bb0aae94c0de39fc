// Push subscriptions: which endpoints the server accepts and how they are kept.
//
// An endpoint is a URL the server will POST to on the user's behalf, so it is limited to the
// push services browsers use (https, known hosts): anything else would let a client make the
// server call arbitrary addresses. Tests point at a local mock only through the explicit
// PushOptions.allowInsecureHosts option.
import type { PushSubscriptionJson } from '../../src/api/contract';
import type { Queryable } from '../db/db';
import { badRequest } from '../http/errors';

/** Host patterns of the browsers' push services; '*.' matches any subdomain. */
export const DEFAULT_PUSH_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  '*.push.services.mozilla.com',
  'updates.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
];

export interface PushOptions {
  /** Host patterns accepted on https; default DEFAULT_PUSH_HOSTS. */
  allowedHosts?: readonly string[];
  /**
   * Tests only: hosts (name or name:port) accepted over plain http too, e.g. a mock push
   * service on 127.0.0.1. Never set in production.
   */
  allowInsecureHosts?: readonly string[];
  /** The VAPID subject (mailto: or https:); default mailto:push@example.invalid. */
  subject?: string;
  /** Time to live of a push at the push service, in seconds; default 1 day. */
  ttlSeconds?: number;
}

export function hostMatches(host: string, pattern: string): boolean {
  const h = host.toLowerCase();
  const p = pattern.toLowerCase();
  if (p.startsWith('*.')) return h.endsWith(p.slice(1)) && h.length > p.length - 1;
  return h === p;
}

/** Throws a 400 naming the rule when the endpoint is not a push service this server talks to. */
export function checkEndpoint(endpoint: string, opts: PushOptions = {}): void {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw badRequest('subscription.endpoint must be a URL');
  }
  if (url.username || url.password) throw badRequest('subscription.endpoint must not carry credentials');
  const insecure = opts.allowInsecureHosts ?? [];
  if (url.protocol === 'http:' && insecure.includes(url.host)) return;
  if (url.protocol !== 'https:') throw badRequest('subscription.endpoint must be an https URL');
  const hosts = opts.allowedHosts ?? DEFAULT_PUSH_HOSTS;
  if (!hosts.some((p) => hostMatches(url.hostname, p)) && !insecure.includes(url.host)) {
    throw badRequest(`subscription.endpoint must be on a known push service (${hosts.join(', ')})`);
  }
}

export interface StoredSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Saves the endpoint for the user. An endpoint another user saved moves to this one only when the
 * request carries that subscription's own keys (p256dh and auth): a browser profile signed in as
 * someone else re-saves its real subscription, keys and all, while someone who merely learnt an
 * endpoint does not know its keys (issue 21, item 9). Answers false when the endpoint stayed
 * with its owner.
 */
export async function saveSubscription(
  q: Queryable,
  row: { userUuid: string; subscription: PushSubscriptionJson; deviceId: string; clientTime: number; now: number },
): Promise<boolean> {
  const saved = await q.query(
    `INSERT INTO push_subscriptions (endpoint, user_uuid, p256dh, auth, device_id, client_time, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (endpoint) DO UPDATE SET user_uuid = EXCLUDED.user_uuid, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth,
       device_id = EXCLUDED.device_id, client_time = EXCLUDED.client_time, updated_at = EXCLUDED.updated_at
     WHERE push_subscriptions.user_uuid = EXCLUDED.user_uuid
        OR (push_subscriptions.p256dh = EXCLUDED.p256dh AND push_subscriptions.auth = EXCLUDED.auth)
     RETURNING endpoint`,
    [row.subscription.endpoint, row.userUuid, row.subscription.keys.p256dh, row.subscription.keys.auth, row.deviceId, row.clientTime, row.now],
  );
  return saved.length > 0;
}

export async function subscriptionsOf(q: Queryable, userUuid: string): Promise<StoredSubscription[]> {
  return q.query<StoredSubscription>('SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE user_uuid = $1 ORDER BY updated_at DESC', [userUuid]);
}

export async function deleteSubscription(q: Queryable, endpoint: string): Promise<void> {
  await q.query('DELETE FROM push_subscriptions WHERE endpoint = $1', [endpoint]);
}
