// Bot and chat routes (spec part 1 §7 "Bots and chat"). Every query is scoped by the caller's
// user_uuid from the session: no bot id, cursor or message id in a body can reach another
// user's conversation.
import type { FastifyRequest } from 'fastify';
import { routes } from '../../src/api/contract';
import type { ChatMessage } from '../../src/api/messages';
import { MESSAGES_PAGE_SIZE } from '../../src/domain/constants';
import type { RouteModule } from '../context';
import type { Db } from '../db/db';
import { notFound } from '../http/errors';
import { catalogsOf } from '../shop/catalog';
import { requestLanguage } from './bot-language';
import { signCursor, verifyCursor, type Direction } from './cursor';
import type { BotRuntime } from './runtime';
import { createSocketUrl } from './socket';
import { conversationList, getBot, markRead, MESSAGE_COLUMNS, pkOf, subscribe, suggestedBots, toSummary, toWire, type MessageRow } from './store';

// One page size for the server and the client's expectations (src/domain/constants.ts).
export const PAGE_SIZE = MESSAGES_PAGE_SIZE;

export interface BotRouteDeps {
  runtime: BotRuntime;
  cursorSecret: Buffer;
  /** The ws(s) origin of socket URLs (http/public-origin.ts): configuration, not the Host header. */
  socketOrigin: (request: FastifyRequest) => string;
}

async function botOrNotFound(db: Db, userUuid: string, botUuid: string) {
  const bot = await getBot(db, userUuid, botUuid);
  if (!bot) throw notFound('Invalid bot id');
  return bot;
}

export function botRoutes({ runtime, cursorSecret, socketOrigin }: BotRouteDeps): RouteModule {
  return (api, ctx) => {
    const { db } = ctx;

    api.authRoute(routes.getSuggestedList, async ({ user }) => ({
      bot_list: (await suggestedBots(db, user.userUuid)).map(toSummary),
    }));

    api.authRoute(routes.initiateConversation, async ({ body, user, request }) => {
      await botOrNotFound(db, user.userUuid, body.bot_uuid);
      const messages = await runtime.initiate(user.userUuid, body.bot_uuid, requestLanguage(request));
      return { bot: toSummary(await botOrNotFound(db, user.userUuid, body.bot_uuid)), messages };
    });

    api.authRoute(routes.subscribeBot, async ({ body, user }) => {
      await botOrNotFound(db, user.userUuid, body.bot_uuid);
      await subscribe(db, user.userUuid, body.bot_uuid, ctx.now());
      return { message: 'Subscribed', bot: toSummary(await botOrNotFound(db, user.userUuid, body.bot_uuid)) };
    });

    api.authRoute(routes.getConversationList, async ({ user }) => ({
      conversation_list: await conversationList(db, user.userUuid, false),
    }));

    api.authRoute(routes.markRead, async ({ body, user }) => {
      await botOrNotFound(db, user.userUuid, body.bot_uuid);
      return { bot_uuid: body.bot_uuid, ...(await markRead(db, user.userUuid, body.bot_uuid, body.sk)) };
    });

    api.authRoute(routes.getPinnedConversationList, async ({ user }) => ({
      pinned_list: await conversationList(db, user.userUuid, true),
    }));

    api.authRoute(routes.getBotUserDetails, async ({ body, user }) => {
      const bot = await botOrNotFound(db, user.userUuid, body.bot_uuid);
      const catalogs = catalogsOf(bot.bot_uuid).map((c) => ({ catalog_id: c.catalog_id, name: c.name }));
      return { bot_uuid: bot.bot_uuid, name: bot.name, icon: bot.icon, carousel: [], faqs: [], configuration: { description: bot.description }, old_bot: false, catalogs };
    });

    api.authRoute(routes.getConfiguration, async ({ body, user }) => {
      const bot = await botOrNotFound(db, user.userUuid, body.bot_uuid);
      return { bot_uuid: bot.bot_uuid, allow_user_media: bot.config.allow_user_media === true, description: bot.description };
    });

    api.authRoute(routes.getMessages, async ({ body, user }) => {
      await botOrNotFound(db, user.userUuid, body.bot_uuid);
      const direction: Direction = body.direction;
      const bound = { user: user.userUuid, bot: body.bot_uuid };
      const from = body.next_token ? verifyCursor(cursorSecret, body.next_token, { ...bound, direction }) : undefined;
      // The pk comes from the session, never from the body: only the caller's messages.
      const pk = pkOf(body.bot_uuid, user.userUuid);
      const rows = direction === 'forward'
        ? await db.query<MessageRow>(
          `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE pk = $1 AND user_uuid = $2 AND sk > $3 ORDER BY sk ASC LIMIT $4`,
          [pk, user.userUuid, from ?? '', PAGE_SIZE + 1],
        )
        : await db.query<MessageRow>(
          `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE pk = $1 AND user_uuid = $2 AND ($3::text IS NULL OR sk < $3) ORDER BY sk DESC LIMIT $4`,
          [pk, user.userUuid, from ?? null, PAGE_SIZE + 1],
        );
      const more = rows.length > PAGE_SIZE;
      const page = rows.slice(0, PAGE_SIZE);
      if (direction === 'backward') page.reverse();
      const messages: ChatMessage[] = page.map(toWire);
      const first = page[0]?.sk;
      const last = page[page.length - 1]?.sk;
      const next = direction === 'forward' ? (more ? last : undefined) : (more ? first : undefined);
      // Where to poll for newer messages: after the newest answered, else where the cursor stood.
      const forwardFrom = direction === 'forward' ? (last ?? from ?? '') : (body.next_token ? from! : (last ?? ''));
      return {
        messages,
        next_token: next === undefined ? null : signCursor(cursorSecret, { ...bound, direction, sk: next }),
        forward_token: direction === 'backward' && body.next_token
          ? null
          : signCursor(cursorSecret, { ...bound, direction: 'forward', sk: forwardFrom }),
      };
    });

    api.authRoute(routes.messageWebhookPwa, async ({ body, user, request }) => {
      await botOrNotFound(db, user.userUuid, body.botId);
      const messages = await runtime.receive(user.userUuid, body.botId, body.messages, requestLanguage(request));
      return {
        messages,
        meta: { gaEvents: [{ category: 'chat', action: 'message_sent', label: body.botId, value: body.messages.length }] },
      };
    });

    api.authRoute(routes.getSocketUrl, async ({ request, user }) => createSocketUrl(db, socketOrigin(request), user, ctx.now()));
  };
}
