import { describe, expect, it } from 'vitest';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { createRxDatabase, type RxCollection, type RxJsonSchema } from 'rxdb/plugins/core';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type { ChatMessage } from '../../../src/api/messages';
import { openDatabase } from '../../../src/db/database';
import { withDevMode } from '../../../src/db/dev-mode';
import { MAX_COLLECTIONS, collectionCreators } from '../../../src/db/schemas';
import { reverseSortKey, messagesMigrations, messagesSchema, type MessageDocV0 } from '../../../src/db/schemas/messages.schema';
import { messagesSchemaV0 } from '../../fixtures/messages-v0.schema';
import { outboxSchemaV0 } from '../../fixtures/outbox-v0.schema';
import { actionsSchemaV0 } from '../../fixtures/actions-v0.schema';
import { actionsMigrations, actionsSchema } from '../../../src/db/schemas/actions.schema';
import { outboxMigrations, outboxSchema } from '../../../src/db/schemas/outbox.schema';
import type { ActionDoc, OutboxDoc } from '../../../src/db/schemas';
import { freshDbName } from './helpers/fake-db';
import { conversationsSchemaV0, type ConversationDocV0 } from '../../fixtures/conversations-v0.schema';
import { conversationsMigrations, conversationsSchema, listRank } from '../../../src/db/schemas/conversations.schema';
import { conversationsQuery, firstConversationsQuery } from '../../../src/db/hooks/use-chat';
import { feedListQuery, feedWindowQuery } from '../../../src/db/hooks/use-feed';
import { FEED_ORDER_MAX, feedMigrations, feedRank, feedSchema, type UnrankedFeedDoc } from '../../../src/db/schemas/feed.schema';
import { feedSchemaV0 } from '../../fixtures/feed-v0.schema';

const PK = 'pwa_bot1_919999999999';
const T0 = 1_700_000_000_000;

function v0Doc(id: string, from: 'user' | 'bot', n: number, extra: Partial<MessageDocV0> = {}): MessageDocV0 {
  const sk = `${String(T0 + n).padStart(15, '0')}_${String(n).padStart(9, '0')}_${id}`;
  const message: ChatMessage = { message_id: id, sk, timestamp: T0 + n, from, type: 'text', text: { body: id }, client_message_id: from === 'user' ? id : null };
  return {
    id,
    pk: PK,
    sk,
    bot_uuid: 'bot1',
    message_id: id,
    client_message_id: from === 'user' ? id : null,
    from,
    type: 'text',
    timestamp: T0 + n,
    message,
    ...extra,
  };
}

const FIXTURES: MessageDocV0[] = [
  v0Doc('bot-msg', 'bot', 1),
  v0Doc('user-acked', 'user', 2),
  v0Doc('user-acked-failed-false', 'user', 3, { failed: false }),
  v0Doc('user-pending', 'user', 4, { message_id: null, sk: `~${String(T0 + 4).padStart(15, '0')}_user-pending` }),
  v0Doc('user-failed', 'user', 5, { message_id: null, failed: true, sk: `~${String(T0 + 5).padStart(15, '0')}_user-failed` }),
];

describe('messages schema migration', () => {
  it('is version 1 with a migration from version 0', () => {
    expect(messagesSchema.version).toBe(1);
    expect(messagesSchemaV0.version).toBe(0);
    expect(Object.keys(messagesMigrations)).toEqual(['1']);
    expect(collectionCreators.messages.migrationStrategies).toBe(messagesMigrations);
    // the fixture differs from version 1 only by `failed` instead of `status`, and no rsk
    const { status: _status, rsk: _rsk, ...v1Props } = messagesSchema.properties;
    const { failed: _failed, ...v0Props } = messagesSchemaV0.properties;
    expect(v0Props).toEqual(v1Props);
  });

  it('documents written with version 0 open migrated in the app database', async () => {
    const name = freshDbName('migrate');
    const old = await createRxDatabase<{ messages: RxCollection<MessageDocV0> }>({ name, storage: getRxStorageDexie({ indexedDB, IDBKeyRange }), multiInstance: false });
    await old.addCollections({ messages: { schema: messagesSchemaV0 as RxJsonSchema<MessageDocV0> } });
    const inserted = await old.messages.bulkInsert(FIXTURES);
    expect(inserted.error).toEqual([]);
    await old.close();

    const db = await openDatabase({ name, indexedDB, IDBKeyRange, devMode: true });
    try {
      const docs = await db.messages.find({ selector: { pk: PK }, sort: [{ sk: 'asc' }] }).exec();
      const byId = new Map(docs.map((d) => [d.id, d.toMutableJSON() as unknown as Record<string, unknown>]));
      expect([...byId.keys()].sort()).toEqual(FIXTURES.map((f) => f.id).sort());
      expect(byId.get('bot-msg')!.status).toBeUndefined();
      expect(byId.get('user-acked')!.status).toBe('sent');
      expect(byId.get('user-acked-failed-false')!.status).toBe('sent');
      expect(byId.get('user-pending')!.status).toBe('pending');
      expect(byId.get('user-failed')!.status).toBe('failed');
      for (const d of docs) expect(d.rsk).toBe(reverseSortKey(d.sk));
      for (const doc of byId.values()) expect(doc).not.toHaveProperty('failed');
      // the rest of each document is kept as it was
      for (const fixture of FIXTURES) {
        const { failed: _f, ...rest } = fixture;
        expect(byId.get(fixture.id)).toMatchObject(rest);
      }
    } finally {
      await db.close();
    }
  });
});

