// The thread's window of stored messages (a 10,000-message thread scrolls to the top
// with no task over 50 ms). One live query with a growing limit re-read, cloned and re-sorted
// the whole window on every step up (O(n²) over the history); here each step up costs one page:
//   - the head: a live query of every message with sk >= headFloor (fixed once, from the first
//     read of the newest page), so new messages, the user's sends, status changes and acks near
//     the bottom show as before;
//   - older pages: each read once, by one [pk, rsk] index range read of MESSAGES_PAGE_SIZE rows
//     below the oldest message shown (rsk: reverseSortKey), and kept across renders;
//   - changes to stored messages older than the head (an old message's status, a server page
//     stored inside the window, the history budget removing old ones, from this tab, the worker
//     or another tab): the collection's change stream says which page holds them, and only that
//     page is read again. Messages stored below the window while nothing else was stored there
//     (a server page the user asked for) are read in at once, as the raised limit used to.
// Reads, re-reads and page changes run one at a time, so a page is never read against bounds
// that moved meanwhile. Page bounds: thread-pages.ts.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Subscription } from 'rxjs';
import { MESSAGES_PAGE_SIZE } from '../../domain/constants';
import { getClient } from '../client';
import { useOptionalDatabase } from '../client-context';
import { isBootGuessing } from '../boot-guess';
import type { AppDatabase } from '../database';
import { pkFor } from '../outbox-store';
import type { MessageDoc } from '../schemas';
import { PROVISIONAL_SK_PREFIX, reverseSortKey } from '../schemas/messages.schema';
import { headFloorOf, placeOf, windowFloor, type PageBounds } from './thread-pages';
import { useSession } from './use-session';
import { NOTHING_YET, valueNow } from './use-rx-query';

export interface ThreadWindowSnapshot {
  /** The head has been read once. */
  loaded: boolean;
  /** Oldest first: the older pages, then the head. */
  messages: readonly MessageDoc[];
  /** More stored messages older than the window may exist (readOlder would add some). */
  olderStored: boolean;
  /** A read of older messages is queued or running. */
  reading: boolean;
}

export interface ThreadWindow extends ThreadWindowSnapshot {
  /** Reads the next page of stored messages above the window's top (no-op while one is running). */
  readOlder: () => void;
}

interface Page extends PageBounds {
  /** oldest first */
  docs: MessageDoc[];
}

interface Touched {
  sk: string;
  /** the message is (now) stored there: not only removed or moved away */
  present: boolean;
}

/**
 * The thread's newest page, newest first, live (one [pk, rsk] index range read). The boot prefetch
 * subscribes to the same query on a cold start at /chat/… so that RxDB's query cache hands the
 * window its rows when the screen mounts.
 */
export function newestPageQuery(db: AppDatabase, pk: string) {
  return db.messages.find({ selector: { pk }, sort: [{ rsk: 'asc' }], limit: MESSAGES_PAGE_SIZE });
}

const EMPTY: ThreadWindowSnapshot = { loaded: false, messages: [], olderStored: false, reading: false };

/** The window of one conversation; not React-bound so its rules stay readable. */
export class ThreadWindowSource {
  private headFloor: string | null = null;
  private head: MessageDoc[] = [];
  /** newest first: pages[0].hi === headFloor */
  private readonly pages: Page[] = [];
  /** every page's messages, oldest first */
  private older: MessageDoc[] = [];
  /** the last read below the window found less than a page: nothing more is stored there */
  private exhausted = false;
  private loaded = false;
  private closed = false;
  private readQueued = false;
  private running = 0;
  private touched: Touched[] = [];
  private drainQueued = false;
  private queue: Promise<void> = Promise.resolve();
  private headSub: Subscription | null = null;
  private readonly changeSub: Subscription;

  constructor(
    private readonly db: AppDatabase,
    private readonly pk: string,
    private readonly onSnapshot: (s: ThreadWindowSnapshot) => void,
  ) {
    this.watchNewestPage();
    this.changeSub = db.messages.$.subscribe((ev) => {
      if (this.headFloor === null) return; // the head holds everything stored so far
      const now = ev.operation === 'DELETE' ? undefined : ev.documentData;
      const before = ev.previousDocumentData;
      if (now?.pk === this.pk && now.sk < this.headFloor) this.touched.push({ sk: now.sk, present: true });
      if (before?.pk === this.pk && before.sk < this.headFloor && before.sk !== now?.sk) this.touched.push({ sk: before.sk, present: false });
      if (this.touched.length > 0 && !this.drainQueued) {
        this.drainQueued = true;
        this.enqueue(() => this.drainTouched());
      }
    });
  }

  readOlder(): void {
    if (this.readQueued || this.headFloor === null || this.closed) return;
    this.readQueued = true;
    this.enqueue(async () => {
      this.readQueued = false;
      await this.readBelow();
    });
    this.emit();
  }

  close(): void {
    this.closed = true;
    this.headSub?.unsubscribe();
    this.changeSub.unsubscribe();
  }

  /** Until the head's floor is known: the newest page by count, live. */
  private watchNewestPage(): void {
    const sub = newestPageQuery(this.db, this.pk)
      .$.subscribe((docs) => {
        if (this.closed || this.headFloor !== null) return;
        const floor = headFloorOf(docs, MESSAGES_PAGE_SIZE, PROVISIONAL_SK_PREFIX);
        this.head = docs.map((d) => d.toMutableJSON()).reverse();
        this.exhausted = docs.length < MESSAGES_PAGE_SIZE;
        this.loaded = true;
        if (floor !== null) {
          this.headFloor = floor;
          // from now on the head is a range, not a count: new messages add to it, none drop out
          queueMicrotask(() => {
            sub.unsubscribe();
            if (!this.closed) this.watchHead(floor);
          });
        }
        this.emit();
      });
    this.headSub = sub;
  }

