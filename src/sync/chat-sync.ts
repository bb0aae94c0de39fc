// The chat half of the engine (spec part 1 §4 "Live connection", "Sending a message", "Message
// loading"; DESIGN.md §2, §4). It follows the session document: signed in, it takes part in the
// leader election; the leader runs the live connection and the outbox. Every tab's engine serves
// its page's calls (open a conversation, page older or newer) and writes into RxDB.
import type { ChatMessage } from '../api/messages';
import type { AppError } from '../domain/error-types';
import { BadStatusError, NoResponseError, cancelledError, isCancelError, noResponseError } from '../domain/errors';
import type { AppDatabase } from '../db/database';
import { failed, ok, type CommandResult } from '../db/command-result';
import { DEFAULT_SYNC_STATUS } from '../db/defaults';
import { getLocalDoc, observeLocalDoc$, patchLocalDoc, setLocalDoc } from '../db/local-store';
import type { SyncStatusDoc } from '../db/local-docs';
import { SOCKET_REPLY_TIMEOUT_MS } from '../domain/constants';
import type { RouteName } from '../api/contract';
import type { Clock, HttpClient } from './http-client';
import { electLeader, type Leadership, type LockManagerLike } from './leader';
import { LiveConnection, type WebSocketFactory, type WebSocketLike } from './live-connection';
import { modifyConversation } from '../db/modify-conversation';
import { mergeConversationEntries } from './conversation-store';
import { startConversation } from './conversation-start';
import { watchHistoryBudget } from './history-tally';
import { createOutbox, type Outbox } from './outbox';
import type { RunnerQueue } from './action-runner';
import { createPager, PagingTokenError } from './pager';
import type { WireError } from './wire-checks';
import type { UploadStep } from './media';

/** The device's network state: navigator.onLine and its events in a browser or worker. */
export interface Connectivity {
  isOnline(): boolean;
  subscribe(listener: (online: boolean) => void): () => void;
}

export const alwaysOnline: Connectivity = { isOnline: () => true, subscribe: () => () => {} };

/**
 * A connectivity that can also be told: the page reports its own online/offline events to the
 * worker (networkChanged), because a worker's navigator.onLine and events are not reliable in
 * every browser (Chromium's network emulation, for one, leaves them alone).
 */
export function createConnectivity(source: Connectivity = alwaysOnline): Connectivity & { set(online: boolean): void; dispose(): void } {
  let online = source.isOnline();
  const listeners = new Set<(online: boolean) => void>();
  const set = (value: boolean) => {
    if (value === online) return;
    online = value;
    for (const l of [...listeners]) l(value);
  };
  const unsubscribe = source.subscribe(set);
  return {
    dispose: unsubscribe,
    isOnline: () => online,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set,
  };
}

export interface ChatFlows {
  openConversation(botUuid: string): Promise<CommandResult>;
  closeConversation(botUuid: string): Promise<CommandResult>;
  loadOlder(botUuid: string): Promise<CommandResult<{ stored: number; complete: boolean }>>;
  loadNewer(botUuid: string): Promise<CommandResult<{ stored: number }>>;
  syncNow(): Promise<CommandResult>;
  refreshChatLists(): Promise<CommandResult>;
  /** The page's online/offline event (see createConnectivity). */
  networkChanged(online: boolean): Promise<CommandResult>;
}

export interface ChatSyncDeps {
  db: AppDatabase;
  http: HttpClient;
  clock: Clock;
  /** the session rules for a failed call (session.ts report) */
  report(route: RouteName, err: unknown): Promise<AppError>;
  createSocket?: WebSocketFactory | undefined;
  locks?: LockManagerLike | undefined;
  connectivity?: Connectivity | undefined;
  /** overrides of the spec's timings, for tests */
  timings?: { retryMs?: number; maxRetries?: number; replyTimeoutMs?: number } | undefined;
  log?: (message: string, detail?: unknown) => void;
  /** attachments: uploads run by the outbox before a media message is sent (media.ts) */
  uploads?: UploadStep | undefined;
  /**
   * The one runner's flush of the outbox (action-runner.ts), whatever its waits: the socket
   * opened, the network came back, this engine started leading, the user asked.
   */
  flushOutbox(): Promise<void>;
  /** More work when the socket opens (the cart edits waiting to be sent). */
  afterOpen?: (() => Promise<unknown>) | undefined;
  /** Reads a bot's cart from the server (on open, and on a cart-updated frame). */
  refreshCart?: ((botUuid: string) => Promise<unknown>) | undefined;
  /** A bot published a feed post (a 'feed-post' frame): the feed's first page is read again (feed-sync.ts). */
  onFeedPost?: ((postUuid: string) => Promise<unknown>) | undefined;
  /**
   * The standalone 401 rule of the socket-address call (session.ts reinitialiseStandalone): a new
   * start-session; true when the address may be asked for once more.
   */
  reinitialiseStandalone?: (() => Promise<boolean>) | undefined;
  /** Messages stored for a bot, with the bot on screen (in-app notifications, notify-sync.ts). */
  onIncoming?: ((botUuid: string, messages: readonly ChatMessage[], onScreen: string | null) => Promise<unknown>) | undefined;
}

