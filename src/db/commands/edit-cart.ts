// Cart edits from the catalogue and cart screens (spec part 2 §4): checked against what the
// device knows (max quantity, a full cart), appended to the 'cart-edits' local document, which
// makes them durable and visible at once, then handed to the engine to send. The engine's
// answer (accepted, or refused and undone) comes back through the same documents.
import type { CartChoice, CartEdit } from '../../domain/cart-edits';
import { applyEdit } from '../../domain/cart-edits';
import { uuidv7 } from '../../domain/uuidv7';
import { cartEditError } from '../../domain/errors';
import { cartLimits, visibleCart } from '../cart-view';
import { getClient } from '../client';
import { failed, ok, type CommandResult } from '../command-result';
import { getLocalDoc, modifyLocalDoc } from '../local-store';
import { runEngine } from './run-engine';

export interface CartProductRef { catalog_id: string; product_id: string; customizations: CartChoice[] }

type EditWithoutId = CartEdit extends infer E ? (E extends CartEdit ? Omit<E, 'id'> : never) : never;

async function queueCartEdit(botUuid: string, input: EditWithoutId): Promise<CommandResult> {
  const { db } = getClient();
  const [carts, edits, catalogs] = await Promise.all([getLocalDoc(db, 'carts'), getLocalDoc(db, 'cart-edits'), getLocalDoc(db, 'catalogs')]);
  const edit = { ...input, id: uuidv7() } as CartEdit;
  const seen = visibleCart(carts, edits, catalogs, botUuid).lines;
  const result = applyEdit(seen, edit, cartLimits(carts, catalogs, botUuid));
  if ('refused' in result) {
    // A line that vanished (another device) is nothing to do; the limits are the spec's toasts.
    return result.refused === 'no-such-line' ? ok() : failed(cartEditError(result.refused));
  }
  await modifyLocalDoc(db, 'cart-edits', (all) => {
    const entry = all?.[botUuid] ?? { edits: [], refusal: null };
    return { ...all, [botUuid]: { edits: [...entry.edits, edit], refusal: null } };
  });
  void runEngine('syncCart', botUuid);
  return ok();
}

/** One more of the product with these choices (a new line when none has them). */
export function addToCart(botUuid: string, product: CartProductRef): Promise<CommandResult> {
  return queueCartEdit(botUuid, { kind: 'add', ...product });
}

/** One fewer of the line; at 0 it leaves the cart. */
export function removeFromCart(botUuid: string, line: CartProductRef): Promise<CommandResult> {
  return queueCartEdit(botUuid, { kind: 'remove', ...line });
}

/** The line's choices changed (it merges into a line that already has the new ones). */
export function changeCartChoices(botUuid: string, line: CartProductRef, to: CartChoice[]): Promise<CommandResult> {
  return queueCartEdit(botUuid, { kind: 'customize', ...line, to });
}

/** Reads the bot's catalogue into storage (shown offline afterwards). */
export function loadCatalog(botUuid: string, catalogId?: string): Promise<CommandResult> {
  return runEngine('loadCatalog', botUuid, catalogId);
}

/** The refusal notice was shown: clear it so it is not shown again. */
export async function dismissCartRefusal(botUuid: string): Promise<void> {
  const { db } = getClient();
  await modifyLocalDoc(db, 'cart-edits', (all) => {
    const entry = all?.[botUuid];
    return entry ? { ...all, [botUuid]: { ...entry, refusal: null } } : (all ?? {});
  });
}
