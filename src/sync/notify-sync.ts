// The engine's side of notifications (spec part 1 §4 "Live connection"): which incoming message
// deserves an in-app notification, and the push subscription's round trips (the VAPID key, /mobile/save-pwa-subscription).
import type { ChatMessage } from '../api/messages';
import type { PushSubscriptionJson } from '../api/contract';
import { BadStatusError, INTERNAL_ERROR_TEXT, isCancelError, NoResponseError, noResponseError, cancelledError } from '../domain/errors';
import { shouldNotify } from '../domain/notification-rules';
import { failed, ok, type CommandResult } from '../db/command-result';
import type { AppDatabase } from '../db/database';
import { getLocalDoc, patchLocalDoc, setLocalDoc } from '../db/local-store';
import type { Clock, HttpClient } from './http-client';

/**
 * Called with the messages that arrived for a bot: when the newest bot message among them is for
 * another bot than the one on screen, and its conversation is neither muted nor hidden, the
 * 'in-app-notification' document names it (the page shows it once).
 */
export async function recordIncoming(db: AppDatabase, botUuid: string, messages: readonly ChatMessage[], onScreen: string | null, now: number): Promise<boolean> {
  const last = [...messages].reverse().find((m) => m.from === 'bot');
  if (!last) return false;
  const conversation = await db.conversations.findOne(botUuid).exec();
  const flags = await getLocalDoc(db, 'remote-flags');
  const entry = {
    bot_uuid: botUuid,
    mute_time: conversation?.mute_time ?? null,
    mute_duration: conversation?.mute_duration ?? null,
  };
  if (!shouldNotify(entry, onScreen, now, flags?.flags.hidden_bots ?? [])) return false;
  if (conversation?.block_time != null) return false;
  // a conversation made by a socket frame may not know its bot's name yet: the bot list does
  const bot = conversation?.name ? null : await db.bots.findOne(botUuid).exec();
  await setLocalDoc(db, 'in-app-notification', {
    id: last.message_id,
    bot_uuid: botUuid,
    name: conversation?.name || bot?.name || '',
    icon: conversation?.icon || bot?.icon || '',
    text: last.text?.body ?? '',
    at: now,
  });
  return true;
}

export interface NotifyFlows {
  /** The server's VAPID public key, for PushManager.subscribe. */
  getVapidPublicKey(): Promise<CommandResult<string>>;
  /** Saves the browser's push subscription; a non-200 fails with 'Bad status code from server.'. */
  savePushSubscription(subscription: PushSubscriptionJson): Promise<CommandResult>;
}

export function createNotifyFlows(deps: { db: AppDatabase; http: HttpClient; clock: Clock }): NotifyFlows {
  const { db, http, clock } = deps;
  const quietFailure = <T>(err: unknown): CommandResult<T> | null => {
    if (err instanceof NoResponseError) return failed(noResponseError());
    if (isCancelError(err)) return failed(cancelledError(err.reason));
    return null;
  };
  return {
    async getVapidPublicKey() {
      try {
        return ok((await http.call('getVapidPublicKey', {})).public_key);
      } catch (err) {
        return quietFailure<string>(err) ?? failed({ key: 'badStatus', message: err instanceof Error ? err.message : String(err) });
      }
    },
    async savePushSubscription(subscription) {
      const session = await getLocalDoc(db, 'session');
      if (!session?.token) return failed({ key: 'unauthorised', message: 'not signed in' });
      try {
        await http.call('savePwaSubscription', { subscription, timestamp: clock.now(), deviceId: session.deviceId });
      } catch (err) {
        const quiet = quietFailure<void>(err);
        if (quiet) return quiet;
        // spec part 1 §8: a save answered with anything but 200
        const status = err instanceof BadStatusError ? err.status : undefined;
        return failed({ key: 'badStatus', message: INTERNAL_ERROR_TEXT.subscriptionSave, ...(status !== undefined ? { status } : {}) });
      }
      await patchLocalDoc(db, 'push-state', { savedEndpoint: subscription.endpoint, savedAt: clock.now() }, { declinedAt: null, savedEndpoint: null, savedAt: null });
      return ok();
    },
  };
}
