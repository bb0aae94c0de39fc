// The catalogue and the optimistic cart (spec part 2 §4, DESIGN.md §4 "a cart edit the server
// rejects is reverted within one sync cycle"). The page's cart commands append edits to the
// 'cart-edits' local document; this module sends, per bot and one at a time, the server's last
// cart with those edits replayed (update-cart replaces the whole cart, so a resend after a lost
// answer does no harm). A 200 makes the answer the new base and drops the edits it carried; a
// refusal (a 4xx) drops them too, so the seen cart returns to the server's, and records the
// refusal for the cart screen; no answer or a 5xx/429 keeps them for the next try (a new edit,
// the socket opening, or syncCarts).
import type { CartAnswer, CartItem, RouteName } from '../api/contract';
import { replayEdits, toServerItems } from '../domain/cart-edits';
import { cartLimits } from '../db/cart-view';
import { BadStatusError, NoResponseError, noResponseError } from '../domain/errors';
import type { AppError } from '../domain/error-types';
import type { AppDatabase } from '../db/database';
import { failed, ok, type CommandResult } from '../db/command-result';
import { getLocalDoc, modifyLocalDoc } from '../db/local-store';
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

export interface CartSyncDeps {
  db: AppDatabase;
  http: HttpClient;
  clock: Clock;
  report(route: RouteName, err: unknown): Promise<AppError>;
  log?: (message: string, detail?: unknown) => void;
}

/** A refusal is the server's final word on these edits; anything else may pass on a later try. */
const isRefusal = (err: unknown): err is BadStatusError =>
  err instanceof BadStatusError && err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429 && err.status !== 401 && err.status !== 440;

export function createCartSync(deps: CartSyncDeps): CartFlows & { storeCart(answer: CartAnswer): Promise<void> } {
  const { db, http, clock } = deps;
  const log = deps.log ?? ((message: string, detail?: unknown) => console.warn(message, detail));
  const running = new Map<string, Promise<CommandResult>>();

  /** Keeps the newest cart: an answer older than the stored one (by version) is ignored. */
  async function storeCart(answer: CartAnswer): Promise<void> {
    await modifyLocalDoc(db, 'carts', (carts) => {
      const current = carts?.[answer.bot_uuid];
      if (current && current.version > answer.version) return carts ?? {};
      return { ...carts, [answer.bot_uuid]: { ...answer, fetchedAt: clock.now() } };
    });
  }

  async function dropEdits(botUuid: string, ids: readonly string[], refusal: { message: string; at: number } | null): Promise<void> {
    await modifyLocalDoc(db, 'cart-edits', (all) => {
      const entry = all?.[botUuid] ?? { edits: [], refusal: null };
      return { ...all, [botUuid]: { edits: entry.edits.filter((e) => !ids.includes(e.id)), refusal: refusal ?? entry.refusal } };
    });
  }

  async function sendOnce(botUuid: string): Promise<CommandResult> {
    for (;;) {
      const pending = (await getLocalDoc(db, 'cart-edits'))?.[botUuid]?.edits ?? [];
      if (pending.length === 0) return ok();
      let base = (await getLocalDoc(db, 'carts'))?.[botUuid];
      try {
        if (!base) {
          // No server cart known yet (first edit offline): read it, so the edits replay on the real base.
          await storeCart(await http.call('getCart', { bot_uuid: botUuid, include_product_details: true }));
          base = (await getLocalDoc(db, 'carts'))?.[botUuid];
        }
        const limits = cartLimits((await getLocalDoc(db, 'carts')), await getLocalDoc(db, 'catalogs'), botUuid);
        const cart = toServerItems(replayEdits(base?.cart ?? [], pending, limits)) satisfies CartItem[];
        const answer = await http.call('updateCart', { bot_uuid: botUuid, cart });
        await storeCart(answer);
        await dropEdits(botUuid, pending.map((e) => e.id), null);
      } catch (err) {
        if (isRefusal(err)) {
          await dropEdits(botUuid, pending.map((e) => e.id), { message: err.serverMessage ?? err.message, at: clock.now() });
          // Re-read the server's cart: the refusal says nothing of what it holds now.
          await http.call('getCart', { bot_uuid: botUuid, include_product_details: true }).then(storeCart, () => {});
          continue;
        }
        // Offline is the normal case here: the edits wait quietly, with no no-internet dialog.
        if (err instanceof NoResponseError) return failed(noResponseError());
        return failed(await deps.report('updateCart', err));
      }
    }
  }

  function syncCart(botUuid: string): Promise<CommandResult> {
    const previous = running.get(botUuid) ?? Promise.resolve(ok());
    const next = previous.catch(() => ok()).then(() => sendOnce(botUuid));
    running.set(botUuid, next);
    void next.finally(() => {
      if (running.get(botUuid) === next) running.delete(botUuid);
    });
    return next;
  }

  return {
    storeCart,
    syncCart,
    async syncCarts() {
      const all = (await getLocalDoc(db, 'cart-edits')) ?? {};
      const bots = Object.entries(all).filter(([, e]) => e.edits.length > 0).map(([bot]) => bot);
      const results = await Promise.all(bots.map((bot) => syncCart(bot).catch((err: unknown) => {
        log('sync: cart sync failed', err);
        return ok();
      })));
      return results.find((r) => !r.ok) ?? ok();
    },
    async refreshCart(botUuid) {
      try {
        await storeCart(await http.call('getCart', { bot_uuid: botUuid, include_product_details: true }));
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
