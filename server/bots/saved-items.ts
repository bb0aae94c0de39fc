// Message ratings and saved items (spec part 1 §7: submit-message-rating {bot_uuid, sk, rating},
// save-item {bot_uuid, sk, index}). Both find the message by the caller's pk and its sk, so a
// body can only reach the caller's own conversation.
import { randomUUID } from 'node:crypto';
import { routes } from '../../src/api/contract';
import type { RouteModule } from '../context';
import type { Queryable } from '../db/db';
import { HttpError, notFound } from '../http/errors';
import { MESSAGE_COLUMNS, pkOf, toWire, type MessageRow } from './store';

async function messageOf(q: Queryable, userUuid: string, botUuid: string, sk: string): Promise<MessageRow> {
  const rows = await q.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE pk = $1 AND user_uuid = $2 AND sk = $3`, [pkOf(botUuid, userUuid), userUuid, sk]);
  if (!rows[0]) throw notFound('Message not found');
  return rows[0];
}

/** Whether a rating fits the message's rating_type: thumbs 1 / -1, stars 1..5. */
export function ratingFits(ratingType: unknown, rating: number): boolean {
  if (ratingType === 'thumbs') return rating === 1 || rating === -1;
  if (ratingType === 'stars') return rating >= 1 && rating <= 5;
  return false;
}

export const savedItemRoutes: RouteModule = (api, ctx) => {
  const { db } = ctx;

  api.authRoute(routes.submitMessageRating, async ({ body, user }) => {
    await db.transaction(async (tx) => {
      const row = await messageOf(tx, user.userUuid, body.bot_uuid, body.sk);
      const ratingType = row.payload.rating_type;
      if (row.sender !== 'bot' || ratingType === undefined) throw new HttpError(422, 'This message takes no rating');
      if (!ratingFits(ratingType, body.rating)) throw new HttpError(422, ratingType === 'thumbs' ? 'rating must be 1 or -1 for thumbs' : 'rating must be 1 to 5 for stars');
      await tx.query(
        `INSERT INTO message_ratings (user_uuid, message_id, bot_uuid, rating, rated_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (user_uuid, message_id) DO UPDATE SET rating = $4, rated_at = $5`,
        [user.userUuid, row.message_id, body.bot_uuid, body.rating, ctx.now()],
      );
      await tx.query(`UPDATE messages SET payload = payload || '{"is_rated": true}'::jsonb WHERE message_id = $1`, [row.message_id]);
    });
    return { message: 'Rating submitted' };
  });

  api.authRoute(routes.saveItem, async ({ body, user }) => {
    const savedItemUuid = await db.transaction(async (tx) => {
      const row = await messageOf(tx, user.userUuid, body.bot_uuid, body.sk);
      const rows = await tx.query<{ saved_item_uuid: string }>(
        `INSERT INTO saved_items (saved_item_uuid, user_uuid, bot_uuid, message_id, item_index, message, saved_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (user_uuid, message_id, item_index) DO UPDATE SET unsaved_at = NULL
         RETURNING saved_item_uuid`,
        [randomUUID(), user.userUuid, body.bot_uuid, row.message_id, body.index, JSON.stringify(toWire(row)), ctx.now()],
      );
      return rows[0]!.saved_item_uuid;
    });
    return { saved_item_uuid: savedItemUuid };
  });
};
