// Saved items' half of the engine (spec part 1 §3 saved item, §5, §7, §8): pages of
// /bot/get-saved-items and the filter chips of /bot/get-saved-item-filters into the 'saved-items'
// local document (so the list shows offline), and unsave / undo.
//   - Pages are written only from a 200 answer (§5); any other answer leaves the stored list as
//     it was and the flow answers the error (§8: loaders answer nothing on non-200).
//   - Unsave is optimistic: the item leaves the list at once, then unsave-item is sent. Undo puts
//     it back at once and sends undo-unsave-item. The requests go out one at a time in the order
//     asked, so an undo never overtakes its unsave. A refusal (or no network) reverses the local
//     change and leaves a notice (a message id) for the screen to show.
import type { RouteName, SavedItem } from '../api/contract';
import { PAGE_SIZE } from '../domain/constants';
import type { AppError } from '../domain/error-types';
import { NoResponseError, cancelledError, isCancelError, noResponseError } from '../domain/errors';
import type { AppDatabase } from '../db/database';
import { failed, ok, type CommandResult } from '../db/command-result';
import type { MessageIntent, SavedItemsDoc } from '../db/local-docs';
import { modifyLocalDoc } from '../db/local-store';
import type { Clock, HttpClient } from './http-client';

export interface SavedItemsFlows {
  /** Reads the first page for `filter` (a bot id, or null for all) or, with more, the next one. */
  loadSavedItems(filter: string | null, more: boolean): Promise<CommandResult<{ count: number; hasMore: boolean }>>;
  unsaveSavedItem(savedItemUuid: string): Promise<CommandResult>;
  undoUnsaveSavedItem(savedItemUuid: string): Promise<CommandResult>;
  dismissSavedItemsNotice(): Promise<CommandResult>;
}

export interface SavedItemsSyncDeps {
  db: AppDatabase;
  http: HttpClient;
  clock: Clock;
  report(route: RouteName, err: unknown): Promise<AppError>;
}

/** Message ids of the notices (the screen translates them). */
export const SAVED_ITEMS_NOTICE = {
  unsaveFailed: 'savedItems.error.unsave',
  undoFailed: 'savedItems.error.undo',
  offline: 'savedItems.error.offline',
} as const;

export const EMPTY_SAVED_ITEMS: SavedItemsDoc = { filter: null, items: [], hasMore: false, filters: [], fetchedAt: null, unsaved: [], notice: null };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why a page cannot be stored, or null (checks what the screen relies on). */
export function savedItemsPageProblem(v: unknown): string | null {
  if (!isRecord(v) || !Array.isArray(v.items) || typeof v.has_more !== 'boolean') return 'saved items page lacks items or has_more';
  const good = v.items.every((i) => isRecord(i) && typeof i.saved_item_uuid === 'string' && typeof i.bot_uuid === 'string' && typeof i.saved_at === 'number' && isRecord(i.message));
  return good ? null : 'a saved item lacks its uuid, bot, time or message';
}

/** The list with `item` back where it stood (once: an item already there is not added again). */
export function restoreItem(items: SavedItem[], item: SavedItem, position: number): SavedItem[] {
  if (items.some((i) => i.saved_item_uuid === item.saved_item_uuid)) return items;
  const at = Math.max(0, Math.min(position, items.length));
  return [...items.slice(0, at), item, ...items.slice(at)];
}

/**
 * The thread shows a message as saved from its done 'save' intent (message-intents.ts): an
 * unsave the server took drops it (the Save control comes back), an undo it took puts it back.
 */
async function markSavedInThread(db: AppDatabase, item: SavedItem, saved: boolean, at: number): Promise<void> {
  const sk = item.message.sk;
  if (!sk) return;
  const id = `save:${item.bot_uuid}:${sk}:${item.index}`;
  await modifyLocalDoc(db, 'message-intents', (doc) => {
    const others = (doc?.items ?? []).filter((i) => i.id !== id);
    const intent: MessageIntent = { id, kind: 'save', bot_uuid: item.bot_uuid, sk, value: item.index, state: 'done', at };
    return { items: saved ? [...others, intent] : others };
  });
}

