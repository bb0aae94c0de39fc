// The push subscription: with notification permission granted, subscribe the
// service worker's PushManager with the server's VAPID key and save the subscription through the
// engine. The permission itself is asked by the page (NotificationsHost), after the user's tap.
import type { PushSubscriptionJson } from '../../api/contract';
import { failed, ok, type CommandResult } from '../command-result';
import { getClient } from '../client';
import { patchLocalDoc } from '../local-store';
import { runEngine } from './run-engine';

const NO_PUSH_STATE = { declinedAt: null, savedEndpoint: null, savedAt: null };

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(b64);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** Subscribes to Web Push and saves it ('Bad status code from server.' when the save is refused). */
export async function enablePush(): Promise<CommandResult> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return failed({ key: 'permission', message: 'notification permission not granted' });
  if (!('serviceWorker' in navigator)) return failed({ key: 'unsupported', message: 'no service worker support' });
  // getRegistration, not ready: ready never settles when no worker is registered
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration?.pushManager) return failed({ key: 'unsupported', message: 'no service worker registration with push' });
  const key = await runEngine('getVapidPublicKey');
  if (!key.ok) return failed(key.error);
  let subscription: PushSubscription;
  try {
    subscription = (await registration.pushManager.getSubscription())
      ?? await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key.value) });
  } catch (err) {
    return failed({ key: 'unsupported', message: err instanceof Error ? err.message : String(err) });
  }
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return failed({ key: 'unsupported', message: 'subscription without keys' });
  const body: PushSubscriptionJson = { endpoint: json.endpoint, expirationTime: json.expirationTime ?? null, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } };
  return runEngine('savePushSubscription', body);
}

/** The user said "not now" in the notification confirm modal: asked again after NOTIFICATION_REASK_GAP_MS. */
export async function declineNotifications(now: number = Date.now()): Promise<CommandResult> {
  await patchLocalDoc(getClient().db, 'push-state', { declinedAt: now }, NO_PUSH_STATE);
  return ok();
}
