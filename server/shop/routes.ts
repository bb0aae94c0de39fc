// The cart and catalogue routes (spec part 2 §7 "Cart and catalogue"): /bot/get-cart,
// /bot/update-cart and /bot/get-catalog.
// The cart is the caller's (user from the session) with the bot of the body: no body field names
// a user, so no one reads or changes another user's cart. An update is pushed as cart-updated
// to every open socket of the caller, so their other devices refresh their cart.
import { routes } from '../../src/api/contract';
import type { SocketFrameOut } from '../../src/api/messages';
import { findBot } from '../bots/registry';
import type { RouteModule } from '../context';
import { notFound } from '../http/errors';
import { checkCart, readCart, stepsHash, toLines, writeCart } from './cart';
import { catalogsOf } from './catalog';

export interface ShopRouteDeps {
  /** Sends a frame to every open socket of the user (the SocketHub's send). */
  push: (userUuid: string, frame: SocketFrameOut) => Promise<unknown>;
}

function botOrNotFound(botUuid: string): void {
  if (!findBot(botUuid)) throw notFound('Invalid bot id');
}

export function shopRoutes({ push }: ShopRouteDeps): RouteModule {
  return (api, ctx) => {
    const { db } = ctx;

    api.authRoute(routes.getCart, async ({ body, user }) => {
      botOrNotFound(body.bot_uuid);
      const { items, version } = await readCart(db, user.userUuid, body.bot_uuid);
      return { bot_uuid: body.bot_uuid, cart: toLines(body.bot_uuid, items, body.include_product_details), version };
    });

    api.authRoute(routes.getCatalog, async ({ body }) => {
      botOrNotFound(body.bot_uuid);
      const catalogs = catalogsOf(body.bot_uuid);
      const catalog = body.catalog_uuid === undefined ? catalogs[0] : catalogs.find((c) => c.catalog_id === body.catalog_uuid);
      if (!catalog) throw notFound('Catalog not found');
      return {
        bot_uuid: body.bot_uuid,
        catalog_id: catalog.catalog_id,
        name: catalog.name,
        products: catalog.products.map((p) => ({ ...p, steps_hash: stepsHash(p) })),
        catalogs: catalogs.map((c) => ({ catalog_id: c.catalog_id, name: c.name })),
      };
    });

    api.authRoute(routes.updateCart, async ({ body, user }) => {
      botOrNotFound(body.bot_uuid);
      checkCart(body.bot_uuid, body.cart);
      const version = await writeCart(db, user.userUuid, body.bot_uuid, body.cart, ctx.now());
      // The cart is stored: a failed push is logged by the hub and never fails the update.
      await push(user.userUuid, { action: 'cart-updated', body: { bot_uuid: body.bot_uuid } });
      return { bot_uuid: body.bot_uuid, cart: toLines(body.bot_uuid, body.cart, true), version };
    });
  };
}
