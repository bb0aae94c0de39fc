// The per-user bot flags other server modules read (the runtime: a blocked bot sends nothing).
import type { Queryable } from '../db/db';

/** Whether the user blocked the bot (spec part 1 §4 "Bot lists"). */
export async function isBotBlocked(q: Queryable, userUuid: string, botUuid: string): Promise<boolean> {
  const rows = await q.query<{ block_time: number | null }>('SELECT block_time FROM conversations WHERE user_uuid = $1 AND bot_uuid = $2', [userUuid, botUuid]);
  return rows[0]?.block_time != null;
}
