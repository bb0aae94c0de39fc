// The catalogue and the optimistic cart (spec part 2 §4, DESIGN.md §4 "a cart edit the server
// rejects is reverted within one sync cycle"). The page's cart commands append edits to the one
// action queue (kind 'cart-edit', ordered per bot's cart); the leader's runner sends the head of
// a bot's cart with `cartEditKind` below: the server's last cart with every edit queued for the
// bot replayed (update-cart replaces the whole cart, so a resend after a lost answer does no
// harm). A 200 makes the answer the new base and drops the edits it carried; a refusal (a 4xx,
// the one classifier) drops them too, so the seen cart returns to the server's at once, records
// the refusal for the cart screen and reads the server's cart again; no answer, a timeout, a
// 408/429/5xx keep them for the runner's next try (its backoff, a new edit, the socket opening,
// the network back, or syncCarts).
//
// The Idempotency-Key is not the head action's id alone: one call carries several edits, and
// edits added after a lost answer make another body. It is the last edit's id plus a fingerprint
// of the cart sent, so the same cart resent gets the first answer and another cart a new key.
//
// A send and a read of the same bot's cart never interleave (`withCartLock`): a send builds its
// cart from the stored base, then awaits the session before its call; a read (the refresh after
// another device's change) landing in that gap stored the new base while the send still went
// out built on the old one, overwriting it (CI, stop 23). Under the lock a read waits for the
// send in flight, so what it stores is the server's cart after that send, and the next send
// replays the remaining edits on it. (Two devices writing at the same moment stay last writer
// wins: update-cart carries no version to compare.)
import type { CartAnswer, CartItem } from '../api/contract';
import { replayEdits, toServerItems } from '../domain/cart-edits';
import { cartLimits } from '../db/cart-view';
import { NoResponseError, noResponseError } from '../domain/errors';
import type { AppDatabase } from '../db/database';
import { failed, ok, type CommandResult } from '../db/command-result';
import { getLocalDoc, modifyLocalDoc } from '../db/local-store';
import { queuedActions, removeActions } from '../db/action-queue';
import { orderKey } from '../db/schemas';
import type { ActionKindDef, AreaSyncDeps } from './action-runner';
import type { Clock, HttpClient } from './http-client';

export interface CartFlows {
  /** Reads a catalogue into the 'catalogs' local document (for offline reading). */
  loadCatalog(botUuid: string, catalogId?: string): Promise<CommandResult>;
  /** Sends the bot's pending cart edits, if any. */
  syncCart(botUuid: string): Promise<CommandResult>;
  /** Sends every bot's pending cart edits (socket open, network back). */
  syncCarts(): Promise<CommandResult>;
  /** Reads the bot's cart as the server has it (the cart screen opening); pending edits replay on it. */
  refreshCart(botUuid: string): Promise<CommandResult>;
}

export type CartSyncDeps = AreaSyncDeps;

/** FNV-1a (32 bits, hex) of a text: a short fingerprint for an idempotency key. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** One chain of cart work per bot per database: each task starts when the one before it settles. */
const cartChains = new WeakMap<AppDatabase, Map<string, Promise<unknown>>>();
function withCartLock<T>(db: AppDatabase, botUuid: string, task: () => Promise<T>): Promise<T> {
  let chains = cartChains.get(db);
  if (!chains) cartChains.set(db, (chains = new Map()));
  const before = chains.get(botUuid) ?? Promise.resolve();
  const run = before.then(task, task);
  const settled = run.then(() => undefined, () => undefined);
  chains.set(botUuid, settled);
  // forget the chain once it is idle, so a bot's entry does not live for ever
  void settled.then(() => { if (chains.get(botUuid) === settled) chains.delete(botUuid); });
  return run;
}

/** Keeps the newest cart: an answer older than the stored one (by version) is ignored. */
async function storeCartAnswer(db: AppDatabase, clock: Clock, answer: CartAnswer): Promise<void> {
  await modifyLocalDoc(db, 'carts', (carts) => {
    const current = carts?.[answer.bot_uuid];
    if (current && current.version > answer.version) return carts ?? {};
    return { ...carts, [answer.bot_uuid]: { ...answer, fetchedAt: clock.now() } };
  });
}

