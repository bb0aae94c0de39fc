// Push notifications in the service worker (spec part 1 §4, §9), registered by sw/sw.ts. Only
// pure modules (src/domain) are imported, so this bundles into the service worker without the app.
//
// push: the payload is the conversation notification the server sends ({ bot_uuid, name, icon,
// body }). The worker shows it (title = bot name, body per the 200-character rule with the
// English 'sent you a message!' for an empty text, since no translations are loaded here; icon,
// vibration, require-interaction, one notification per bot by tag) unless the conversation is
// muted or hidden according to the page's last copy of the mute fields and hidden bots
// (NOTIFY_STATE_URL in the NOTIFY_STATE_CACHE Cache Storage, written by the page on each change).
// The server already skips conversations muted on the server; this catches a mute the device
// has made but not yet delivered. No copy (first start) means nothing is skipped here.
//
// notificationclick: focus an open window of the app and take it to /chat/{bot}, or open one.
import {
  NOTIFICATION_VIBRATE_PATTERN, NOTIFY_STATE_CACHE, NOTIFY_STATE_URL, notificationTag, parseNotifyState, parsePushPayload, shouldNotify,
  type NotifyState, type PushPayload,
} from '../src/domain/notification-rules';

/** The chat route of a bot (the app's /chat/$botUuid). */
export const chatPathOf = (botUuid: string) => `/chat/${encodeURIComponent(botUuid)}`;

async function readNotifyState(sw: ServiceWorkerGlobalScope): Promise<NotifyState | null> {
  try {
    const cache = await sw.caches.open(NOTIFY_STATE_CACHE);
    const res = await cache.match(NOTIFY_STATE_URL);
    return res ? parseNotifyState(await res.json()) : null;
  } catch {
    return null;
  }
}

function payloadOf(event: PushEvent): PushPayload | null {
  if (!event.data) return null;
  try {
    return parsePushPayload(event.data.json());
  } catch {
    return null;
  }
}

/** Shows the notification for a push, or nothing for a muted or hidden conversation; answers whether it showed one. */
export async function handlePush(sw: ServiceWorkerGlobalScope, payload: PushPayload | null, now: number = Date.now()): Promise<boolean> {
  if (!payload) return false;
  const state = await readNotifyState(sw);
  const mute = state?.mutes[payload.bot_uuid] ?? { mute_time: null, mute_duration: null };
  if (!shouldNotify({ bot_uuid: payload.bot_uuid, ...mute }, null, now, state?.hidden ?? [])) return false;
  const options: NotificationOptions & { vibrate?: number[]; renotify?: boolean } = {
    body: payload.body,
    tag: notificationTag(payload.bot_uuid),
    renotify: true,
    requireInteraction: true,
    vibrate: [...NOTIFICATION_VIBRATE_PATTERN],
    data: { bot_uuid: payload.bot_uuid },
    ...(payload.icon ? { icon: payload.icon } : {}),
  };
  await sw.registration.showNotification(payload.name, options);
  return true;
}

/** Focuses an open window of the app on the bot's chat, or opens one. */
export async function openChat(sw: ServiceWorkerGlobalScope, botUuid: string | null): Promise<void> {
  const path = botUuid ? chatPathOf(botUuid) : '/home';
  const url = new URL(path, sw.location.origin).href;
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const mine = windows.filter((w) => new URL(w.url).origin === sw.location.origin);
  const target = mine.find((w) => w.focused) ?? mine[0];
  if (target) {
    const focused = await target.focus();
    if (new URL(focused.url).pathname !== path) await focused.navigate(url).catch(() => null);
    return;
  }
  await sw.clients.openWindow(url);
}

export function registerPushHandlers(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event) => {
    event.waitUntil(handlePush(sw, payloadOf(event)));
  });
  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data: unknown = event.notification.data;
    const bot = data !== null && typeof data === 'object' && typeof (data as { bot_uuid?: unknown }).bot_uuid === 'string' ? (data as { bot_uuid: string }).bot_uuid : null;
    event.waitUntil(openChat(sw, bot));
  });
}
