// The cart of each user with each bot (spec part 2 §3 "Cart", §4 "Cart edits"): a list of lines
// { catalog_id, product_id, quantity, customizations: [{ id, value }] } stored whole in the carts
// table (migration 003) with a version that counts its updates. An update is checked against the
// bot's catalogue (catalog.ts) before it replaces the stored cart.
import { createHash } from 'node:crypto';
import { cartSchema, type CartCustomization, type CartItem, type CartLine, type Money } from '../../src/api/contract';
import type { Queryable } from '../db/db';
import { badRequest, HttpError, notFound } from '../http/errors';
import { findProduct, type CatalogProduct } from './catalog';

export const MAX_QUANTITY_MESSAGE = 'Max quantity reached';
export const PRODUCT_NOT_FOUND_MESSAGE = 'Product not found';

/** First 16 hex digits (64 bits) of the SHA-256 of a JSON text: short, stable keys. */
function shortHash(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);
}

/**
 * The key of a line's customisations: sha256 of the JSON of its [id, value] pairs sorted by id
 * then value (code-unit order), hex, first 16 characters. The order the client sent them in does
 * not matter; no customisations hash the empty list ('[]').
 */
export function customizationHash(customizations: readonly CartCustomization[]): string {
  const pairs = customizations.map((c) => [c.id, c.value] as const);
  pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  return shortHash(pairs);
}

/**
 * The key of a product's customisation steps as the catalogue has them: sha256 of the JSON of
 * [step id, [[customisation id, type, required, [option ids]]...]] in catalogue order, hex, first
 * 16 characters. Prices and names are left out: the hash changes when the choices change. A
 * product without steps (or no longer in the catalogue) hashes the empty list.
 */
export function stepsHash(product: CatalogProduct | undefined): string {
  return shortHash((product?.customization_steps ?? []).map((step) => [
    step.id,
    step.customizations.map((c) => [c.id, c.type, c.required, c.options.map((o) => o.id)]),
  ]));
}

/** What the chosen options add to one unit (in the product's currency). */
function customizationPrice(product: CatalogProduct, customizations: readonly CartCustomization[]): Money {
  let price = 0;
  for (const choice of customizations) {
    for (const step of product.customization_steps) {
      const option = step.customizations.find((c) => c.id === choice.id)?.options.find((o) => o.id === choice.value);
      if (option) price += option.price.price;
    }
  }
  return { price, currency: product.price.currency };
}

/** Checks a line's choices against the product's customisations; throws a 400 naming the line. */
function checkCustomizations(product: CatalogProduct, customizations: readonly CartCustomization[], where: string): void {
  const all = product.customization_steps.flatMap((s) => s.customizations);
  const chosen = new Map<string, string[]>();
  for (const choice of customizations) {
    const customization = all.find((c) => c.id === choice.id);
    if (!customization) throw badRequest(`${where}.customizations: ${product.name} has no customisation ${choice.id}`);
    if (!customization.options.some((o) => o.id === choice.value)) {
      throw badRequest(`${where}.customizations: ${choice.value} is not an option of ${customization.name}`);
    }
    const values = chosen.get(choice.id) ?? [];
    if (values.includes(choice.value)) throw badRequest(`${where}.customizations: ${choice.value} of ${customization.name} is chosen twice`);
    values.push(choice.value);
    chosen.set(choice.id, values);
    if (customization.type === 'radio' && values.length > 1) throw badRequest(`${where}.customizations: choose only one option of ${customization.name}`);
  }
  for (const c of all) {
    if (c.required && !chosen.has(c.id)) throw badRequest(`${where}.customizations: choose a ${c.name}`);
  }
}

/**
 * Checks a whole cart against the bot's catalogue: an unknown catalogue or product is a 404
 * 'Product not found'; choices the product does not offer, a second option of a radio
 * customisation, a missing required one or the same product with the same choices on two lines
 * are 400s; more of a product (all its lines together) than its max_quantity_allowed is a 422
 * 'Max quantity reached'.
 */
export function checkCart(botUuid: string, items: readonly CartItem[]): void {
  const keys = new Map<string, number>();
  const perProduct = new Map<string, { product: CatalogProduct; quantity: number }>();
  items.forEach((item, index) => {
    const where = `cart.${index}`;
    const product = findProduct(botUuid, item.catalog_id, item.product_id);
    if (!product) throw notFound(PRODUCT_NOT_FOUND_MESSAGE);
    checkCustomizations(product, item.customizations, where);
    const key = JSON.stringify([item.catalog_id, item.product_id, customizationHash(item.customizations)]);
    const earlier = keys.get(key);
    if (earlier !== undefined) throw badRequest(`${where}: the same product with the same customisations is already line ${earlier}; change that line's quantity`);
    keys.set(key, index);
    const productKey = JSON.stringify([item.catalog_id, item.product_id]);
    const total = perProduct.get(productKey) ?? { product, quantity: 0 };
    total.quantity += item.quantity;
    perProduct.set(productKey, total);
  });
  for (const { product, quantity } of perProduct.values()) {
    if (quantity > product.max_quantity_allowed) throw new HttpError(422, MAX_QUANTITY_MESSAGE);
  }
}

/** The lines as answered: keys always; name, prices and the limit when asked and the product still exists. */
export function toLines(botUuid: string, items: readonly CartItem[], withDetails: boolean): CartLine[] {
  return items.map((item) => {
    const product = findProduct(botUuid, item.catalog_id, item.product_id);
    const line: CartLine = {
      catalog_id: item.catalog_id,
      product_id: item.product_id,
      quantity: item.quantity,
      customizations: item.customizations.map((c) => ({ id: c.id, value: c.value })),
      customization_hash: customizationHash(item.customizations),
      steps_hash: stepsHash(product),
    };
    if (withDetails && product) {
      line.name = product.name;
      line.price = { ...product.price };
      line.max_quantity_allowed = product.max_quantity_allowed;
      line.customization_price = customizationPrice(product, item.customizations);
    }
    return line;
  });
}

export interface StoredCart { items: CartItem[]; version: number }

/** The user's cart with the bot; an empty one (version 0) when never updated. */
export async function readCart(q: Queryable, userUuid: string, botUuid: string): Promise<StoredCart> {
  const rows = await q.query<{ cart: unknown; version: number }>(
    'SELECT cart, version FROM carts WHERE user_uuid = $1 AND bot_uuid = $2',
    [userUuid, botUuid],
  );
  const row = rows[0];
  if (!row) return { items: [], version: 0 };
  // Written only by writeCart after validation; parsed again so its type is checked, not assumed.
  return { items: cartSchema.parse(row.cart), version: row.version };
}

/** Replaces the user's cart with the bot; answers the new version. One statement: concurrent updates take turns. */
export async function writeCart(q: Queryable, userUuid: string, botUuid: string, items: readonly CartItem[], now: number): Promise<number> {
  const rows = await q.query<{ version: number }>(
    `INSERT INTO carts (user_uuid, bot_uuid, cart, version, updated_at) VALUES ($1, $2, $3, 1, $4)
     ON CONFLICT (user_uuid, bot_uuid) DO UPDATE SET cart = EXCLUDED.cart, version = carts.version + 1, updated_at = EXCLUDED.updated_at
     RETURNING version`,
    [userUuid, botUuid, JSON.stringify(items), now],
  );
  const version = rows[0]?.version;
  if (version === undefined) throw new Error('cart upsert returned no row');
  return version;
}