describe('outbox schema migration', () => {
  const entry = (id: string, botUuid: string, state: OutboxDoc['state']): OutboxDoc => ({
    id, kind: 'message', bot_uuid: botUuid, state, attempts: state === 'failed' ? 1 : 0, next_attempt_at: 0, created_at: T0, last_error: state === 'failed' ? 'refused' : null,
    payload: { type: 'text', text: { body: id }, client_message_id: id },
  });
  // ids are UUIDv7-like: their order is the order of writing
  const SENDS = [entry('0001', 'bot2', 'queued'), entry('0002', 'bot1', 'queued'), entry('0003', 'bot2', 'failed'), entry('0004', 'bot2', 'queued'), entry('0005', 'bot3', 'failed')];

  it('is version 1, which only adds the per-conversation index', () => {
    expect(outboxSchema.version).toBe(1);
    expect(Object.keys(outboxMigrations)).toEqual(['1']);
    expect(collectionCreators.outbox.migrationStrategies).toBe(outboxMigrations);
    expect(outboxSchemaV0.properties).toEqual(outboxSchema.properties);
  });

  it('queued sends written with version 0 open unchanged, and are read per conversation', async () => {
    const name = freshDbName('migrate-outbox');
    // validated like the app's (dev-mode, once on in this process, asks every storage for it)
    const storage = withDevMode(getRxStorageDexie({ indexedDB, IDBKeyRange }));
    const old = await createRxDatabase<{ outbox: RxCollection<OutboxDoc> }>({ name, storage, multiInstance: false });
    await old.addCollections({ outbox: { schema: outboxSchemaV0 } });
    expect((await old.outbox.bulkInsert(SENDS)).error).toEqual([]);
    await old.close();

    const db = await openDatabase({ name, indexedDB, IDBKeyRange, devMode: true });
    try {
      const docs = await db.outbox.find({ sort: [{ id: 'asc' }] }).exec();
      expect(docs.map((d) => d.toMutableJSON())).toEqual(SENDS);
      // what the runner asks (sync/outbox.ts): a conversation's queued head in order
      const head = await db.outbox.find({ selector: { state: 'queued', bot_uuid: 'bot2' }, sort: [{ id: 'asc' }], index: ['state', 'bot_uuid', 'id'] }).exec();
      expect(head.map((d) => d.id)).toEqual(['0001', '0004']);
    } finally {
      await db.close();
    }
  });
});

describe('actions schema migration', () => {
  const ACTIONS: ActionDoc[] = [
    { id: '0001', kind: 'bot-action', order_key: 'bot:1000000000000001', payload: { action: 'pin', bot_uuid: '1000000000000001', value: true } as never, status: 'queued', attempts: 0, next_attempt_at: 0, created_at: T0, last_error: null },
    { id: '0002', kind: 'cart-edit', order_key: 'cart:1000000000000002', payload: { bot_uuid: '1000000000000002', edit: { type: 'add' } } as never, status: 'refused', attempts: 2, next_attempt_at: T0 + 5000, created_at: T0 + 1, last_error: 'Max quantity reached' },
  ];

  it('is version 1: any kind name, no migration of the documents', () => {
    expect(actionsSchema.version).toBe(1);
    expect(Object.keys(actionsMigrations)).toEqual(['1']);
    expect(collectionCreators.actions.migrationStrategies).toBe(actionsMigrations);
    expect(actionsSchema.properties.kind).toEqual({ type: 'string', maxLength: 40 });
    const { kind: _k1, ...v1 } = actionsSchema.properties;
    const { kind: _k0, ...v0 } = actionsSchemaV0.properties;
    expect(v0).toEqual(v1);
  });

  it('actions queued with version 0 open unchanged, and a kind of a later area can be queued', async () => {
    const name = freshDbName('migrate-actions');
    const storage = withDevMode(getRxStorageDexie({ indexedDB, IDBKeyRange }));
    const old = await createRxDatabase<{ actions: RxCollection<ActionDoc> }>({ name, storage, multiInstance: false });
    await old.addCollections({ actions: { schema: actionsSchemaV0 } });
    expect((await old.actions.bulkInsert(ACTIONS)).error).toEqual([]);
    await old.close();

    const db = await openDatabase({ name, indexedDB, IDBKeyRange, devMode: true });
    try {
      expect((await db.actions.find({ sort: [{ id: 'asc' }] }).exec()).map((d) => d.toMutableJSON())).toEqual(ACTIONS);
      const later = { ...ACTIONS[0]!, id: '0003', kind: 'an-area-of-a-later-build', order_key: 'later:1' } as unknown as ActionDoc;
      await db.actions.insert(later);
      expect((await db.actions.findOne('0003').exec())?.kind).toBe('an-area-of-a-later-build');
    } finally {
      await db.close();
    }
  });
});

