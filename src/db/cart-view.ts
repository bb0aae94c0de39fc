// The cart a person sees (spec part 2 §4): the server's last cart for the bot with the pending
// edits replayed, and each line's name and prices from the server's answer or, for a line the
// server has not seen yet, from the stored catalogue. Pure over the local documents and the
// queued cart edits (actions of kind 'cart-edit', ordered per bot's cart), so the hook, the
// commands and the engine compute it the same way.
import type { CartLine } from '../api/contract';
import { CART_LIMITS } from '../domain/constants';
import type { CatalogProduct } from '../api/catalog';
import type { Money } from '../api/messages';
import { applyEdit, lineKey, replayEdits, type CartChoice, type CartEdit, type CartLimits } from '../domain/cart-edits';
import { cartEditError } from '../domain/errors';
import { uuidv7 } from '../domain/uuidv7';
import type { AppDatabase } from './database';
import { failed, ok, type CommandResult } from './command-result';
import { getLocalDoc, modifyLocalDoc } from './local-store';
import { enqueueAction, queuedActions } from './action-queue';
import { orderKey, type ActionDocOf } from './schemas';
import { sumMoney } from '../domain/money';
import type { CartEditsDoc, CartsDoc, CatalogsDoc } from './local-docs';

export interface VisibleCartLine {
  key: string;
  catalog_id: string;
  product_id: string;
  quantity: number;
  customizations: CartChoice[];
  name: string | null;
  /** One unit with its customisations, when known. */
  unitPrice: Money | null;
  max_quantity_allowed: number | null;
  /** The names of the chosen options, in the product's order, when the catalogue is stored. */
  choiceNames: string[];
  /** true while an edit of this line waits for the server. */
  pending: boolean;
}

export interface VisibleCart {
  lines: VisibleCartLine[];
  total: Money;
  itemCount: number;
  pendingEdits: number;
  refusal: { message: string; at: number } | null;
}

function productsOf(catalogs: CatalogsDoc | null, botUuid: string): Map<string, CatalogProduct> {
  const out = new Map<string, CatalogProduct>();
  for (const [key, catalog] of Object.entries(catalogs ?? {})) {
    if (!key.startsWith(`${botUuid}/`)) continue;
    for (const p of catalog.products) out.set(`${catalog.catalog_id}/${p.id}`, p);
  }
  return out;
}

/** Limits from what the device holds: the server cart's lines and the stored catalogues. */
export function cartLimits(carts: CartsDoc | null, catalogs: CatalogsDoc | null, botUuid: string): CartLimits {
  const max = new Map<string, number>();
  for (const [key, p] of productsOf(catalogs, botUuid)) max.set(key, p.max_quantity_allowed);
  for (const line of carts?.[botUuid]?.cart ?? []) {
    if (line.max_quantity_allowed !== undefined) max.set(`${line.catalog_id}/${line.product_id}`, line.max_quantity_allowed);
  }
  return { maxQuantity: (c, p) => max.get(`${c}/${p}`), maxLineQuantity: CART_LIMITS.maxLineQuantity, maxLines: CART_LIMITS.maxLines };
}

function choiceDetails(product: CatalogProduct | undefined, choices: readonly CartChoice[]): { names: string[]; price: number } {
  const names: string[] = [];
  let price = 0;
  for (const step of product?.customization_steps ?? []) {
    for (const c of step.customizations) {
      for (const o of c.options) {
        if (choices.some((x) => x.id === c.id && x.value === o.id)) {
          names.push(o.name);
          price += o.price.price;
        }
      }
    }
  }
  return { names, price };
}

/** The refusals of 'cart-edits' with each bot's queued edits (oldest first) as its `edits`. */
export function withQueuedEdits(doc: CartEditsDoc | null, queued: readonly ActionDocOf<'cart-edit'>[]): CartEditsDoc {
  const out: CartEditsDoc = Object.fromEntries(Object.entries(doc ?? {}).map(([bot, e]) => [bot, { edits: [], refusal: e.refusal }]));
  for (const a of queued) {
    const entry = out[a.payload.bot_uuid] ?? { edits: [], refusal: null };
    out[a.payload.bot_uuid] = { ...entry, edits: [...(entry.edits ?? []), a.payload.edit] };
  }
  return out;
}

