// Notifications on the page (spec part 1 §4, §9):
// - a message of another bot (the worker writes 'in-app-notification' only for conversations
//   neither muted nor hidden nor on screen) shows a small banner on home and in a thread; a tap
//   opens that chat. When the page is hidden and permission is granted, a system notification
//   (vibrate, require interaction, one per bot) shows instead.
// - the permission flow: the notification confirm modal first, and the browser's prompt only from
//   the user's "Allow" tap; "Not now" waits NOTIFICATION_REASK_GAP_MS before asking again. It is
//   offered on home once the user has talked to a bot. With permission granted, the push
//   subscription is made and saved once.
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { declineNotifications, enablePush } from '../db/commands/enable-push';
import { useConversationsAfterPaint } from '../db/hooks/use-chat';
import { useLocalDoc } from '../db/hooks/use-local-doc';
import { useRemoteFlags } from '../db/hooks/use-remote-flags';
import { useSession } from '../db/hooks/use-session';
import type { InAppNotificationDoc } from '../db/local-docs';
import { IN_APP_NOTIFICATION_SHOW_MS, NOTIFICATION_REASK_GAP_MS } from '../domain/constants';
import {
  NOTIFICATION_VIBRATE_PATTERN, NOTIFY_STATE_CACHE, NOTIFY_STATE_URL, notificationBody, notificationTag, type NotifyState,
} from '../domain/notification-rules';
import { NotificationToast } from '../ui/notification-toast';
import { useConfirm } from './confirm';

/** A notification older than this when the page first sees it is history, not news (a reload). */
const FRESH_MS = 15_000;

const permission = (): NotificationPermission | 'unsupported' => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);

async function showSystemNotification(n: InAppNotificationDoc, body: string): Promise<boolean> {
  const options: NotificationOptions & { vibrate?: number[] } = {
    body, icon: n.icon || undefined, tag: notificationTag(n.bot_uuid), requireInteraction: true,
    vibrate: [...NOTIFICATION_VIBRATE_PATTERN], data: { bot_uuid: n.bot_uuid },
  };
  try {
    const registration = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined;
    if (registration) {
      await registration.showNotification(n.name, options);
      return true;
    }
    const shown = new Notification(n.name, options);
    shown.onclick = () => {
      window.focus();
      window.location.assign(`/chat/${n.bot_uuid}`);
    };
    return true;
  } catch {
    return false;
  }
}

export function NotificationsHost() {
  const intl = useIntl();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const path = useRouterState({ select: (s) => s.location.pathname });
  const session = useSession();
  const signedIn = !!session.doc?.token;
  const incoming = useLocalDoc('in-app-notification');
  const pushState = useLocalDoc('push-state');
  const conversations = useConversationsAfterPaint();
  const hidden = useRemoteFlags().hidden_bots;
  const [toast, setToast] = useState<InAppNotificationDoc | null>(null);
  const seen = useRef<string | null>(null);
  const asked = useRef(false);

  const where = path === '/home' ? 'home' : path.startsWith('/chat/') ? 'thread' : null;

  // a new message of another bot: a banner, or a system notification when the page is hidden
  useEffect(() => {
    const n = incoming.doc;
    if (!incoming.loaded || !n || !signedIn) return;
    if (seen.current === null) {
      // the first read: only a fresh one counts (not the last notification of a previous visit)
      seen.current = n.id;
      if (Date.now() - n.at > FRESH_MS) return;
    } else if (seen.current === n.id) return;
    seen.current = n.id;
    const body = notificationBody(n.text, intl.formatMessage({ id: 'notification.body.empty' }));
    if (document.visibilityState === 'hidden') {
      if (permission() === 'granted') void showSystemNotification(n, body);
      return;
    }
    if (where && path !== `/chat/${n.bot_uuid}`) setToast({ ...n, text: body });
  }, [incoming.loaded, incoming.doc, signedIn, where, path, intl]);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), IN_APP_NOTIFICATION_SHOW_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  // permission granted and no subscription saved yet: subscribe (no prompt involved)
  useEffect(() => {
    if (!signedIn || !pushState.loaded || pushState.doc?.savedEndpoint || permission() !== 'granted') return;
    void enablePush();
  }, [signedIn, pushState.loaded, pushState.doc?.savedEndpoint]);

  // the confirm modal, on home, once the user has talked to a bot
  const conversed = conversations.value.some((c) => c.conversed);
  useEffect(() => {
    if (asked.current || !signedIn || where !== 'home' || !conversed || !pushState.loaded || permission() !== 'default') return;
    const declinedAt = pushState.doc?.declinedAt ?? null;
    if (declinedAt !== null && Date.now() - declinedAt < NOTIFICATION_REASK_GAP_MS) return;
    asked.current = true;
    void (async () => {
      const allow = await confirm({
        title: intl.formatMessage({ id: 'notification.prompt.title' }),
        body: intl.formatMessage({ id: 'notification.prompt.body' }),
        denyLabel: intl.formatMessage({ id: 'notification.prompt.deny' }),
        allowLabel: intl.formatMessage({ id: 'notification.prompt.allow' }),
      });
      if (!allow) {
        await declineNotifications();
        return;
      }
      // called from the Allow tap's task: the browser counts it as a user gesture
      const answer = await Notification.requestPermission();
      if (answer === 'granted') await enablePush();
      else await declineNotifications();
    })();
  }, [signedIn, where, conversed, pushState.loaded, pushState.doc?.declinedAt, confirm, intl]);

  // the service worker's copy of the mute fields and hidden bots (sw/push.ts reads it on a push),
  // written only when it changes, and after a short pause (a burst of messages changes the list often)
  const mutes = Object.fromEntries(conversations.value.map((c) => [c.bot_uuid, { mute_time: c.mute_time ?? null, mute_duration: c.mute_duration ?? null }]));
  const stateKey = conversations.loaded ? JSON.stringify({ mutes, hidden }) : '';
  const written = useRef('');
  useEffect(() => {
    if (stateKey === '' || stateKey === written.current || typeof caches === 'undefined') return;
    const timer = setTimeout(() => {
      written.current = stateKey;
      const state: NotifyState = { ...(JSON.parse(stateKey) as Omit<NotifyState, 'at'>), at: Date.now() };
      void caches.open(NOTIFY_STATE_CACHE)
        .then((cache) => cache.put(NOTIFY_STATE_URL, new Response(JSON.stringify(state), { headers: { 'content-type': 'application/json' } })))
        .catch(() => {});
    }, 1000);
    return () => clearTimeout(timer);
  }, [stateKey]);

  if (!toast || !where) return null;
  return (
    <NotificationToast
      name={toast.name}
      icon={toast.icon}
      body={toast.text}
      openLabel={intl.formatMessage({ id: 'notification.toast.open' }, { name: toast.name })}
      closeLabel={intl.formatMessage({ id: 'notification.toast.close' })}
      onOpen={() => {
        setToast(null);
        void navigate({ to: '/chat/$botUuid', params: { botUuid: toast.bot_uuid } });
      }}
      onClose={() => setToast(null)}
    />
  );
}
