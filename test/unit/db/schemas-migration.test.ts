import { describe, expect, it } from 'vitest';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { createRxDatabase, type RxCollection, type RxJsonSchema } from 'rxdb/plugins/core';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type { ChatMessage } from '../../../src/api/messages';
import { openDatabase } from '../../../src/db/database';
import { MAX_COLLECTIONS, collectionCreators } from '../../../src/db/schemas';
import { reverseSortKey, messagesMigrations, messagesSchema, type MessageDocV0 } from '../../../src/db/schemas/messages.schema';
import { messagesSchemaV0 } from '../../fixtures/messages-v0.schema';
import { freshDbName } from './helpers/fake-db';

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

describe('collection schemas', () => {
  it('stay within MAX_COLLECTIONS', () => {
    expect(MAX_COLLECTIONS).toBeLessThanOrEqual(12);
    expect(Object.keys(collectionCreators).length).toBeLessThanOrEqual(MAX_COLLECTIONS);
  });

  const indexesOf = (name: keyof typeof collectionCreators): string[][] =>
    (collectionCreators[name].schema.indexes ?? []).map((ix) => (typeof ix === 'string' ? [ix] : [...ix]));

  // the fields src/db/hooks/use-chat.ts and src/sync sort (and range-read) on
  it.each([
    ['conversations', ['last_activity']],
    ['conversations', ['opened_at']],
    ['bots', ['suggested_rank']],
    // the thread (newest first) and the delivered marks (an sk range, as an rsk range)
    ['messages', ['pk', 'rsk']],
    ['outbox', ['state', 'id']],
  ] as const)('%s has an index on %j', (name, fields) => {
    const indexes = indexesOf(name);
    const covered = indexes.some((ix) => fields.every((f, i) => ix[i] === f));
    expect(covered, `indexes of ${name}: ${JSON.stringify(indexes)}`).toBe(true);
  });
});
