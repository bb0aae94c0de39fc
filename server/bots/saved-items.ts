// Message ratings and saved items (spec part 1 §7: submit-message-rating {bot_uuid, sk, rating},
// save-item {bot_uuid, sk, index}). Both find the message by the caller's pk and its sk, so a
// body can only reach the caller's own conversation.
import { randomUUID } from 'node:crypto';
import { routes, type SavedItem } from '../../src/api/contract';
import type { ChatMessage } from '../../src/api/messages';
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
         ON CONFLICT (user_uuid, message_id, item_index) DO UPDATE
           -- saved again after an unsave: back, and at the top of the list (saved now)
           SET unsaved_at = NULL, saved_at = CASE WHEN saved_items.unsaved_at IS NULL THEN saved_items.saved_at ELSE EXCLUDED.saved_at END
         RETURNING saved_item_uuid`,
        [randomUUID(), user.userUuid, body.bot_uuid, row.message_id, body.index, JSON.stringify(toWire(row)), ctx.now()],
      );
      return rows[0]!.saved_item_uuid;
    });
    return { saved_item_uuid: savedItemUuid };
  });

  api.authRoute(routes.getSavedItems, async ({ body, user }) => {
    const order = body.sort === 'ASCENDING' ? 'ASC' : 'DESC';
    const params: unknown[] = [user.userUuid, body.limit + 1, body.offset];
    let filter = '';
    // a session of one bot (standalone) sees that bot's items only, whatever the filter says
    const filters = user.standaloneBot !== undefined ? [user.standaloneBot] : body.filters;
    if (filters.length > 0) {
      params.push(filters);
      filter = 'AND s.bot_uuid = ANY($4::text[])';
    }
    // saved_item_uuid breaks ties so pages never repeat or skip an item saved in the same ms
    const rows = await db.query<{ saved_item_uuid: string; bot_uuid: string; name: string; icon: string; saved_at: string | number; item_index: number; message: ChatMessage }>(
      `SELECT s.saved_item_uuid, s.bot_uuid, b.name, b.icon, s.saved_at, s.item_index, s.message
         FROM saved_items s JOIN bots b ON b.bot_uuid = s.bot_uuid
        WHERE s.user_uuid = $1 AND s.unsaved_at IS NULL ${filter}
        ORDER BY s.saved_at ${order}, s.saved_item_uuid ${order}
        LIMIT $2 OFFSET $3`,
      params,
    );
    const items: SavedItem[] = rows.slice(0, body.limit).map((r) => ({
      saved_item_uuid: r.saved_item_uuid,
      bot_uuid: r.bot_uuid,
      bot_name: r.name,
      bot_icon: r.icon,
      saved_at: Number(r.saved_at),
      index: r.item_index,
      message: r.message,
    }));
    return { items, has_more: rows.length > body.limit };
  });

  api.authRoute(routes.getSavedItemFilters, async ({ user }) => {
    const rows = await db.query<{ bot_uuid: string; name: string; icon: string; count: string | number }>(
      `SELECT s.bot_uuid, b.name, b.icon, count(*) AS count
         FROM saved_items s JOIN bots b ON b.bot_uuid = s.bot_uuid
        WHERE s.user_uuid = $1 AND s.unsaved_at IS NULL AND ($2::text IS NULL OR s.bot_uuid = $2)
        GROUP BY s.bot_uuid, b.name, b.icon ORDER BY b.name, s.bot_uuid`,
      [user.userUuid, user.standaloneBot ?? null],
    );
    return { filters: rows.map((r) => ({ bot_uuid: r.bot_uuid, name: r.name, icon: r.icon, count: Number(r.count) })) };
  });

  // Both touch only the caller's rows (user_uuid in the WHERE): another user's uuid changes nothing;
  // a session of one bot touches that bot's rows only.
  api.authRoute(routes.unsaveItem, async ({ body, user }) => {
    const rows = await db.query<{ saved_item_uuid: string }>(
      `UPDATE saved_items SET unsaved_at = $3 WHERE user_uuid = $1 AND saved_item_uuid = ANY($2::uuid[]) AND unsaved_at IS NULL
         AND ($4::text IS NULL OR bot_uuid = $4) RETURNING saved_item_uuid`,
      [user.userUuid, body.saved_item_uuid_list, ctx.now(), user.standaloneBot ?? null],
    );
    return { message: 'Item unsaved', unsaved: rows.length };
  });

  api.authRoute(routes.undoUnsaveItem, async ({ body, user }) => {
    const rows = await db.query<{ saved_item_uuid: string }>(
      `UPDATE saved_items SET unsaved_at = NULL WHERE user_uuid = $1 AND saved_item_uuid = ANY($2::uuid[]) AND unsaved_at IS NOT NULL
         AND ($3::text IS NULL OR bot_uuid = $3) RETURNING saved_item_uuid`,
      [user.userUuid, body.unsaved_item_uuid_list, user.standaloneBot ?? null],
    );
    return { message: 'Item restored', restored: rows.length };
  });
};
