// Saved items' half of the engine (spec part 1 §3 saved item, §5, §7, §8): pages of
// /bot/get-saved-items and the filter chips of /bot/get-saved-item-filters into the 'saved-items'
// local document (so the list shows offline), and unsave / undo.
//   - Pages are written only from a 200 answer (§5); any other answer leaves the stored list as
//     it was and the flow answers the error (§8: loaders answer nothing on non-200).
//   - Unsave and undo are applied at once and queued (every action is applied at once and
//     queued): the item leaves the list (or comes back) and the action joins the one action
//     queue (kind 'saved-item', ordered per saved item: an undo never overtakes its unsave). The
//     leader's runner sends it (src/sync/action-runner.ts, `savedItemKind` below); no answer
//     keeps it queued (the runner's backoff, the network back), so an unsave made offline is
//     delivered once, later. A refusal (a 4xx, the one classifier) reverses the local change and
//     leaves a notice (a message id) to show.
import type { RouteName, SavedItem } from '../api/contract';
import { PAGE_SIZE } from '../domain/constants';
import { NoResponseError, cancelledError, isCancelError, noResponseError } from '../domain/errors';
import { uuidv7 } from '../domain/uuidv7';
import type { AppDatabase } from '../db/database';
import { failed, ok, type CommandResult } from '../db/command-result';
import type { MessageIntent, SavedItemsAction, SavedItemsDoc } from '../db/local-docs';
import { modifyLocalDoc } from '../db/local-store';
import { enqueueAction, queuedActions, removeActions } from '../db/action-queue';
import { orderKey } from '../db/schemas';
import type { ActionKindDef, AreaSyncDeps } from './action-runner';
import type { Clock, HttpClient } from './http-client';

export interface SavedItemsFlows {
  /** Reads the first page for `filter` (a bot id, or null for all) or, with more, the next one. */
  loadSavedItems(filter: string | null, more: boolean): Promise<CommandResult<{ count: number; hasMore: boolean }>>;
  /** Takes the item out at once and queues unsave-item (sent now or when the network returns). */
  unsaveSavedItem(savedItemUuid: string): Promise<CommandResult>;
  /** Puts an unsaved item back at once and queues undo-unsave-item after its unsave. */
  undoUnsaveSavedItem(savedItemUuid: string): Promise<CommandResult>;
  /** Sends the queued unsaves and undos now (the leader only). */
  flushSavedItems(): Promise<CommandResult>;
  dismissSavedItemsNotice(): Promise<CommandResult>;
}

export type SavedItemsSyncDeps = AreaSyncDeps;

/** Message ids of the notices (the screen translates them). */
export const SAVED_ITEMS_NOTICE = {
  unsaveFailed: 'savedItems.error.unsave',
  undoFailed: 'savedItems.error.undo',
} as const;

export const EMPTY_SAVED_ITEMS: SavedItemsDoc = { filter: null, items: [], hasMore: false, filters: [], fetchedAt: null, unsaved: [], notice: null };

/** The uuids whose last queued action is an undo: shown in the list though the server still has them unsaved. */
function pendingUndos(queue: readonly SavedItemsAction[]): Map<string, SavedItemsAction> {
  const last = new Map<string, SavedItemsAction>();
  for (const a of queue) last.set(a.item.saved_item_uuid, a);
  return new Map([...last].filter(([, a]) => a.kind === 'undo'));
}

const countFor = (d: SavedItemsDoc, bot: string, delta: number): SavedItemsDoc['filters'] =>
  d.filters.map((f) => (f.bot_uuid === bot ? { ...f, count: Math.max(0, f.count + delta) } : f));

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

/** How the action queue's runner sends an unsave or undo, and undoes a refused one. */
export function savedItemKind(deps: { db: AppDatabase; http: HttpClient; clock: Clock }): ActionKindDef<'saved-item'> {
  const { db, http, clock } = deps;
  const modify = (fn: (d: SavedItemsDoc) => SavedItemsDoc) => modifyLocalDoc(db, 'saved-items', (cur) => fn(cur ?? EMPTY_SAVED_ITEMS));

  /** The server took `a`: out of the queue, and the thread's Saved mark follows. */
  async function delivered(a: SavedItemsAction): Promise<void> {
    const uuid = a.item.saved_item_uuid;
    await modify((d) => ({
      ...d,
      // the unsave is the server's now (unless an undo followed: that entry is gone already)
      unsaved: a.kind === 'unsave' ? d.unsaved.map((u) => (u.item.saved_item_uuid === uuid ? { ...u, state: 'done' as const } : u)) : d.unsaved,
    }));
    await markSavedInThread(db, a.item, a.kind === 'undo', clock.now());
  }

  /** The server refused `a`: out of the queue and its local change undone, with the notice. */
  async function refused(a: SavedItemsAction): Promise<void> {
    const uuid = a.item.saved_item_uuid;
    if (a.kind === 'unsave') {
      // an undo queued after it has nothing to undo now
      const later = (await queuedActions(db, 'saved-item', orderKey.savedItem(uuid))).filter((q) => q.payload.kind === 'undo' && q.payload.at >= a.at);
      await removeActions(db, later.map((q) => q.id));
    }
    await modify((d) => {
      if (a.kind === 'unsave') {
        const entry = d.unsaved.find((u) => u.item.saved_item_uuid === uuid);
        // undone meanwhile: the item is back already and nothing changes for the user
        if (!entry) return d;
        return {
          ...d,
          items: restoreItem(d.items, entry.item, entry.position),
          unsaved: d.unsaved.filter((u) => u !== entry),
          filters: countFor(d, entry.item.bot_uuid, 1),
          notice: { textId: SAVED_ITEMS_NOTICE.unsaveFailed, at: clock.now() },
        };
      }
      // a refused undo: the server still has it unsaved, so it leaves the list again (unless
      // the user unsaved it once more meanwhile: then it is out already)
      if (!d.items.some((i) => i.saved_item_uuid === uuid)) return d;
      return {
        ...d,
        items: d.items.filter((i) => i.saved_item_uuid !== uuid),
        filters: countFor(d, a.item.bot_uuid, -1),
        notice: { textId: SAVED_ITEMS_NOTICE.undoFailed, at: clock.now() },
      };
    });
  }

  return {
    route: 'unsaveItem',
    async send({ payload: a }, once) {
      if (a.kind === 'unsave') await http.call('unsaveItem', { saved_item_uuid_list: [a.item.saved_item_uuid] }, once);
      else await http.call('undoUnsaveItem', { unsaved_item_uuid_list: [a.item.saved_item_uuid] }, once);
      await delivered(a);
    },
    refused: ({ payload }) => refused(payload),
  };
}

