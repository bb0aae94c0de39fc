// A bot's subscriber count, the one number every route answers with (discovery's lists and
// search, get-subscriber-count, get-onboarding-details): the bot's demo baseline
// (bot_profiles.subscriber_base, seeded for the profile bots by bot-profile/seed.ts and for the
// discovery bots by discovery/store.ts) plus its real subscriptions.
import type { Queryable } from '../db/db';

/** The count as an SQL expression (an int) of the bot whose id `bot` names (a column or a parameter). */
export function subscriberCountSql(bot: string): string {
  return `(COALESCE((SELECT sp.subscriber_base FROM bot_profiles sp WHERE sp.bot_uuid = ${bot}), 0)
    + (SELECT count(*) FROM subscriptions sx WHERE sx.bot_uuid = ${bot}))::int`;
}

export async function subscriberCount(q: Queryable, botUuid: string): Promise<number> {
  const rows = await q.query<{ n: number }>(`SELECT ${subscriberCountSql('$1')} AS n`, [botUuid]);
  return Number(rows[0]?.n ?? 0);
}

/** Sets a bot's baseline (its bots row must exist); the rating baselines are left as they are. */
export async function setSubscriberBase(q: Queryable, botUuid: string, base: number): Promise<void> {
  await q.query(
    `INSERT INTO bot_profiles (bot_uuid, subscriber_base) VALUES ($1, $2)
     ON CONFLICT (bot_uuid) DO UPDATE SET subscriber_base = $2`,
    [botUuid, base],
  );
}
