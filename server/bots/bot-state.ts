// A bot's memory of one conversation (migration 012): a small JSON object per user × bot, read
// before a bot answers and written with its answer, so where the user stands (a quiz's question
// and score, a decision tree's step) survives a server restart.
import type { Queryable } from '../db/db';

export type BotState = Readonly<Record<string, unknown>>;

/** The stored state, or null when the user has not talked to the bot yet (or it was reset). */
export async function readBotState(db: Queryable, userUuid: string, botUuid: string): Promise<BotState | null> {
  const rows = await db.query<{ state: BotState }>('SELECT state FROM bot_state WHERE user_uuid = $1 AND bot_uuid = $2', [userUuid, botUuid]);
  return rows[0]?.state ?? null;
}

export async function writeBotState(db: Queryable, userUuid: string, botUuid: string, state: BotState, now: number): Promise<void> {
  await db.query(
    `INSERT INTO bot_state (user_uuid, bot_uuid, state, updated_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_uuid, bot_uuid) DO UPDATE SET state = $3, updated_at = $4`,
    [userUuid, botUuid, JSON.stringify(state), now],
  );
}
