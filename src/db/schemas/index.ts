// The collections of the database, one `<name>.schema.ts` file each. DESIGN.md §3: the open-source
// RxDB allows 13 open collections per realm, so this map stays at 12 or fewer (a unit test checks).
// Session, settings and status are local documents (local-docs.ts), not collections.
//
// To add a collection: write `<name>.schema.ts` exporting its RxJsonSchema (with indexes for every
// field a screen sorts or filters on) and its migration strategies, then add it to
// `collectionCreators` and `AppCollections` below. A schema change raises its version and ships a
// migration strategy with a test that migrates a fixture of the previous version.
import type { RxCollectionCreator } from 'rxdb/plugins/core';
import { actionsMigrations, actionsSchema, type ActionsCollection } from './actions.schema';
import { botsSchema, type BotsCollection } from './bots.schema';
import { cacheMigrations, cacheSchema, type CacheCollection } from './cache.schema';
import { conversationsMigrations, conversationsSchema, type ConversationsCollection } from './conversations.schema';
import { feedMigrations, feedSchema, type FeedCollection } from './feed.schema';
import { messagesMigrations, messagesSchema, type MessagesCollection } from './messages.schema';
import { outboxMigrations, outboxSchema, type OutboxCollection } from './outbox.schema';
import { competitionsSchema, type CompetitionsCollection } from './competitions.schema';
import { gamesSchema, type GamesCollection } from './games.schema';
import { paymentsSchema, type PaymentsCollection } from './payments.schema';
import { miniAppsSchema, type MiniAppsCollection } from './mini-apps.schema';

export const MAX_COLLECTIONS = 12;

export interface AppCollections {
  messages: MessagesCollection;
  conversations: ConversationsCollection;
  bots: BotsCollection;
  outbox: OutboxCollection;
  cache: CacheCollection;
  actions: ActionsCollection;
  competitions: CompetitionsCollection;
  games: GamesCollection;
  payments: PaymentsCollection;
  miniApps: MiniAppsCollection;
  feed: FeedCollection;
}

export const collectionCreators: Record<keyof AppCollections, RxCollectionCreator> = {
  messages: { schema: messagesSchema, migrationStrategies: messagesMigrations },
  conversations: { schema: conversationsSchema, migrationStrategies: conversationsMigrations },
  bots: { schema: botsSchema },
  outbox: { schema: outboxSchema, migrationStrategies: outboxMigrations },
  cache: { schema: cacheSchema, migrationStrategies: cacheMigrations },
  actions: { schema: actionsSchema, migrationStrategies: actionsMigrations },
  competitions: { schema: competitionsSchema },
  games: { schema: gamesSchema },
  payments: { schema: paymentsSchema },
  miniApps: { schema: miniAppsSchema },
  feed: { schema: feedSchema, migrationStrategies: feedMigrations },
};

export type { MessageDoc } from './messages.schema';
export type { ConversationDoc } from './conversations.schema';
export type { BotDoc } from './bots.schema';
export type { OutboxDoc } from './outbox.schema';
export type { ActionDoc, ActionDocOf, ActionKind, ActionPayloads } from './actions.schema';
export { orderKey } from './actions.schema';
export type { CacheDoc, CachedCall, CachePayloads } from './cache.schema';
export type { CompetitionDoc, CompetitionDocKind, CompetitionPayloads, EntryFile, EntryState, QueuedEntry } from './competitions.schema';
export { competitionDocId } from './competitions.schema';
export type { GamesAction, GamesDoc, GamesKind, GamesPayloads, PendingAnswer, PendingCompletion } from './games.schema';
export { gamesId } from './games.schema';
export type { PaymentOrigin, PaymentsDoc, PaymentsDocData, PaymentsDocKind } from './payments.schema';
export { paymentsDocId } from './payments.schema';
export type { MiniAppDoc, MiniAppDocOf, MiniAppDocType, MiniAppData, PermissionData } from './mini-apps.schema';
export { miniAppDocId } from './mini-apps.schema';
export type { FeedDoc, FeedDocOf, FeedDocKind, FeedMeta, UnrankedFeedDoc } from './feed.schema';
export { FEED_META_ID, feedDocId, withFeedRank } from './feed.schema';
