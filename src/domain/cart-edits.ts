// Cart edits (spec part 2 §4 "Cart edits are optimistic"). The cart the user sees is the cart the
// server last answered with the pending edits applied on top, in order. When the server accepts
// an update, its answer becomes the base and the sent edits leave the queue; when it refuses
// (not 200), the sent edits are dropped: an add disappears as a removal would, a removal comes
// back as re-adding one, a customisation edit returns to the old choices. Because edits are
// replayed on whatever base the server last gave (including a cart-updated from another
// device), the seen cart always converges to the server's once the queue is empty.
//
// Rules kept here: a product's quantity over all its lines never passes max_quantity_allowed
// (the edit is refused at once with 'Max quantity reached'); a line's quantity stays within
// CART_LIMITS.maxLineQuantity and the cart within CART_LIMITS.maxLines; a line whose quantity
// reaches 0 leaves the cart; the same product with the same choices is one line.

export interface CartChoice { id: string; value: string }

export interface CartItemLike {
  catalog_id: string;
  product_id: string;
  quantity: number;
  customizations: CartChoice[];
}

export type CartEdit =
  | { id: string; kind: 'add'; catalog_id: string; product_id: string; customizations: CartChoice[] }
  | { id: string; kind: 'remove'; catalog_id: string; product_id: string; customizations: CartChoice[] }
  | { id: string; kind: 'customize'; catalog_id: string; product_id: string; customizations: CartChoice[]; to: CartChoice[] };

export interface CartLimits {
  /** max_quantity_allowed of a product; undefined when unknown (the server still checks). */
  maxQuantity(catalogId: string, productId: string): number | undefined;
  maxLineQuantity: number;
  maxLines: number;
}

export type EditRefusal = 'max-quantity' | 'cart-full' | 'no-such-line';

/** The choices in one canonical order (by id, then value): two lists with the same choices compare equal. */
export function canonicalChoices(choices: readonly CartChoice[]): CartChoice[] {
  return [...choices]
    .map((c) => ({ id: c.id, value: c.value }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}

/** The key of a line: catalogue, product and choices (the client's side of the server's customization_hash). */
export function lineKey(item: Pick<CartItemLike, 'catalog_id' | 'product_id' | 'customizations'>): string {
  return JSON.stringify([item.catalog_id, item.product_id, canonicalChoices(item.customizations).map((c) => [c.id, c.value])]);
}

function productQuantity(items: readonly CartItemLike[], catalogId: string, productId: string): number {
  return items.reduce((sum, i) => (i.catalog_id === catalogId && i.product_id === productId ? sum + i.quantity : sum), 0);
}

/** One edit applied to a cart (a new array; the input is not changed), or the reason it cannot be. */
export function applyEdit(items: readonly CartItemLike[], edit: CartEdit, limits: CartLimits): { items: CartItemLike[] } | { refused: EditRefusal } {
  const key = lineKey(edit);
  const at = items.findIndex((i) => lineKey(i) === key);
  switch (edit.kind) {
    case 'add': {
      const max = limits.maxQuantity(edit.catalog_id, edit.product_id);
      if (max !== undefined && productQuantity(items, edit.catalog_id, edit.product_id) + 1 > max) return { refused: 'max-quantity' };
      if (at >= 0) {
        const line = items[at]!;
        if (line.quantity + 1 > limits.maxLineQuantity) return { refused: 'max-quantity' };
        return { items: items.map((i, n) => (n === at ? { ...i, quantity: i.quantity + 1 } : i)) };
      }
      if (items.length + 1 > limits.maxLines) return { refused: 'cart-full' };
      return { items: [...items, { catalog_id: edit.catalog_id, product_id: edit.product_id, quantity: 1, customizations: canonicalChoices(edit.customizations) }] };
    }
    case 'remove': {
      if (at < 0) return { refused: 'no-such-line' };
      const line = items[at]!;
      if (line.quantity <= 1) return { items: items.filter((_, n) => n !== at) };
      return { items: items.map((i, n) => (n === at ? { ...i, quantity: i.quantity - 1 } : i)) };
    }
    case 'customize': {
      if (at < 0) return { refused: 'no-such-line' };
      const line = items[at]!;
      const target = { ...line, customizations: canonicalChoices(edit.to) };
      const targetKey = lineKey(target);
      if (targetKey === key) return { items: [...items] };
      const other = items.findIndex((i) => lineKey(i) === targetKey);
      if (other < 0) return { items: items.map((i, n) => (n === at ? target : i)) };
      // The new choices match another line: the two become one.
      const merged = items[other]!.quantity + line.quantity;
      if (merged > limits.maxLineQuantity) return { refused: 'max-quantity' };
      return { items: items.flatMap((i, n) => (n === at ? [] : n === other ? [{ ...i, quantity: merged }] : [i])) };
    }
  }
}

/**
 * The cart the user sees: the server's cart with the pending edits replayed. An edit that no
 * longer applies on this base (e.g. another device emptied the cart) is skipped, not an error.
 */
export function replayEdits(base: readonly CartItemLike[], edits: readonly CartEdit[], limits: CartLimits): CartItemLike[] {
  let items: CartItemLike[] = [...base];
  for (const edit of edits) {
    const result = applyEdit(items, edit, limits);
    if ('items' in result) items = result.items;
  }
  return items;
}

/** The plain server items of a cart (what update-cart takes): keys, quantity and choices only. */
export function toServerItems(items: readonly CartItemLike[]): CartItemLike[] {
  return items.map((i) => ({ catalog_id: i.catalog_id, product_id: i.product_id, quantity: i.quantity, customizations: canonicalChoices(i.customizations) }));
}
