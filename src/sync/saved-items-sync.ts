// Saved items' half of the engine (spec part 1 §3 saved item, §5, §7, §8): pages of
// /bot/get-saved-items and the filter chips of /bot/get-saved-item-filters into the 'saved-items'
// local document (so the list shows offline), and unsave / undo.
//   - Pages are written only from a 200 answer (§5); any other answer leaves the stored list as
//     it was and the flow answers the error (§8: loaders answer nothing on non-200).
//   - Unsave and undo are applied at once and queued (issue 5: every action is applied at once
//     and queued): the item leaves the list (or comes back) and the action joins the document's
//     `queue`. The leader's engine sends the queue one at a time in the order asked, so an undo
//     never overtakes its unsave; no answer keeps it queued until the network returns (or a
//     retry timer), so an unsave made offline is delivered once, later. A refusal (an answer
//     other than 200) reverses the local change and leaves a notice (a message id) to show.
import type { RouteName, SavedItem } from '../api/contract';
import { PAGE_SIZE } from '../domain/constants';
import type { AppError } from '../domain/error-types';
import { BadStatusError, NoResponseError, cancelledError, isCancelError, noResponseError } from '../domain/errors';
import { uuidv7 } from '../domain/uuidv7';
import type { AppDatabase } from '../db/database';
import { failed, ok, type CommandResult } from '../db/command-result';
import type { MessageIntent, SavedItemsAction, SavedItemsDoc } from '../db/local-docs';
import { getLocalDoc, modifyLocalDoc } from '../db/local-store';
import type { Clock, HttpClient } from './http-client';
import { createQueueRunner, flushOnQueueChanges } from './queue-runner';

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

export interface SavedItemsSyncDeps {
  db: AppDatabase;
  http: HttpClient;
  clock: Clock;
  report(route: RouteName, err: unknown): Promise<AppError>;
  /** whether this engine leads (one tab sends the queue); absent: it does */
  isLeader?: () => boolean;
  /** how long to wait before trying the queue again after no answer */
  retryMs?: number;
  log?: (message: string, detail?: unknown) => void;
}

const DEFAULT_RETRY_MS = 5_000;

/** Message ids of the notices (the screen translates them). */
export const SAVED_ITEMS_NOTICE = {
  unsaveFailed: 'savedItems.error.unsave',
  undoFailed: 'savedItems.error.undo',
} as const;

export const EMPTY_SAVED_ITEMS: SavedItemsDoc = { filter: null, items: [], hasMore: false, filters: [], fetchedAt: null, unsaved: [], notice: null, queue: [] };

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