describe('conversations schema migration', () => {
  const conversation = (bot: string, lastActivity: number, extra: Partial<ConversationDocV0> = {}): ConversationDocV0 => ({
    bot_uuid: bot, name: `Bot ${bot}`, icon: '', block_time: null, archive_time: null, mute_time: null, mute_duration: null,
    pinned: false, unread_count: 0, last_message: null, last_activity: lastActivity, conversed: false, opened_at: 0,
    forward_token: null, backward_token: null, history_complete: false, initial_loaded: true, delivered_sk: '', ...extra,
  });
  const OLD = [
    conversation('b-old', T0),
    conversation('b-new', T0 + 50),
    conversation('b-pinned', T0 - 1000, { pinned: true }),
    conversation('b-archived', T0 + 99, { archive_time: T0 + 100 }),
    conversation('b-blocked', T0 + 98, { block_time: T0 + 100, pinned: true }),
    conversation('b-never', 0),
  ];

  it('is version 1, which adds list_rank and its index (and drops the last_activity index)', () => {
    expect(conversationsSchema.version).toBe(1);
    expect(Object.keys(conversationsMigrations)).toEqual(['1']);
    expect(collectionCreators.conversations.migrationStrategies).toBe(conversationsMigrations);
    const { list_rank: rank, ...v1Props } = conversationsSchema.properties;
    expect(rank).toEqual({ type: 'string', maxLength: 17 });
    expect(conversationsSchemaV0.properties).toEqual(v1Props);
  });

  it('conversations written with version 0 open with their rank, in the chat list\'s order, and the first rows come from the index', async () => {
    const name = freshDbName('migrate-conversations');
    const storage = withDevMode(getRxStorageDexie({ indexedDB, IDBKeyRange }));
    const old = await createRxDatabase<{ conversations: RxCollection<ConversationDocV0> }>({ name, storage, multiInstance: false });
    await old.addCollections({ conversations: { schema: conversationsSchemaV0 } });
    expect((await old.conversations.bulkInsert(OLD)).error).toEqual([]);
    await old.close();

    const db = await openDatabase({ name, indexedDB, IDBKeyRange, devMode: true });
    try {
      const all = (await conversationsQuery(db).exec()).map((d) => d.toMutableJSON());
      // pinned, then the shown ones newest first, then archived and blocked (newest first)
      expect(all.map((c) => c.bot_uuid)).toEqual(['b-pinned', 'b-new', 'b-old', 'b-never', 'b-archived', 'b-blocked']);
      for (const c of all) {
        expect(c.list_rank).toBe(listRank(c));
        const { list_rank: _r, ...rest } = c;
        expect(rest).toEqual(OLD.find((o) => o.bot_uuid === c.bot_uuid));
      }
      const first = firstConversationsQuery(db, 2);
      expect((await first.exec()).map((d) => d.bot_uuid)).toEqual(['b-pinned', 'b-new']);
      // answered by a range read of the list_rank index that stops after the limit
      const plan = first.getPreparedQuery().queryPlan;
      expect(plan.index).toEqual(['_deleted', 'list_rank', 'bot_uuid']);
      expect(plan.sortSatisfiedByIndex).toBe(true);
      expect(conversationsQuery(db).getPreparedQuery().queryPlan.sortSatisfiedByIndex).toBe(true);
    } finally {
      await db.close();
    }
  });
});

