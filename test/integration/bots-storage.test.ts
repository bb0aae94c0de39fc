// Storage of bots and chat across restarts and profile deletion: demo bots seeded idempotently,
// the cursor secret kept in the database (tokens survive a restart), chat rows removed with
// the profile.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ECHO_BOT_ID, DEMO_BOTS } from '../../server/bots/registry';
import { openDb, type Db } from '../../server/db/db';
import { startTestServer } from './helpers/server';

let db: Db;
const schema = process.env.DATABASE_URL ? `it_${process.pid}_${randomBytes(4).toString('hex')}` : undefined;
beforeAll(async () => {
  db = await openDb({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://', schema });
});
afterAll(async () => {
  if (schema) await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await db.close();
});

it('keeps bots, messages and the cursor secret across a restart', async () => {
  const first = await startTestServer({ db });
  const me = await first.signIn();
  const messages = Array.from({ length: 20 }, (_, i) => ({ type: 'text' as const, text: { body: `r${i}` }, client_message_id: `r-${i}` }));
  await first.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages }, { session: me });
  await first.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: messages.map((m) => ({ ...m, client_message_id: `s-${m.client_message_id}` })) }, { session: me });
  const newest = await first.ok('getMessages', { bot_uuid: ECHO_BOT_ID, direction: 'backward' }, { session: me });
  expect(newest.next_token).not.toBeNull();
  await first.close();

  const second = await startTestServer({ db });
  try {
    const older = await second.ok('getMessages', { bot_uuid: ECHO_BOT_ID, direction: 'backward', next_token: newest.next_token }, { session: me });
    expect(older.messages).toHaveLength(30);
    expect(older.messages.at(-1)!.sk < newest.messages[0]!.sk).toBe(true);
    const bots = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM bots');
    expect(bots[0]!.n).toBe(DEMO_BOTS.length);
    // One secret each (made once, kept across the restart): paging cursors, email verification links, upload policies, the VAPID keys of Web Push and the payment webhooks' signing key.
    const secrets = await db.query<{ name: string }>('SELECT name FROM server_secrets ORDER BY name');
    expect(secrets.map((s) => s.name)).toEqual(['cursor_hmac', 'email_link_hmac', 'media_policy_hmac', 'payments_webhook_hmac', 'vapid']);
  } finally {
    await second.close();
  }
});

it('removes the conversations, messages and socket tickets with the profile', async () => {
  const t = await startTestServer({ db });
  try {
    const me = await t.signIn();
    await t.ok('initiateConversation', { bot_uuid: ECHO_BOT_ID }, { session: me });
    await t.ok('messageWebhookPwa', { botId: ECHO_BOT_ID, messages: [{ type: 'text', text: { body: 'bye' }, client_message_id: 'd-1' }] }, { session: me });
    await t.ok('getSocketUrl', {}, { session: me });
    const user = me.tokens.user.user_uuid;
    await t.ok('deleteProfile', {}, { session: me });
    for (const table of ['messages', 'conversations', 'subscriptions', 'socket_tickets']) {
      const rows = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE user_uuid = $1`, [user]);
      expect(rows[0]!.n, table).toBe(0);
    }
  } finally {
    await t.close();
  }
});
