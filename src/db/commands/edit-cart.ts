// Cart edits from the catalogue and cart screens (spec part 2 §4): checked against what the
// device knows (max quantity, a full cart), appended to the one action queue (kind 'cart-edit'),
// which makes them durable and visible at once; the leader's runner sees the insert and sends
// them. The engine's answer (accepted, or refused and undone) comes back through the 'carts'
// and 'cart-edits' documents and the queue.
import type { CartChoice } from '../../domain/cart-edits';
import { enqueueCartEdit, type CartEditInput } from '../cart-view';
import { getClient } from '../client';
import type { CommandResult } from '../command-result';
import { modifyLocalDoc } from '../local-store';
import { runEngine } from './run-engine';

async function queueCartEdit(botUuid: string, input: CartEditInput): Promise<CommandResult> {
  const result = await enqueueCartEdit(getClient().db, botUuid, input);
  return result.ok ? { ok: true, value: undefined } : result;
}

export interface CartProductRef { catalog_id: string; product_id: string; customizations: CartChoice[] }

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

/** Reads the bot's cart as the server has it (the cart screen opening). */
export function refreshCart(botUuid: string): Promise<CommandResult> {
  return runEngine('refreshCart', botUuid);
}

/** The refusal notice was shown: clear it so it is not shown again. */
export async function dismissCartRefusal(botUuid: string): Promise<void> {
  const { db } = getClient();
  await modifyLocalDoc(db, 'cart-edits', (all) => {
    const entry = all?.[botUuid];
    return entry ? { ...all, [botUuid]: { refusal: null } } : (all ?? {});
  });
}