export function createSavedItemsSync(deps: SavedItemsSyncDeps): SavedItemsFlows {
  const { db, http, clock } = deps;
  let sending: Promise<unknown> = Promise.resolve();
  const modify = (fn: (d: SavedItemsDoc) => SavedItemsDoc) => modifyLocalDoc(db, 'saved-items', (cur) => fn(cur ?? EMPTY_SAVED_ITEMS));

  /** Runs the requests one after another, in the order asked. */
  function inOrder<T>(job: () => Promise<T>): Promise<T> {
    const next = sending.then(job, job);
    sending = next.catch(() => undefined);
    return next;
  }

  async function failure<T>(route: RouteName, err: unknown): Promise<CommandResult<T>> {
    // offline: the stored list shows and the screen says it is offline; no dialog
    if (err instanceof NoResponseError) return failed(noResponseError());
    if (isCancelError(err)) return failed(cancelledError(err.reason));
    return failed(await deps.report(route, err));
  }

  async function loadSavedItems(filter: string | null, more: boolean): Promise<CommandResult<{ count: number; hasMore: boolean }>> {
    const current = await modify((d) => d);
    const offset = more && current.filter === filter ? current.items.length : 0;
    let page: unknown;
    let chips: Awaited<ReturnType<typeof http.call<'getSavedItemFilters'>>> | null = null;
    try {
      page = await http.call('getSavedItems', { sort: 'DESCENDING', offset, limit: PAGE_SIZE.savedItems, filters: filter ? [filter] : [] });
      if (offset === 0) chips = await http.call('getSavedItemFilters', {});
    } catch (err) {
      return failure('getSavedItems', err);
    }
    const problem = savedItemsPageProblem(page);
    if (problem) return failed({ key: 'wire', message: problem });
    const answer = page as { items: SavedItem[]; has_more: boolean };
    const pending = new Set(current.unsaved.filter((u) => u.state === 'sending').map((u) => u.item.saved_item_uuid));
    const doc = await modify((d) => {
      // an unsave still on its way must not reappear from a page read before the server took it
      const fresh = answer.items.filter((i) => !pending.has(i.saved_item_uuid));
      const base = offset === 0 ? [] : d.items;
      const known = new Set(base.map((i) => i.saved_item_uuid));
      return {
        ...d,
        filter,
        items: [...base, ...fresh.filter((i) => !known.has(i.saved_item_uuid))],
        hasMore: answer.has_more,
        filters: chips ? chips.filters : d.filters,
        fetchedAt: clock.now(),
      };
    });
    return ok({ count: doc.items.length, hasMore: doc.hasMore });
  }

  async function unsaveSavedItem(uuid: string): Promise<CommandResult> {
    let found = false;
    await modify((d) => {
      const position = d.items.findIndex((i) => i.saved_item_uuid === uuid);
      if (position < 0) return d;
      found = true;
      return {
        ...d,
        items: d.items.filter((i) => i.saved_item_uuid !== uuid),
        unsaved: [...d.unsaved.filter((u) => u.item.saved_item_uuid !== uuid), { item: d.items[position]!, position, state: 'sending' }],
        filters: d.filters.map((f) => (f.bot_uuid === d.items[position]!.bot_uuid ? { ...f, count: Math.max(0, f.count - 1) } : f)),
        notice: null,
      };
    });
    if (!found) return ok();
    return inOrder(async () => {
      try {
        await http.call('unsaveItem', { saved_item_uuid_list: [uuid] });
        const after = await modify((d) => ({ ...d, unsaved: d.unsaved.map((u) => (u.item.saved_item_uuid === uuid ? { ...u, state: 'done' } : u)) }));
        const gone = after.unsaved.find((u) => u.item.saved_item_uuid === uuid);
        if (gone) await markSavedInThread(db, gone.item, false, clock.now());
        return ok();
      } catch (err) {
        const offline = err instanceof NoResponseError || isCancelError(err);
        await modify((d) => {
          const entry = d.unsaved.find((u) => u.item.saved_item_uuid === uuid);
          // undone meanwhile: it is back already, and the undo's own request follows
          if (!entry) return d;
          return {
            ...d,
            items: restoreItem(d.items, entry.item, entry.position),
            unsaved: d.unsaved.filter((u) => u !== entry),
            filters: d.filters.map((f) => (f.bot_uuid === entry.item.bot_uuid ? { ...f, count: f.count + 1 } : f)),
            notice: { textId: offline ? SAVED_ITEMS_NOTICE.offline : SAVED_ITEMS_NOTICE.unsaveFailed, at: clock.now() },
          };
        });
        return failure('unsaveItem', err);
      }
    });
  }

  async function undoUnsaveSavedItem(uuid: string): Promise<CommandResult> {
    let entry: SavedItemsDoc['unsaved'][number] | undefined;
    await modify((d) => {
      entry = d.unsaved.find((u) => u.item.saved_item_uuid === uuid);
      if (!entry) return d;
      const back = entry;
      return {
        ...d,
        items: restoreItem(d.items, back.item, back.position),
        unsaved: d.unsaved.filter((u) => u !== back),
        filters: d.filters.map((f) => (f.bot_uuid === back.item.bot_uuid ? { ...f, count: f.count + 1 } : f)),
        notice: null,
      };
    });
    if (!entry) return ok();
    const restored = entry;
    return inOrder(async () => {
      try {
        await http.call('undoUnsaveItem', { unsaved_item_uuid_list: [uuid] });
        await markSavedInThread(db, restored.item, true, clock.now());
        return ok();
      } catch (err) {
        const offline = err instanceof NoResponseError || isCancelError(err);
        // the server still has it unsaved: take it out of the list again
        await modify((d) => ({
          ...d,
          items: d.items.filter((i) => i.saved_item_uuid !== uuid),
          filters: d.filters.map((f) => (f.bot_uuid === restored.item.bot_uuid ? { ...f, count: Math.max(0, f.count - 1) } : f)),
          notice: { textId: offline ? SAVED_ITEMS_NOTICE.offline : SAVED_ITEMS_NOTICE.undoFailed, at: clock.now() },
        }));
        return failure('undoUnsaveItem', err);
      }
    });
  }

  async function dismissSavedItemsNotice(): Promise<CommandResult> {
    await modify((d) => (d.notice ? { ...d, notice: null } : d));
    return ok();
  }

  return { loadSavedItems, unsaveSavedItem, undoUnsaveSavedItem, dismissSavedItemsNotice };
}