/** How the action queue's runner sends a bot's cart edits (all of them, as one cart), and undoes a refusal. */
export function cartEditKind(deps: { db: AppDatabase; http: HttpClient; clock: Clock }): ActionKindDef<'cart-edit'> {
  const { db, http, clock } = deps;
  const storeCart = (answer: CartAnswer) => storeCartAnswer(db, clock, answer);
  /** the edits each head carried in its last call (a refusal drops those) */
  const carried = new Map<string, string[]>();
  type Head = Parameters<ActionKindDef<'cart-edit'>['send']>[0];
  async function sendCart(head: Head): Promise<void> {
    const botUuid = head.payload.bot_uuid;
    const pending = await queuedActions(db, 'cart-edit', orderKey.cart(botUuid));
    if (pending.length === 0) return;
    let base = (await getLocalDoc(db, 'carts'))?.[botUuid];
    if (!base) {
      // No server cart known yet (first edit offline): read it, so the edits replay on the real base.
      await storeCart(await http.call('getCart', { bot_uuid: botUuid, include_product_details: true }));
      base = (await getLocalDoc(db, 'carts'))?.[botUuid];
    }
    const limits = cartLimits((await getLocalDoc(db, 'carts')), await getLocalDoc(db, 'catalogs'), botUuid);
    const edits = pending.map((a) => a.payload.edit);
    const cart = toServerItems(replayEdits(base?.cart ?? [], edits, limits)) satisfies CartItem[];
    const idempotencyKey = `${edits[edits.length - 1]!.id}.${fnv1a(JSON.stringify(cart))}`;
    carried.set(head.id, pending.map((a) => a.id));
    const answer = await http.call('updateCart', { bot_uuid: botUuid, cart }, { idempotencyKey });
    carried.delete(head.id);
    await storeCart(answer);
    // the runner removes the head; the other edits this cart carried go with it
    await removeActions(db, pending.filter((a) => a.id !== head.id).map((a) => a.id));
  }
  return {
    route: 'updateCart',
    send(head) {
      return withCartLock(db, head.payload.bot_uuid, () => sendCart(head));
    },
    async refused(head, refusal) {
      const botUuid = head.payload.bot_uuid;
      // the edits of the refused cart (after a restart, every edit of the bot) leave the queue:
      // the seen cart is the server's again
      const ids = carried.get(head.id) ?? (await queuedActions(db, 'cart-edit', orderKey.cart(botUuid))).map((a) => a.id);
      carried.delete(head.id);
      await removeActions(db, ids.filter((id) => id !== head.id));
      await modifyLocalDoc(db, 'cart-edits', (all) => ({ ...all, [botUuid]: { refusal: { message: refusal.serverMessage ?? refusal.message, at: clock.now() } } }));
      // Re-read the server's cart: the refusal says nothing of what it holds now.
      await http.call('getCart', { bot_uuid: botUuid, include_product_details: true }).then(storeCart, () => {});
    },
  };
}

export function createCartSync(deps: CartSyncDeps): CartFlows & { fetchCart(botUuid: string): Promise<void> } {
  const { db, http, clock } = deps;
  const storeCart = (answer: CartAnswer) => storeCartAnswer(db, clock, answer);

  /** The bot's cart as the server has it, into 'carts' (rejects when the call fails). */
  async function fetchCart(botUuid: string): Promise<void> {
    await withCartLock(db, botUuid, async () => storeCart(await http.call('getCart', { bot_uuid: botUuid, include_product_details: true })));
  }

  /** Sends what is queued for the bot now; answers whether edits still wait (no answer, a backoff). */
  async function syncCart(botUuid: string): Promise<CommandResult> {
    await deps.flushActions();
    const left = await queuedActions(db, 'cart-edit', orderKey.cart(botUuid));
    // offline is the normal case here: the edits wait quietly, with no no-internet dialog
    return left.length === 0 ? ok() : failed(noResponseError());
  }

  return {
    fetchCart,
    syncCart,
    async syncCarts() {
      await deps.flushActions();
      const left = await queuedActions(db, 'cart-edit');
      return left.length === 0 ? ok() : failed(noResponseError());
    },
    async refreshCart(botUuid) {
      try {
        await fetchCart(botUuid);
        return ok();
      } catch (err) {
        if (err instanceof NoResponseError) return failed(noResponseError());
        return failed(await deps.report('getCart', err));
      }
    },
    async loadCatalog(botUuid, catalogId) {
      try {
        const answer = await http.call('getCatalog', { bot_uuid: botUuid, ...(catalogId ? { catalog_uuid: catalogId } : {}) });
        await modifyLocalDoc(db, 'catalogs', (all) => {
          const entry = { ...answer, fetchedAt: clock.now() };
          // Stored under its own id, and under the bot's default ('') when asked without one.
          return { ...all, [`${botUuid}/${answer.catalog_id}`]: entry, ...(catalogId ? {} : { [`${botUuid}/`]: entry }) };
        });
        return ok();
      } catch (err) {
        return failed(await deps.report('getCatalog', err));
      }
    },
  };
}
