// Test-only seeding of long conversations straight into the server's database (the same rows the
// bot runtime writes: pk, sk, sender, type, payload), so a browser test can open a thread of
// 10,000 stored messages without 10,000 webhook calls. The app then pages them in as usual.
import type { Db } from '../../../server/db/db';
import { storeMessage } from '../../../server/bots/store';

export async function userUuidOf(db: Db, nationalNumber: string): Promise<string> {
  const rows = await db.query<{ user_uuid: string }>('SELECT user_uuid FROM users WHERE mobile LIKE $1', [`%${nationalNumber}`]);
  if (!rows[0]) throw new Error(`no user with mobile ${nationalNumber}`);
  return rows[0].user_uuid;
}

/**
 * `count` text messages 'Message 1' … 'Message {count}', one a minute ending `endsBefore` ms
 * ago; every third one is the user's (with a client id), the rest the bot's.
 */
export async function seedTexts(db: Db, opts: { userUuid: string; botUuid: string; count: number; endsAt: number }): Promise<void> {
  const { userUuid, botUuid, count, endsAt } = opts;
  const start = endsAt - count * 60_000;
  await db.query('INSERT INTO subscriptions (user_uuid, bot_uuid, subscribed_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [userUuid, botUuid, start]);
  await db.query(
    `WITH s AS (SELECT i, gen_random_uuid() AS id, ($4::bigint + i * 60000) AS t FROM generate_series(1, $5::int) AS i)
     INSERT INTO messages (message_id, user_uuid, bot_uuid, pk, sk, sender, type, payload, client_message_id, created_at)
     SELECT id, $1::uuid, $2, $3, lpad(t::text, 15, '0') || '_' || lpad(i::text, 9, '0') || '_' || id::text,
            CASE WHEN i % 3 = 0 THEN 'user' ELSE 'bot' END, 'text',
            jsonb_build_object('text', jsonb_build_object('body', 'Message ' || i)),
            CASE WHEN i % 3 = 0 THEN 'seed-' || id::text ELSE NULL END, t
     FROM s`,
    [userUuid, botUuid, `pwa_${botUuid}_${userUuid}`, start, count],
  );
  const last = await db.query<{ message_id: string; created_at: number }>(
    'SELECT message_id, created_at FROM messages WHERE user_uuid = $1 AND bot_uuid = $2 ORDER BY sk DESC LIMIT 1', [userUuid, botUuid]);
  await db.query(
    `INSERT INTO conversations (user_uuid, bot_uuid, last_message_id, last_time, last_number) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_uuid, bot_uuid) DO UPDATE SET last_message_id = $3, last_time = $4, last_number = $5`,
    [userUuid, botUuid, last[0]!.message_id, Number(last[0]!.created_at), count],
  );
}

/** Bot messages of any type (the payload is the type's fields), stored as the runtime stores them. */
export async function seedBotMessages(db: Db, opts: { userUuid: string; botUuid: string; now: number }, messages: { type: string; payload: Record<string, unknown> }[]): Promise<void> {
  await db.query('INSERT INTO subscriptions (user_uuid, bot_uuid, subscribed_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [opts.userUuid, opts.botUuid, opts.now]);
  for (const m of messages) {
    await db.transaction((tx) => storeMessage(tx, { userUuid: opts.userUuid, botUuid: opts.botUuid, sender: 'bot', type: m.type, payload: m.payload }, opts.now));
  }
}
