// The sync engine as the page sees it: one typed `invoke` over the session and chat flows. The
// worker runs it (src/workers), Node tests run it in-process; the page's commands cannot tell the
// difference.
import type { AppDatabase } from '../db/database';
import { createCartSync, type CartFlows } from './cart-sync';
import { createChatSync, type ChatFlows, type Connectivity } from './chat-sync';
import { createDiscoverySync, type DiscoveryFlows } from './discovery-sync';
import { createHttpClient, systemClock, type Clock } from './http-client';
import type { LockManagerLike } from './leader';
import type { WebSocketFactory } from './live-connection';
import { createSession, requestContextFrom, type SessionFlows } from './session';
import { createGeoLookup, type GeoFlows } from './geo-lookup';
import { createBotActions, type BotActionFlows } from './bot-actions';
import { createMessageIntents, type MessageIntentFlows } from './message-intents';
import { createFeedbackFlows, type FeedbackFlows } from './feedback-sync';
import { createSavedItemsSync, type SavedItemsFlows } from './saved-items-sync';
import { createCompetitionSync, type CompetitionFlows } from './competition-sync';
import { createGamesSync, type GamesFlows } from './games-sync';
import { createPaymentsSync, type PaymentsFlows } from './payments-sync';
import { createProfileSync, type ProfileFlows } from './profile-sync';
import { createMiniAppsSync, type MiniAppFlows } from './mini-apps-sync';
import { createFeedSync, type FeedFlows } from './feed-sync';

import { startAppChecks, type RemoteConfigOutcome, type VersionCheckOutcome } from './app-checks';
import { createNotifyFlows, recordIncoming, type NotifyFlows } from './notify-sync';
import { ok, type CommandResult } from '../db/command-result';
import { migrateLocalQueues } from '../db/migrate-queues';
import { createActionKinds } from './action-kinds';
import { ACTIONS_QUEUE, createActionRunner, type ActionRunner } from './action-runner';
import { OUTBOX_QUEUE } from './outbox';

/** The PWA shell's flows: update check and remote config on demand. */
export interface ShellFlows {
  checkForUpdate(): Promise<CommandResult<VersionCheckOutcome>>;
  refreshRemoteConfig(): Promise<CommandResult<RemoteConfigOutcome>>;
}

/** Every flow the page may invoke: one type per area (each area adds its own). */
export type EngineCommands =
  & SessionFlows
  & ChatFlows
  & CartFlows
  & GeoFlows
  & DiscoveryFlows
  & BotActionFlows
  & NotifyFlows
  & ShellFlows
  & MessageIntentFlows
  & SavedItemsFlows
  & MediaFlows
  & FeedbackFlows
  & ProfileFlows
  & CompetitionFlows
  & GamesFlows
  & PaymentsFlows
  & MiniAppFlows
  & FeedFlows;
import { createMedia, defaultUploadTransport, type MediaFlows, type PrepareImage, type UploadTransport } from './media';
import { sharedMediaStore, type MediaStore } from '../db/media-cache';
export type EngineCommandName = keyof EngineCommands;
export type EngineArgs<K extends EngineCommandName> = Parameters<EngineCommands[K]>;
export type EngineResult<K extends EngineCommandName> = Awaited<ReturnType<EngineCommands[K]>>;

export interface Engine {
  invoke<K extends EngineCommandName>(name: K, ...args: EngineArgs<K>): Promise<EngineResult<K>>;
  close(): Promise<void>;
}

export interface EngineConfig {
  /** Scheme, host and port of the API; '' for the origin the code was served from. */
  origin: string;
  versionName: string;
  fetch: typeof fetch;
  clock?: Clock;
  timeoutMs?: number;
  newDeviceId?: () => string;
  /** The live connection's WebSocket; default the global one (browsers, workers). */
  createSocket?: WebSocketFactory;
  /** Web Locks for the leader election; absent: this engine leads. */
  locks?: LockManagerLike;
  connectivity?: Connectivity;
  /** Shorter spec timings for tests (socket retry, retry count, reply timeout, version check). */
  timings?: { retryMs?: number; maxRetries?: number; replyTimeoutMs?: number; versionCheckMs?: number };
  /** version_code of the running build; absent or null: no update check (Node tests of other flows). */
  buildVersionCode?: number | null;
  /** Attachments and media: where files live, how uploads are posted, how images are scaled. */
  mediaStore?: MediaStore;
  upload?: UploadTransport;
  prepareImage?: PrepareImage;
}

export interface EngineParts {
  flows: EngineCommands;
  /** Stops the live connection and the outbox (the database stays open: its owner closes it). */
  stop(): Promise<void>;
  isLeader(): boolean;
}

