// The server's VAPID key pair (RFC 8292), made on first start and kept in the database next to
// the cursor secret (server_secrets 'vapid'), so every start and every instance sharing the
// database sign pushes with the same key: subscriptions made against it stay valid.
import webpush from 'web-push';
import type { Db } from '../db/db';
import { loadStoredValue } from '../db/server-secret';

export interface VapidKeys {
  /** base64url, uncompressed P-256 point: what the browser's applicationServerKey takes */
  publicKey: string;
  privateKey: string;
}

function parseKeys(value: string): VapidKeys {
  const parsed: unknown = JSON.parse(value);
  if (typeof parsed === 'object' && parsed !== null && 'publicKey' in parsed && 'privateKey' in parsed
    && typeof parsed.publicKey === 'string' && typeof parsed.privateKey === 'string') {
    return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
  }
  throw new Error('server_secrets vapid is not a key pair');
}

/** The database's VAPID keys, made on first use (concurrent starts agree on one pair). */
export async function loadVapidKeys(db: Db, now: number): Promise<VapidKeys> {
  return parseKeys(await loadStoredValue(db, 'vapid', () => JSON.stringify(webpush.generateVAPIDKeys()), now));
}