export function createSavedItemsSync(deps: SavedItemsSyncDeps): { flows: SavedItemsFlows; close(): void } {
  const { db, http, clock } = deps;
  const isLeader = deps.isLeader ?? (() => true);
  const retryMs = deps.retryMs ?? DEFAULT_RETRY_MS;
  const log = deps.log ?? ((message: string, detail?: unknown) => console.warn(message, detail));
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
    const doc = await modify((d) => {
      // an unsave still queued or on its way must not reappear from a page read before the server took it
      const pending = new Set(d.unsaved.filter((u) => u.state === 'sending').map((u) => u.item.saved_item_uuid));
      const fresh = answer.items.filter((i) => !pending.has(i.saved_item_uuid));
      const base = offset === 0 ? [] : d.items;
      const known = new Set(base.map((i) => i.saved_item_uuid));
      let items = [...base, ...fresh.filter((i) => !known.has(i.saved_item_uuid))];
      // and an undo still queued keeps its item, though the server has it unsaved still
      for (const a of pendingUndos(d.queue ?? []).values()) {
        if (filter === null || a.item.bot_uuid === filter) items = restoreItem(items, a.item, a.position);
      }
      return { ...d, filter, items, hasMore: answer.has_more, filters: chips ? chips.filters : d.filters, fetchedAt: clock.now() };
    });
    return ok({ count: doc.items.length, hasMore: doc.hasMore });
  }

  function enqueue(d: SavedItemsDoc, kind: SavedItemsAction['kind'], item: SavedItem, position: number): SavedItemsAction[] {
    return [...(d.queue ?? []), { id: uuidv7(), kind, item, position, at: clock.now() }];
  }

  async function unsaveSavedItem(uuid: string): Promise<CommandResult> {
    let found = false;
    await modify((d) => {
      const position = d.items.findIndex((i) => i.saved_item_uuid === uuid);
      if (position < 0) return d;
      found = true;
      const item = d.items[position]!;
      return {
        ...d,
        items: d.items.filter((i) => i.saved_item_uuid !== uuid),
        unsaved: [...d.unsaved.filter((u) => u.item.saved_item_uuid !== uuid), { item, position, state: 'sending' }],
        filters: countFor(d, item.bot_uuid, -1),
        notice: null,
        queue: enqueue(d, 'unsave', item, position),
      };
    });
    if (found) void flush();
    return ok();
  }

  async function undoUnsaveSavedItem(uuid: string): Promise<CommandResult> {
    let found = false;
    await modify((d) => {
      const entry = d.unsaved.find((u) => u.item.saved_item_uuid === uuid);
      if (!entry) return d;
      found = true;
      return {
        ...d,
        items: restoreItem(d.items, entry.item, entry.position),
        unsaved: d.unsaved.filter((u) => u !== entry),
        filters: countFor(d, entry.item.bot_uuid, 1),
        notice: null,
        queue: enqueue(d, 'undo', entry.item, entry.position),
      };
    });
    if (found) void flush();
    return ok();
  }

  /** The server took `a`: out of the queue, and the thread's Saved mark follows. */
  async function delivered(a: SavedItemsAction): Promise<void> {
    const uuid = a.item.saved_item_uuid;
    await modify((d) => ({
      ...d,
      queue: (d.queue ?? []).filter((q) => q.id !== a.id),
      // the unsave is the server's now (unless an undo followed: that entry is gone already)
      unsaved: a.kind === 'unsave' ? d.unsaved.map((u) => (u.item.saved_item_uuid === uuid ? { ...u, state: 'done' as const } : u)) : d.unsaved,
    }));
    await markSavedInThread(db, a.item, a.kind === 'undo', clock.now());
  }

  /** The server refused `a`: out of the queue and its local change undone, with the notice. */
  async function refused(a: SavedItemsAction): Promise<void> {
    const uuid = a.item.saved_item_uuid;
    await modify((d) => {
      const rest = (d.queue ?? []).filter((q) => q.id !== a.id);
      if (a.kind === 'unsave') {
        // an undo queued after it has nothing to undo now
        const queue = rest.filter((q) => !(q.kind === 'undo' && q.item.saved_item_uuid === uuid && q.at >= a.at));
        const entry = d.unsaved.find((u) => u.item.saved_item_uuid === uuid);
        // undone meanwhile: the item is back already and nothing changes for the user
        if (!entry) return { ...d, queue };
        return {
          ...d,
          queue,
          items: restoreItem(d.items, entry.item, entry.position),
          unsaved: d.unsaved.filter((u) => u !== entry),
          filters: countFor(d, entry.item.bot_uuid, 1),
          notice: { textId: SAVED_ITEMS_NOTICE.unsaveFailed, at: clock.now() },
        };
      }
      // a refused undo: the server still has it unsaved, so it leaves the list again (unless
      // the user unsaved it once more meanwhile: then it is out already)
      if (!d.items.some((i) => i.saved_item_uuid === uuid)) return { ...d, queue: rest };
      return {
        ...d,
        queue: rest,
        items: d.items.filter((i) => i.saved_item_uuid !== uuid),
        filters: countFor(d, a.item.bot_uuid, -1),
        notice: { textId: SAVED_ITEMS_NOTICE.undoFailed, at: clock.now() },
      };
    });
  }

  async function flushOnce(): Promise<void> {
    for (;;) {
      if (runner.isClosed() || !isLeader()) return;
      const head = (await getLocalDoc(db, 'saved-items'))?.queue?.[0];
      if (!head) return;
      const route: RouteName = head.kind === 'unsave' ? 'unsaveItem' : 'undoUnsaveItem';
      try {
        if (head.kind === 'unsave') await http.call('unsaveItem', { saved_item_uuid_list: [head.item.saved_item_uuid] });
        else await http.call('undoUnsaveItem', { unsaved_item_uuid_list: [head.item.saved_item_uuid] });
        await delivered(head);
      } catch (err) {
        // closing (sign-out, the tab going): the queue stays for the next engine
        if (runner.isClosed()) return;
        if (err instanceof BadStatusError && err.status !== 401 && err.status !== 440) {
          await refused(head);
          continue;
        }
        // signed out (the session rules apply), no answer or another failure: keep it, in order
        if (err instanceof BadStatusError) await deps.report(route, err).catch(() => undefined);
        else if (!(err instanceof NoResponseError) && !isCancelError(err)) log('sync: a saved item action failed', err);
        runner.retryLater();
        return;
      }
    }
  }

  const runner = createQueueRunner({ drain: flushOnce, clock, retryMs, onError: (err) => log('sync: saved items flush failed', err) });
  const flush = runner.flush;

  const watch = flushOnQueueChanges(db, 'saved-items', (d) => d?.queue?.length ?? 0, flush);

  async function dismissSavedItemsNotice(): Promise<CommandResult> {
    await modify((d) => (d.notice ? { ...d, notice: null } : d));
    return ok();
  }

  async function flushSavedItems(): Promise<CommandResult> {
    await flush();
    return ok();
  }

  return {
    flows: { loadSavedItems, unsaveSavedItem, undoUnsaveSavedItem, dismissSavedItemsNotice, flushSavedItems },
    close() {
      runner.close();
      watch.stop();
    },
  };
}