describe('feed schema migration', () => {
  const doc = (id: string, kind: UnrankedFeedDoc['kind'], order: number, type = 'post'): UnrankedFeedDoc =>
    ({ id, kind, order, type, post_uuid: id, payload: {}, fetched_at: 1 }) as UnrankedFeedDoc;
  const OLD: UnrankedFeedDoc[] = [
    doc('item:old', 'item', T0), doc('item:new', 'item', T0 + 50), doc('item:mid', 'item', T0 + 10, 'notification'),
    doc('saved:first', 'saved', 0), doc('saved:second', 'saved', 1),
    doc('activity:old', 'activity', T0, 'poll_vote'), doc('activity:new', 'activity', T0 + 5, 'poll_vote'), doc('activity:like', 'activity', T0 + 9, 'reaction'),
    doc('meta:feed', 'meta', 0, ''),
  ];

  it('is version 1, which adds rank and indexes it in place of order', () => {
    expect(feedSchema.version).toBe(1);
    expect(Object.keys(feedMigrations)).toEqual(['1']);
    expect(collectionCreators.feed.migrationStrategies).toBe(feedMigrations);
    const { rank, ...v1Props } = feedSchema.properties;
    expect(rank).toEqual({ type: 'number', minimum: 0, maximum: FEED_ORDER_MAX, multipleOf: 1 });
    expect(feedSchemaV0.properties).toEqual(v1Props);
  });

  it('ranks items and activity newest first, saved posts by their place', () => {
    expect(feedRank('item', T0 + 1)).toBeLessThan(feedRank('item', T0));
    expect(feedRank('activity', T0 + 1)).toBeLessThan(feedRank('activity', T0));
    expect(feedRank('saved', 0)).toBeLessThan(feedRank('saved', 1));
    expect(feedRank('item', FEED_ORDER_MAX)).toBe(0);
  });

  it('documents written with version 0 open with their rank, in each list\'s order, read from the rank index', async () => {
    const name = freshDbName('migrate-feed');
    const storage = withDevMode(getRxStorageDexie({ indexedDB, IDBKeyRange }));
    const old = await createRxDatabase<{ feed: RxCollection<UnrankedFeedDoc> }>({ name, storage, multiInstance: false });
    await old.addCollections({ feed: { schema: feedSchemaV0 } });
    expect((await old.feed.bulkInsert(OLD)).error).toEqual([]);
    await old.close();

    const db = await openDatabase({ name, indexedDB, IDBKeyRange, devMode: true });
    try {
      const ids = async (q: { exec(): Promise<Array<{ id: string }>> }) => (await q.exec()).map((d) => d.id);
      expect(await ids(feedListQuery(db, 'item'))).toEqual(['item:new', 'item:mid', 'item:old']);
      expect(await ids(feedListQuery(db, 'saved'))).toEqual(['saved:first', 'saved:second']);
      expect(await ids(feedListQuery(db, 'activity'))).toEqual(['activity:like', 'activity:new', 'activity:old']);
      expect(await ids(feedListQuery(db, 'activity', 'poll_vote'))).toEqual(['activity:new', 'activity:old']);
      // the window's first two and one more
      expect(await ids(feedWindowQuery(db, 1))).toEqual(['item:new', 'item:mid']);
      for (const d of await db.feed.find().exec()) {
        const { rank, ...rest } = d.toMutableJSON();
        expect(rank).toBe(feedRank(d.kind, d.order));
        expect(rest).toEqual(OLD.find((o) => o.id === d.id));
      }
      // answered by a range read of the rank indexes that stops after the limit (RxDB's Dexie
      // storage reads a descending sort whole and sorts in JavaScript)
      const plan = feedWindowQuery(db, 20).getPreparedQuery().queryPlan;
      expect(plan.index).toEqual(['_deleted', 'kind', 'rank', 'id']);
      expect(plan.sortSatisfiedByIndex).toBe(true);
      expect(feedListQuery(db, 'saved').getPreparedQuery().queryPlan.sortSatisfiedByIndex).toBe(true);
      expect(feedListQuery(db, 'activity', 'reaction').getPreparedQuery().queryPlan.sortSatisfiedByIndex).toBe(true);
    } finally {
      await db.close();
    }
  });
});

describe('collection schemas', () => {
  it('stay within MAX_COLLECTIONS', () => {
    expect(MAX_COLLECTIONS).toBeLessThanOrEqual(12);
    expect(Object.keys(collectionCreators).length).toBeLessThanOrEqual(MAX_COLLECTIONS);
  });

  const indexesOf = (name: keyof typeof collectionCreators): string[][] =>
    (collectionCreators[name].schema.indexes ?? []).map((ix) => (typeof ix === 'string' ? [ix] : [...ix]));

  // the fields src/db/hooks/use-chat.ts and src/sync sort (and range-read) on
  it.each([
    ['conversations', ['list_rank']],
    ['conversations', ['opened_at']],
    ['bots', ['suggested_rank']],
    // the thread (newest first) and the delivered marks (an sk range, as an rsk range)
    ['messages', ['pk', 'rsk']],
    ['outbox', ['state', 'id']],
    ['outbox', ['state', 'bot_uuid', 'id']],
  ] as const)('%s has an index on %j', (name, fields) => {
    const indexes = indexesOf(name);
    const covered = indexes.some((ix) => fields.every((f, i) => ix[i] === f));
    expect(covered, `indexes of ${name}: ${JSON.stringify(indexes)}`).toBe(true);
  });
});