export function createEngineParts(db: AppDatabase, config: EngineConfig): EngineParts {
  const clock = config.clock ?? systemClock;
  const context = requestContextFrom(db, config.newDeviceId);
  const http = createHttpClient({
    fetch: config.fetch,
    origin: config.origin,
    versionName: config.versionName,
    context,
    clock,
    ...(config.timeoutMs !== undefined ? { timeoutMs: config.timeoutMs } : {}),
  });
  const session = createSession({
    db,
    http,
    now: () => clock.now(),
    ...(config.newDeviceId ? { newDeviceId: config.newDeviceId } : {}),
  });
  const media = createMedia({
    db, http, clock,
    fetch: config.fetch,
    origin: config.origin,
    store: config.mediaStore ?? sharedMediaStore(),
    upload: config.upload,
    prepareImage: config.prepareImage,
    sessionRules: session.report,
  });
  // The one action queue (issue 12): the queues of the local documents move into it once, then
  // the leader's runner sends every kind, and the chat outbox (the chat's `isLeader` and outbox
  // are known once chat exists below).
  const log = (message: string, detail?: unknown) => console.warn(message, detail);
  const migrated = migrateLocalQueues(db).catch((err: unknown) => log('sync: migrating the old queues failed', err));
  let runner: ActionRunner | null = null;
  let feed: ReturnType<typeof createFeedSync> | null = null;
  /** every kind's flush: what is queued goes now, whatever its backoff (the leader only) */
  const flushActions = async () => {
    await migrated;
    await runner?.flush({ force: true, queue: ACTIONS_QUEUE });
  };
  const cart = createCartSync({ db, http, clock, report: session.report, flushActions });
  const chat = createChatSync({
    db,
    http,
    clock,
    report: session.report,
    createSocket: config.createSocket,
    locks: config.locks,
    connectivity: config.connectivity,
    timings: config.timings,
    uploads: media.uploadStep,
    // the feed is built below (it needs flushActions): a new post refreshes it
    onFeedPost: (postUuid) => feed?.onFeedPost(postUuid) ?? Promise.resolve(),
    flushOutbox: async () => {
      await runner?.flush({ force: true, queue: OUTBOX_QUEUE });
    },
    afterOpen: () => cart.syncCarts(),
    refreshCart: (botUuid) => cart.fetchCart(botUuid),
    onIncoming: (botUuid, messages, onScreen) => recordIncoming(db, botUuid, messages, onScreen, clock.now()),
    reinitialiseStandalone: session.reinitialiseStandalone,
  });
  const { fetchCart: _fetchCart, ...cartFlows } = cart;
  const discovery = createDiscoverySync({ db, http, clock, report: session.report });
  runner = createActionRunner({ db, clock, kinds: createActionKinds({ db, http, clock, store: config.mediaStore ?? sharedMediaStore(), upload: config.upload ?? defaultUploadTransport(config.fetch) }), queues: [chat.outboxQueue], isLeader: chat.isLeader, report: session.report, log });
  void migrated.then(() => runner?.flush());
  const botActions = createBotActions({ db, http, clock, report: session.report, flushActions });
  const checks = startAppChecks({
    db, http, clock, fetch: config.fetch, origin: config.origin, connectivity: chat.connectivity,
    buildVersionCode: config.buildVersionCode ?? null, isLeader: chat.isLeader,
    ...(config.timings?.versionCheckMs !== undefined ? { timings: { versionCheckMs: config.timings.versionCheckMs } } : {}),
  });
  const shell: ShellFlows = {
    checkForUpdate: async () => ok(await checks.checkVersion()),
    refreshRemoteConfig: async () => ok(await checks.refreshRemoteConfig(true)),
  };
  const intents = createMessageIntents({ flushActions });
  const savedItems = createSavedItemsSync({ db, http, clock, report: session.report, flushActions });
  const payments = createPaymentsSync({ db, http, clock, report: session.report, flushActions });
  feed = createFeedSync({ db, http, clock, report: session.report, flushActions });
  // sends and actions queued while this engine did not lead (the lock still held by a closing
  // tab, or by another tab that has gone since) are sent when it takes over: nothing else would
  // wake them
  const stopLeadWatch = chat.onLead(() => {
    void migrated.then(() => runner?.flush({ force: true }));
  });
  const flows: EngineCommands = {
    ...session.flows,
    ...chat.flows,
    ...cartFlows,
    ...createGeoLookup(http),
    ...discovery,
    ...botActions.flows,
    ...createNotifyFlows({ db, http, clock }),
    ...shell,
    ...media.flows,
    ...createFeedbackFlows({ db, http, clock, fetch: config.fetch, origin: config.origin, upload: config.upload, report: session.report }),
    ...intents,
    ...savedItems.flows,
    ...createCompetitionSync({ db, http, clock, report: session.report, flushActions }),
    ...createGamesSync({ db, http, clock, report: session.report, flushActions }),
    ...payments.flows,
    ...createMiniAppsSync({ db, http, clock, report: session.report, flushActions }),
    ...feed.flows,
    ...createProfileSync({ db, http, clock, report: session.report, flushActions }),
  };
  return {
    flows,
    stop: async () => {
      stopLeadWatch();
      await runner?.close();
      botActions.close();
      savedItems.close();
      payments.close();
      checks.close();
      await chat.close();
    },
    isLeader: chat.isLeader,
  };
}

/** The flows only (tests of the session flows). */
export function createEngineFlows(db: AppDatabase, config: EngineConfig): EngineCommands {
  return createEngineParts(db, config).flows;
}

/** Runs one named flow; the name may come over a message port, so it is checked. */
export function dispatch<K extends EngineCommandName>(flows: EngineCommands, name: K, args: EngineArgs<K>): Promise<EngineResult<K>> {
  if (!Object.prototype.hasOwnProperty.call(flows, name)) return Promise.reject(new Error(`unknown engine command: ${String(name)}`));
  // The map from name to function is correlated; TypeScript cannot follow it through the index.
  const fn = flows[name] as (...a: EngineArgs<K>) => Promise<EngineResult<K>>;
  return fn(...args);
}

/** The engine in the calling realm: for Node tests, and a fallback where workers are unavailable. */
export function createInProcessEngine(db: AppDatabase, config: EngineConfig): Engine & { isLeader(): boolean } {
  const parts = createEngineParts(db, config);
  return {
    invoke: (name, ...args) => dispatch(parts.flows, name, args),
    close: () => parts.stop(),
    isLeader: parts.isLeader,
  };
}