export interface ChatSync {
  flows: ChatFlows;
  /** The engine's view of the network (the page's reports included), for the other loops. */
  connectivity: Connectivity;
  /** whether this engine holds the leadership (the other queues send only then) */
  isLeader(): boolean;
  /** the outbox as one of the runner's queues (sent while this engine leads) */
  outboxQueue: RunnerQueue;
  /**
   * Calls `listener` each time this engine starts leading: the queues that only the leader sends
   * (the outbox, the actions) may have grown while another tab, or nobody, led.
   */
  onLead(listener: () => void): () => void;
  close(): Promise<void>;
}

type Connection = Pick<LiveConnection, 'isOpen' | 'send' | 'start' | 'stop' | 'nudge'>;

/** Where there is no WebSocket (Node 20 without the `ws` package injected) the outbox uses the webhook alone. */
const NO_CONNECTION: Connection = { isOpen: () => false, send: () => false, start: () => {}, stop: () => {}, nudge: () => {} };

function defaultSocketFactory(): WebSocketFactory | null {
  if (typeof WebSocket !== 'function') return null;
  // the DOM's event types are wider than WebSocketLike's; the fields used are the same
  return (url) => new WebSocket(url) as unknown as WebSocketLike;
}

/** The outbox waits this much longer for an echo than the connection waits for any reply. */
const ACK_TIMEOUT_MARGIN_MS = 5_000;

/** How long received frames gather into one write while sends await their echo (under a frame at 60 Hz). */
export const ECHO_GATHER_MS = 8;