/** The bot's cart as the person sees it, read from storage now. */
export async function readVisibleCart(db: AppDatabase, botUuid: string): Promise<VisibleCart> {
  const [carts, edits, catalogs, queued] = await Promise.all([getLocalDoc(db, 'carts'), getLocalDoc(db, 'cart-edits'), getLocalDoc(db, 'catalogs'), queuedActions(db, 'cart-edit', orderKey.cart(botUuid))]);
  return visibleCart(carts, withQueuedEdits(edits, queued), catalogs, botUuid);
}

export function visibleCart(carts: CartsDoc | null, edits: CartEditsDoc | null, catalogs: CatalogsDoc | null, botUuid: string): VisibleCart {
  const server = carts?.[botUuid];
  const queue = edits?.[botUuid]?.edits ?? [];
  const items = replayEdits(server?.cart ?? [], queue, cartLimits(carts, catalogs, botUuid));
  const products = productsOf(catalogs, botUuid);
  const serverLines = new Map<string, CartLine>((server?.cart ?? []).map((l) => [lineKey(l), l]));
  const pendingKeys = new Set(queue.flatMap((e) => (e.kind === 'customize' ? [lineKey(e), lineKey({ ...e, customizations: e.to })] : [lineKey(e)])));
  const lines = items.map((item): VisibleCartLine => {
    const key = lineKey(item);
    const line = serverLines.get(key);
    const product = products.get(`${item.catalog_id}/${item.product_id}`);
    const details = choiceDetails(product, item.customizations);
    const base = line?.price ?? product?.price ?? null;
    const extra = line?.customization_price?.price ?? details.price;
    return {
      key,
      catalog_id: item.catalog_id,
      product_id: item.product_id,
      quantity: item.quantity,
      customizations: item.customizations,
      name: line?.name ?? product?.name ?? null,
      unitPrice: base ? { price: base.price + extra, currency: base.currency } : null,
      max_quantity_allowed: line?.max_quantity_allowed ?? product?.max_quantity_allowed ?? null,
      choiceNames: details.names,
      pending: pendingKeys.has(key),
    };
  });
  const priced = lines.flatMap((l) => (l.unitPrice ? [{ price: l.unitPrice.price * l.quantity, currency: l.unitPrice.currency }] : []));
  return {
    lines,
    total: sumMoney(priced),
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
    pendingEdits: queue.length,
    refusal: edits?.[botUuid]?.refusal ?? null,
  };
}

export type CartEditInput = CartEdit extends infer E ? (E extends CartEdit ? Omit<E, 'id'> : never) : never;

/**
 * Checks an edit against the cart the person sees and appends it to the one action queue
 * (durable, and visible at once; the leader's runner sends it). Answers true when an edit was queued, false when there was
 * nothing to do (the line is gone), or the spec's toast when the device refuses it.
 */
export async function enqueueCartEdit(db: AppDatabase, botUuid: string, input: CartEditInput): Promise<CommandResult<boolean>> {
  const [carts, edits, catalogs, queued] = await Promise.all([getLocalDoc(db, 'carts'), getLocalDoc(db, 'cart-edits'), getLocalDoc(db, 'catalogs'), queuedActions(db, 'cart-edit', orderKey.cart(botUuid))]);
  const edit = { ...input, id: uuidv7() } as CartEdit;
  const result = applyEdit(visibleCart(carts, withQueuedEdits(edits, queued), catalogs, botUuid).lines, edit, cartLimits(carts, catalogs, botUuid));
  if ('refused' in result) return result.refused === 'no-such-line' ? ok(false) : failed(cartEditError(result.refused));
  // a new edit: the last refusal has been seen
  if (edits?.[botUuid]?.refusal) await modifyLocalDoc(db, 'cart-edits', (all) => ({ ...all, [botUuid]: { refusal: null } }));
  await enqueueAction(db, 'cart-edit', orderKey.cart(botUuid), { bot_uuid: botUuid, edit }, Date.now(), edit.id);
  return ok(true);
}