  private watchHead(floor: string): void {
    this.headSub = this.db.messages
      .find({ selector: { pk: this.pk, rsk: { $lte: reverseSortKey(floor) } }, sort: [{ rsk: 'asc' }] })
      .$.subscribe((docs) => {
        if (this.closed) return;
        this.head = docs.map((d) => d.toMutableJSON()).reverse();
        this.emit();
      });
  }

  /** One page below the window's top: an index range read that stops after a page. */
  private async readBelow(): Promise<void> {
    const floor = windowFloor(this.headFloor, this.pages);
    if (floor === null) return;
    const found = await this.db.messages
      .find({ selector: { pk: this.pk, rsk: { $gt: reverseSortKey(floor) } }, sort: [{ rsk: 'asc' }], limit: MESSAGES_PAGE_SIZE })
      .exec();
    if (this.closed) return;
    this.exhausted = found.length < MESSAGES_PAGE_SIZE;
    const docs = found.map((d) => d.toMutableJSON()).reverse();
    if (docs.length > 0) {
      this.pages.push({ lo: docs[0]!.sk, hi: floor, docs });
      this.older = docs.concat(this.older);
    }
  }

  /** Re-reads the pages whose messages changed; reads below when a message landed under an exhausted window. */
  private async drainTouched(): Promise<void> {
    this.drainQueued = false;
    const touched = this.touched;
    this.touched = [];
    const dirty = new Set<Page>();
    let storedBelow = false;
    for (const t of touched) {
      const place = placeOf(this.headFloor, this.pages, t.sk);
      if (place.kind === 'page') dirty.add(this.pages[place.index]!);
      else if (place.kind === 'below' && t.present) storedBelow = true;
    }
    for (const page of dirty) {
      const found = await this.db.messages
        .find({ selector: { pk: this.pk, rsk: { $gt: reverseSortKey(page.hi), $lte: reverseSortKey(page.lo) } }, sort: [{ rsk: 'asc' }] })
        .exec();
      if (this.closed) return;
      page.docs = found.map((d) => d.toMutableJSON()).reverse();
    }
    if (dirty.size > 0) this.older = this.pages.slice().reverse().flatMap((p) => p.docs);
    if (storedBelow && this.exhausted) await this.readBelow();
  }

  private enqueue(task: () => Promise<void>): void {
    this.running += 1;
    this.queue = this.queue
      .then(task)
      .catch((err: unknown) => console.warn('thread window read failed', err))
      .finally(() => {
        this.running -= 1;
        this.emit();
      });
  }

  /** The last joined window, kept while neither part changed (a new array re-renders every row). */
  private joined: { older: MessageDoc[]; head: MessageDoc[]; messages: MessageDoc[] } | null = null;

  private emit(): void {
    if (this.closed) return;
    const j = this.joined;
    const messages = j && j.older === this.older && j.head === this.head ? j.messages : this.older.length === 0 ? this.head : this.older.concat(this.head);
    this.joined = { older: this.older, head: this.head, messages };
    this.onSnapshot({
      loaded: this.loaded,
      messages,
      olderStored: this.headFloor !== null && !this.exhausted,
      reading: this.readQueued || this.running > 0,
    });
  }
}

/**
 * The newest page as the window's first snapshot when RxDB already holds it (the boot prefetch
 * keeps it subscribed on a cold start at /chat/…), else EMPTY. The source subscribes in an effect,
 * after the first commit, which on a cold start is after the page's first paint: without this the
 * thread painted an empty frame before its messages (as useRxQuery's cachedResult for the list).
 */
export function cachedNewestPage(db: AppDatabase | null, pk: string): ThreadWindowSnapshot {
  const docs = db ? valueNow(newestPageQuery(db, pk).$) : NOTHING_YET;
  if (docs === NOTHING_YET) return EMPTY;
  const floor = headFloorOf(docs, MESSAGES_PAGE_SIZE, PROVISIONAL_SK_PREFIX);
  // what ThreadWindowSource emits for the same rows
  return { loaded: true, messages: docs.map((d) => d.toMutableJSON()).reverse(), olderStored: floor !== null && docs.length >= MESSAGES_PAGE_SIZE, reading: false };
}

/**
 * The messages of a conversation as the thread shows them, oldest first: the newest page at
 * first, one more page above each readOlder() (see the top of this file).
 */
export function useThreadWindow(botUuid: string): ThreadWindow {
  // as useRxQuery: no database yet only while a signed-out start guesses (nothing to show then)
  const db = useOptionalDatabase() ?? (isBootGuessing() ? null : getClient().db);
  const owner = useSession().doc?.mobile ?? '';
  const pk = pkFor(botUuid, owner);
  const [state, setState] = useState<{ pk: string; snapshot: ThreadWindowSnapshot }>(() => ({ pk, snapshot: cachedNewestPage(db, pk) }));
  const source = useRef<ThreadWindowSource | null>(null);
  useEffect(() => {
    if (!db) return;
    const s = new ThreadWindowSource(db, pk, (snapshot) => setState({ pk, snapshot }));
    source.current = s;
    return () => {
      s.close();
      if (source.current === s) source.current = null;
    };
  }, [db, pk]);
  const readOlder = useCallback(() => source.current?.readOlder(), []);
  // a snapshot of an earlier conversation (or owner) is not shown for this one
  const snapshot = state.pk === pk ? state.snapshot : EMPTY;
  return { ...snapshot, readOlder };
}