export function createChatSync(deps: ChatSyncDeps): ChatSync {
  const { db, http, clock } = deps;
  const connectivity = createConnectivity(deps.connectivity ?? alwaysOnline);
  let closing = false;
  const warn = deps.log ?? ((message: string, detail?: unknown) => console.warn(message, detail));
  // work still in flight when the engine closes fails on the closed database: not worth a warning
  const log = (message: string, detail?: unknown) => {
    if (!closing) warn(message, detail);
  };
  const owner = async () => (await getLocalDoc(db, 'session'))?.mobile ?? '';
  const patchStatus = (patch: Partial<SyncStatusDoc>) => patchLocalDoc(db, 'sync-status', patch, DEFAULT_SYNC_STATUS);

  let wireErrors = 0;
  const reportWireError = (error: WireError) => {
    wireErrors += 1;
    log(`sync: refused ${error.source} data: ${error.message}`, error.sample);
    void patchStatus({ wireErrors }).catch(() => {});
  };

  const pager = createPager({ db, http, owner });

  /** A call's failure for the UI; no response and timeouts are quiet (the offline banner says it). */
  async function failure<T>(route: RouteName, err: unknown): Promise<CommandResult<T>> {
    if (err instanceof PagingTokenError) return failed({ key: 'paging', message: err.message });
    // offline is not an error worth a dialog here: the offline banner already says it
    if (err instanceof NoResponseError) return failed(noResponseError());
    if (isCancelError(err)) return failed(cancelledError(err.reason));
    return failed(await deps.report(route, err));
  }

  // ---------- the leader's part: live connection and outbox ----------

  let leadership: Leadership | null = null;
  const leadListeners = new Set<() => void>();
  let connection: Connection | null = null;
  let startedWith: string | null = null;
  // one outbox for the engine's life: the runner sends it while this engine leads, over the
  // leader's socket when it is open
  const outbox: Outbox = createOutbox({
    db,
    http,
    clock,
    connection: () => connection ?? NO_CONNECTION,
    owner,
    ackTimeoutMs: (deps.timings?.replyTimeoutMs ?? SOCKET_REPLY_TIMEOUT_MS) + ACK_TIMEOUT_MARGIN_MS,
    uploads: deps.uploads,
  });
  const flushOutbox = () => void deps.flushOutbox().catch((err: unknown) => log('sync: flush failed', err));

  async function openBot(): Promise<string | null> {
    return (await getLocalDoc(db, 'chat-view'))?.botUuid ?? null;
  }

  // message-received frames are stored in batches: frames that arrive while a batch is being
  // written wait and go together into the next one (per bot, one storeServerMessages call). A
  // flush of 1,000 sends brings 2,000 frames; one write per frame made it four times slower.
  // ECHO_GATHER_MS: how long a batch waits for more frames while sends await their echo.
  const inbox = new Map<string, ChatMessage[]>();
  let draining: Promise<void> | null = null;

  function onMessageReceived(botUuid: string, message: ChatMessage): void {
    const list = inbox.get(botUuid) ?? [];
    list.push(message);
    inbox.set(botUuid, list);
    scheduleDrain();
  }

  function scheduleDrain(): void {
    if (draining) return;
    // after close the database is gone (openBot rejects): nothing to store, and no unhandled rejection
    draining = drainInbox().catch((err: unknown) => log('sync: storing messages failed', err)).finally(() => {
      draining = null;
      if (inbox.size > 0) scheduleDrain();
    });
  }

  async function drainInbox(): Promise<void> {
    // let the frames already on their way join this batch; while sends wait for their echo (a
    // flush, or one send and its reply), wait a little longer for them: the flush bench's page
    // spent ~30 % less main-thread time with batches gathered over 8 ms than over one task
    await new Promise<void>((resolve) => clock.setTimeout(resolve, outbox.outstanding() > 0 ? ECHO_GATHER_MS : 0));
    const batch = [...inbox];
    inbox.clear();
    const onScreen = await openBot();
    for (const [botUuid, messages] of batch) {
      const countUnread = onScreen !== botUuid;
      try {
        await outbox.onMessages(botUuid, messages, { countUnread });
      } catch (err) {
        log('sync: storing messages failed', err);
        continue;
      }
      if (deps.onIncoming) await deps.onIncoming(botUuid, messages, onScreen).catch((err: unknown) => log('sync: notification failed', err));
    }
  }

  /** The bot's cart as the server has it, into the 'carts' local document (cart-sync.ts). */
  const refreshCart = (botUuid: string): Promise<unknown> => deps.refreshCart?.(botUuid) ?? Promise.resolve();

  async function onOpen(): Promise<void> {
    await deps.flushOutbox();
    // spec part 1 §4: on open, the current bot's data and cart are loaded (what arrived while the
    // connection was down, the conversation on screen first)
    const current = await openBot();
    if (current) {
      await catchUp(current).catch((err: unknown) => log('sync: catch-up failed', err));
      await refreshCart(current).catch((err: unknown) => log('sync: cart refresh failed', err));
    }
    await refreshConversations().catch(() => {});
    await deps.afterOpen?.().catch((err: unknown) => log('sync: after-open work failed', err));
  }

  /**
   * The socket address. Standalone (spec part 1 §4): a 401 re-initialises the web session with a
   * new start-session and asks once more; a second 401 goes to the live connection's rule. A 440
   * applies the session rules (token and selected bot cleared).
   */
  async function getSocketUrl(): Promise<string> {
    addressRefused = false;
    try {
      return (await http.call('getSocketUrl', {})).socket_url;
    } catch (err) {
      addressRefused = err instanceof BadStatusError && (err.status === 401 || err.status === 440);
      // standalone: a 440 clears the token and the selected bot (the session rules), which stops
      // this connection; the standalone screen then opens a new session (or its frame is closed).
      // A member's 440 here is left to the retries, as before.
      if (err instanceof BadStatusError && err.status === 440 && (await getLocalDoc(db, 'session'))?.isStandalone) {
        await deps.report('getSocketUrl', err);
        throw err;
      }
      if (!(err instanceof BadStatusError && err.status === 401) || !deps.reinitialiseStandalone) throw err;
      if (!(await deps.reinitialiseStandalone())) throw err;
      const url = (await http.call('getSocketUrl', {})).socket_url;
      addressRefused = false;
      return url;
    }
  }

  /** The address call's last answer was a 401 / 440 (its rules ran there). */
  let addressRefused = false;
  /** When a standalone socket last had its session refused ('User Unauthorised' frame). */
  let lastSocketRefusal = Number.NEGATIVE_INFINITY;

  /**
   * 'User Unauthorised'. A member is marked unauthorised (spec part 1 §4). A standalone socket
   * refused by the socket itself (its web session expired or ended while open) asks for a new
   * address once, so the address call's 401 / 440 rules apply (a new start-session, or the session
   * cleared for the screen to open a new one); again within a minute, or refused by the address
   * call: marked unauthorised.
   */
  async function onUnauthorised(conn: Connection): Promise<void> {
    const session = await getLocalDoc(db, 'session');
    const now = clock.now();
    if (session?.isStandalone === true && !addressRefused && now - lastSocketRefusal > 60_000) {
      lastSocketRefusal = now;
      // only the connection this engine still leads with
      if (connection === conn) conn.start();
      return;
    }
    await patchStatus({ unauthorised: true, socketState: 3 });
  }

  function lead(): () => void {
    const createSocket = deps.createSocket ?? defaultSocketFactory();
    const conn: Connection = !createSocket ? NO_CONNECTION : new LiveConnection({
      getSocketUrl,
      createSocket,
      clock,
      isOnline: () => connectivity.isOnline(),
      sessionMatches: async () => {
        const session = await getLocalDoc(db, 'session');
        return session?.token != null && session.clientSessionId === startedWith;
      },
      onState: (socketState) => {
        void patchStatus({ socketState }).catch(() => {});
        if (socketState === 3) outbox.onSocketClosed();
      },
      onUnauthorised: () => void onUnauthorised(conn).catch(() => {}),
      onOpen: () => void onOpen().catch((err: unknown) => log('sync: on-open work failed', err)),
      onFrame: (frame) => {
        if (frame.action === 'message-received') {
          onMessageReceived(frame.body.bot_uuid, frame.body.message);
        } else if (frame.action === 'error') {
          outbox.onErrorFrame(frame.body);
        } else if (frame.action === 'cart-updated') {
          void refreshCart(frame.body.bot_uuid).catch((err: unknown) => log('sync: cart refresh failed', err));
        } else if (frame.action === 'feed-post') {
          void deps.onFeedPost?.(frame.body.post_uuid)?.catch((err: unknown) => log('sync: feed refresh failed', err));
        }
      },
      onWireError: reportWireError,
      outstanding: () => outbox.outstanding(),
      ...deps.timings,
    });
    connection = conn;
    // a send from any tab lands in the outbox collection: the runner sees it through RxDB
    const net = connectivity.subscribe((online) => {
      if (online) {
        conn.nudge();
        flushOutbox();
      } else {
        // No network at all: the socket is dead whatever it says (it would take an ack timeout to
        // notice, and an emulated offline even keeps it working). Close it now, so the header says
        // so and sends wait in the outbox; the connection comes back on 'online'.
        conn.stop();
        conn.start();
      }
    });
    conn.start();
    for (const listener of [...leadListeners]) listener();
    // the storage budget: counted a minute after this engine starts leading, then followed by a
    // running count of the messages stored and removed (history-tally.ts)
    const stopTally = watchHistoryBudget({ db, clock, owner, log });
    return () => {
      stopTally();
      net();
      conn.stop();
      if (connection === conn) connection = null;
      // sends awaiting an echo from this socket wait in the queue again (the next leader sends them)
      outbox.onSocketClosed();
    };
  }

  function startSession(clientSessionId: string | null): void {
    if (leadership && startedWith === clientSessionId) return;
    stopSession();
    startedWith = clientSessionId;
    leadership = electLeader(deps.locks, lead);
  }

  function stopSession(): void {
    leadership?.release();
    leadership = null;
    startedWith = null;
  }

  const sessionWatch = observeLocalDoc$(db, 'session').subscribe((session) => {
    if (session?.token) startSession(session.clientSessionId);
    else if (leadership) stopSession();
  });

  const onlineWatch = connectivity.subscribe((online) => void patchStatus({ online }).catch(() => {}));
  // the document reads online when absent: write only what differs (a start offline)
  void getLocalDoc(db, 'sync-status').then((doc) => {
    const online = connectivity.isOnline();
    if ((doc?.online ?? true) !== online) return patchStatus({ online });
    return undefined;
  }).catch(() => {});

  // ---------- every tab's part ----------

  /**
   * Brings a conversation up to date. The first time: initiate it (the server subscribes and, for
   * an empty conversation, stores the bot's welcome), then load the newest page. After that:
   * forward from the stored token.
   */
  async function catchUp(botUuid: string): Promise<void> {
    const conversation = await db.conversations.findOne(botUuid).exec();
    if (conversation?.initial_loaded && conversation.forward_token) {
      await pager.loadNewer(botUuid);
      return;
    }
    if (!conversation?.last_message) await startConversation({ db, http, owner }, botUuid, 'open');
    await pager.loadInitial(botUuid);
  }

  async function refreshConversations(): Promise<void> {
    // The one-bot (standalone) mode has no conversation list: other bots are hidden there, and the
    // server refuses the route to such a session (STANDALONE_SESSION_ROUTES); its one thread reads
    // its messages directly.
    if ((await getLocalDoc(db, 'session'))?.isStandalone === true) return;
    const { conversation_list } = await http.call('getConversationList', {});
    await mergeConversationEntries(db, conversation_list);
  }

  async function refreshBots(): Promise<void> {
    const { bot_list } = await http.call('getSuggestedList', {});
    const now = clock.now();
    const existing = await db.bots.findByIds(bot_list.map((b) => b.bot_uuid)).exec();
    await db.bots.bulkUpsert(bot_list.map((b, i) => ({
      bot_uuid: b.bot_uuid,
      name: b.name,
      description: b.description,
      icon: b.icon,
      subscribed: b.subscribed,
      allow_user_media: existing.get(b.bot_uuid)?.allow_user_media ?? null,
      suggested_rank: i,
      fetched_at: now,
    })));
  }

  const flows: ChatFlows = {
    async openConversation(botUuid) {
      const now = clock.now();
      await setLocalDoc(db, 'chat-view', { botUuid, at: now });
      const bot = await db.bots.findOne(botUuid).exec();
      await modifyConversation(db, botUuid, (c) => ({ ...c, unread_count: 0, opened_at: now, name: c.name || bot?.name || '', icon: c.icon || bot?.icon || '' }));
      if (!connectivity.isOnline()) return ok();
      try {
        await catchUp(botUuid);
        return ok();
      } catch (err) {
        return failure('getMessages', err);
      }
    },

    async closeConversation(botUuid) {
      const view = await getLocalDoc(db, 'chat-view');
      if (view?.botUuid === botUuid) await setLocalDoc(db, 'chat-view', { botUuid: null, at: clock.now() });
      return ok();
    },

    async loadOlder(botUuid) {
      try {
        const conversation = await db.conversations.findOne(botUuid).exec();
        const outcome = conversation?.initial_loaded ? await pager.loadOlder(botUuid) : await pager.loadInitial(botUuid);
        const after = await db.conversations.findOne(botUuid).exec();
        return ok({ stored: outcome.stored, complete: after?.history_complete ?? false });
      } catch (err) {
        return failure('getMessages', err);
      }
    },

    async loadNewer(botUuid) {
      try {
        return ok({ stored: (await pager.loadNewer(botUuid)).stored });
      } catch (err) {
        return failure('getMessages', err);
      }
    },

    async syncNow() {
      connection?.nudge();
      await deps.flushOutbox();
      return ok();
    },

    async networkChanged(online) {
      connectivity.set(online);
      return ok();
    },

    async refreshChatLists() {
      try {
        await refreshBots();
        await refreshConversations();
        return ok();
      } catch (err) {
        return failure('getConversationList', err);
      }
    },
  };

  return {
    flows,
    connectivity,
    isLeader: () => leadership?.isLeader() ?? false,
    outboxQueue: outbox.queue,
    onLead(listener) {
      leadListeners.add(listener);
      return () => leadListeners.delete(listener);
    },
    async close() {
      closing = true;
      sessionWatch.unsubscribe();
      connectivity.dispose();
      onlineWatch();
      stopSession();
      outbox.close();
    },
  };
}
