// Signing out, as data: what goes and what stays. Used by the engine's flows (logout, 401,
// refused login token, delete-profile, auto-logout-decline) and by the page's logout command when
// the worker cannot be reached, so the rule lives in one place.
//   goes:  session tokens and mobile, the profile, the sign-in flow, the auto-logout prompt,
//          the chat (messages, conversations, bots, outbox, the open conversation, carts),
//          the queued actions (the actions collection),
//          discovery's cache collection and recent searches,
//          (with clearCaches) cached server data
//   stays: the device id (unless newDeviceId), the app language, settings, the standalone flags
import type { AppDatabase } from './database';
import { DEFAULT_AUTH_FLOW, DEFAULT_SYNC_STATUS, SIGNED_OUT, newSession } from './defaults';
import { modifyLocalDoc, patchLocalDoc, removeLocalDoc, setLocalDoc } from './local-store';
import { newDeviceId } from './device-id';

export interface ClearOptions {
  /** standalone-with-auth keeps its bot on auto-logout (spec part 1 §6) */
  keepSelectedBot?: boolean;
  /** also drop cached server data (the geo lists; later, the cache collection) */
  clearCaches?: boolean;
  /** assign a new device id (logout-accept clears it) */
  newDeviceId?: boolean;
}

export async function clearSignedInData(
  db: AppDatabase,
  options: ClearOptions = {},
  makeDeviceId: () => string = newDeviceId,
): Promise<void> {
  await modifyLocalDoc(db, 'session', (current) => {
    const base = current ?? newSession(makeDeviceId());
    return {
      ...base,
      ...SIGNED_OUT,
      selectedBot: options.keepSelectedBot ? base.selectedBot : null,
      deviceId: options.newDeviceId ? makeDeviceId() : base.deviceId,
    };
  });
  await removeLocalDoc(db, 'profile');
  await setLocalDoc(db, 'auth-flow', DEFAULT_AUTH_FLOW);
  await patchLocalDoc(db, 'sync-status', { autoLogoutPrompt: false, unauthorised: false }, DEFAULT_SYNC_STATUS);
  if (options.clearCaches) await removeLocalDoc(db, 'geo-cache');
  // Every collection holds the user's data (the chat, the queues, each area's pages): another
  // user may sign in on this device next. (Unsent messages go too: the logout confirmation is
  // where the app warns about them.) A collection that is not the user's data would need an
  // exception here.
  await Promise.all(Object.values(db.collections).map((c) => c.find().remove()));
  await removeLocalDoc(db, 'chat-view');
  await removeLocalDoc(db, 'recent-searches');
  await removeLocalDoc(db, 'carts');
  await removeLocalDoc(db, 'cart-edits');
  await removeLocalDoc(db, 'catalogs');
  // queued bot actions and the bot profiles read for this user
  await removeLocalDoc(db, 'bot-actions');
  await removeLocalDoc(db, 'bot-profiles');
  await removeLocalDoc(db, 'message-intents');
  await removeLocalDoc(db, 'saved-items');
}
