// The one-time move of the queues kept in local documents before the actions collection (issue
// 12) into it, so nothing queued before an upgrade is lost: the 'bot-actions' queue, the
// 'saved-items' queue, the queued entries of 'message-intents' and the edits of 'cart-edits'.
// The engine runs it at start (and the background flush before its pass). Safe to run again and
// from two tabs at once: every action keeps a stable id (its old id, or one derived from the
// entry), so a second insert is a conflict that is ignored, and the old queue is emptied only
// after its actions are stored. The documents stay (their notices, lists and intents are still
// what the screens show); only their queues go.
import type { CartEdit } from '../domain/cart-edits';
import type { QueuedBotAction } from './bot-profile-data';
import type { AppDatabase } from './database';
import type { MessageIntent, SavedItemsAction } from './local-docs';
import { getLocalDoc, modifyLocalDoc } from './local-store';
import { orderKey, type ActionDoc } from './schemas';

/** FNV-1a (32 bits) of a text. */
function fnv1a(text: string, seed = 0x811c9dc5): number {
  let h = seed;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A UUIDv7-shaped id made from a time and a name: the same entry always gets the same id. */
export function stableUuidV7(at: number, name: string): string {
  const time = Math.max(0, Math.trunc(at)).toString(16).padStart(12, '0').slice(-12);
  const hex = [fnv1a(name), fnv1a(name, 0x01000193), fnv1a(name, 0x2545f491)].map((n) => n.toString(16).padStart(8, '0')).join('');
  const variant = ((parseInt(hex[3]!, 16) & 0x3) | 0x8).toString(16);
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${hex.slice(0, 3)}-${variant}${hex.slice(4, 7)}-${hex.slice(7, 19)}`;
}

const action = (id: string, kind: ActionDoc['kind'], key: string, payload: ActionDoc['payload'], at: number): ActionDoc =>
  ({ id, kind, order_key: key, payload, status: 'queued', attempts: 0, next_attempt_at: 0, created_at: at, last_error: null }) as ActionDoc;

/** Stores the actions (those already there stay as they are). */
async function store(db: AppDatabase, docs: ActionDoc[]): Promise<void> {
  if (docs.length === 0) return;
  const { error } = await db.actions.bulkInsert(docs);
  // 409: migrated already (another tab, or a run cut short); anything else is a real failure
  const bad = error.filter((e) => e.status !== 409);
  if (bad.length > 0) throw new Error(`migrating the old queues failed: ${bad.length} actions not stored`);
}

/** Answers how many actions it moved. */
export async function migrateLocalQueues(db: AppDatabase): Promise<number> {
  let moved = 0;

  const bot = (await getLocalDoc(db, 'bot-actions'))?.queue ?? [];
  if (bot.length > 0) {
    await store(db, bot.map((a: QueuedBotAction) => action(a.id, 'bot-action', orderKey.bot(a.bot_uuid), { ...a, attempts: 0 }, a.created_at)));
    const ids = new Set(bot.map((a) => a.id));
    await modifyLocalDoc(db, 'bot-actions', (d) => ({ notice: d?.notice ?? null, ...(d?.queue?.some((a) => !ids.has(a.id)) ? { queue: d.queue.filter((a) => !ids.has(a.id)) } : {}) }));
    moved += bot.length;
  }

  const saved = (await getLocalDoc(db, 'saved-items'))?.queue ?? [];
  if (saved.length > 0) {
    await store(db, saved.map((a: SavedItemsAction) => action(a.id, 'saved-item', orderKey.savedItem(a.item.saved_item_uuid), a, a.at)));
    const ids = new Set(saved.map((a) => a.id));
    await modifyLocalDoc(db, 'saved-items', (d) => {
      if (!d) return d as never;
      const { queue, ...rest } = d;
      const left = (queue ?? []).filter((a) => !ids.has(a.id));
      return left.length > 0 ? { ...rest, queue: left } : rest;
    });
    moved += saved.length;
  }

  // intents stay in their document (the thread shows them); the queued ones get their action
  const intents = ((await getLocalDoc(db, 'message-intents'))?.items ?? []).filter((i: MessageIntent) => i.state === 'queued');
  if (intents.length > 0) {
    const keyed = intents.map((i) => ({ ...i, key: i.key ?? stableUuidV7(i.at, i.id) }));
    await store(db, keyed.map((i) => action(i.key, 'message-intent', orderKey.messageIntent(i.id), { intent_id: i.id, kind: i.kind, bot_uuid: i.bot_uuid, sk: i.sk, value: i.value }, i.at)));
    moved += intents.length;
  }

  const carts = (await getLocalDoc(db, 'cart-edits')) ?? {};
  const edits = Object.entries(carts).flatMap(([botUuid, entry]) => (entry.edits ?? []).map((edit: CartEdit) => ({ botUuid, edit })));
  if (edits.length > 0) {
    await store(db, edits.map(({ botUuid, edit }) => action(edit.id, 'cart-edit', orderKey.cart(botUuid), { bot_uuid: botUuid, edit }, 0)));
    const ids = new Set(edits.map((e) => e.edit.id));
    await modifyLocalDoc(db, 'cart-edits', (all) => Object.fromEntries(Object.entries(all ?? {}).map(([b, e]) => {
      const left = (e.edits ?? []).filter((x) => !ids.has(x.id));
      return [b, left.length > 0 ? { ...e, edits: left } : { refusal: e.refusal }];
    })));
    moved += edits.length;
  }
  return moved;
}