export function createSavedItemsSync(deps: SavedItemsSyncDeps): { flows: SavedItemsFlows; close(): void } {
  const { db, http, clock } = deps;
  const modify = (fn: (d: SavedItemsDoc) => SavedItemsDoc) => modifyLocalDoc(db, 'saved-items', (cur) => fn(cur ?? EMPTY_SAVED_ITEMS));

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
    const undos = pendingUndos((await queuedActions(db, 'saved-item')).map((a) => a.payload));
    const doc = await modify((d) => {
      // an unsave still queued or on its way must not reappear from a page read before the server took it
      const pending = new Set(d.unsaved.filter((u) => u.state === 'sending').map((u) => u.item.saved_item_uuid));
      const fresh = answer.items.filter((i) => !pending.has(i.saved_item_uuid));
      const base = offset === 0 ? [] : d.items;
      const known = new Set(base.map((i) => i.saved_item_uuid));
      let items = [...base, ...fresh.filter((i) => !known.has(i.saved_item_uuid))];
      // and an undo still queued keeps its item, though the server has it unsaved still
      for (const a of undos.values()) {
        if (filter === null || a.item.bot_uuid === filter) items = restoreItem(items, a.item, a.position);
      }
      return { ...d, filter, items, hasMore: answer.has_more, filters: chips ? chips.filters : d.filters, fetchedAt: clock.now() };
    });
    return ok({ count: doc.items.length, hasMore: doc.hasMore });
  }

  /** Queues the action (after the list changed: a refusal finds the change to undo). */
  async function enqueue(kind: SavedItemsAction['kind'], item: SavedItem, position: number): Promise<void> {
    const id = uuidv7();
    await enqueueAction(db, 'saved-item', orderKey.savedItem(item.saved_item_uuid), { id, kind, item, position, at: clock.now() }, clock.now(), id);
  }

  async function unsaveSavedItem(uuid: string): Promise<CommandResult> {
    let found: { item: SavedItem; position: number } | null = null;
    await modify((d) => {
      const position = d.items.findIndex((i) => i.saved_item_uuid === uuid);
      if (position < 0) return d;
      const item = d.items[position]!;
      found = { item, position };
      return {
        ...d,
        items: d.items.filter((i) => i.saved_item_uuid !== uuid),
        unsaved: [...d.unsaved.filter((u) => u.item.saved_item_uuid !== uuid), { item, position, state: 'sending' }],
        filters: countFor(d, item.bot_uuid, -1),
        notice: null,
      };
    });
    const unsaved = found as { item: SavedItem; position: number } | null;
    if (unsaved) await enqueue('unsave', unsaved.item, unsaved.position);
    return ok();
  }

  async function undoUnsaveSavedItem(uuid: string): Promise<CommandResult> {
    let found: { item: SavedItem; position: number } | null = null;
    await modify((d) => {
      const entry = d.unsaved.find((u) => u.item.saved_item_uuid === uuid);
      if (!entry) return d;
      found = { item: entry.item, position: entry.position };
      return {
        ...d,
        items: restoreItem(d.items, entry.item, entry.position),
        unsaved: d.unsaved.filter((u) => u !== entry),
        filters: countFor(d, entry.item.bot_uuid, 1),
        notice: null,
      };
    });
    const undone = found as { item: SavedItem; position: number } | null;
    if (undone) await enqueue('undo', undone.item, undone.position);
    return ok();
  }

  async function dismissSavedItemsNotice(): Promise<CommandResult> {
    await modify((d) => (d.notice ? { ...d, notice: null } : d));
    return ok();
  }

  async function flushSavedItems(): Promise<CommandResult> {
    await deps.flushActions();
    return ok();
  }

  return {
    flows: { loadSavedItems, unsaveSavedItem, undoUnsaveSavedItem, dismissSavedItemsNotice, flushSavedItems },
    close() {},
  };
}
