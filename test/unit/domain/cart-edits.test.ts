import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEdit, lineKey, replayEdits, toServerItems, type CartEdit, type CartItemLike, type CartLimits } from '../../../src/domain/cart-edits';

const MAX: Record<string, number> = { dal: 3, kaju: 5 };
const limits: CartLimits = { maxQuantity: (_c, p) => MAX[p], maxLineQuantity: 99, maxLines: 100 };
let n = 0;
const add = (product_id: string, customizations: CartEdit['customizations'] = []): CartEdit => ({ id: `e${++n}`, kind: 'add', catalog_id: 'c', product_id, customizations });
const remove = (product_id: string, customizations: CartEdit['customizations'] = []): CartEdit => ({ id: `e${++n}`, kind: 'remove', catalog_id: 'c', product_id, customizations });
const customize = (product_id: string, from: CartEdit['customizations'], to: CartEdit['customizations']): CartEdit => ({ id: `e${++n}`, kind: 'customize', catalog_id: 'c', product_id, customizations: from, to });
const small = [{ id: 'size', value: 'small' }];
const big = [{ id: 'size', value: 'big' }];

const applied = (items: CartItemLike[], edit: CartEdit): CartItemLike[] => {
  const r = applyEdit(items, edit, limits);
  if (!('items' in r)) throw new Error(`refused: ${r.refused}`);
  return r.items;
};

describe('applyEdit (spec part 2 §4)', () => {
  it('adds a line, then one more of it; the same choices in any order are one line', () => {
    let cart = applied([], add('kaju', [{ id: 'b', value: '1' }, { id: 'a', value: '2' }]));
    cart = applied(cart, add('kaju', [{ id: 'a', value: '2' }, { id: 'b', value: '1' }]));
    expect(cart).toEqual([{ catalog_id: 'c', product_id: 'kaju', quantity: 2, customizations: [{ id: 'a', value: '2' }, { id: 'b', value: '1' }] }]);
  });
  it('refuses an add past max_quantity_allowed, counting every line of the product', () => {
    let cart = applied([], add('dal'));
    cart = applied(cart, add('dal'));
    cart = applied(cart, add('dal'));
    expect(applyEdit(cart, add('dal'), limits)).toEqual({ refused: 'max-quantity' });
    let kaju = applied([], add('kaju', small));
    for (let i = 0; i < 4; i++) kaju = applied(kaju, add('kaju', big));
    expect(applyEdit(kaju, add('kaju', small), limits)).toEqual({ refused: 'max-quantity' });
  });
  it('removes one; a line at 0 leaves the cart; removing a missing line is refused', () => {
    const cart = applied(applied([], add('dal')), add('dal'));
    expect(applied(cart, remove('dal'))).toEqual([{ catalog_id: 'c', product_id: 'dal', quantity: 1, customizations: [] }]);
    expect(applied(applied(cart, remove('dal')), remove('dal'))).toEqual([]);
    expect(applyEdit([], remove('dal'), limits)).toEqual({ refused: 'no-such-line' });
  });
  it('changes choices, merging into a line that already has them', () => {
    let cart = applied([], add('kaju', small));
    cart = applied(cart, add('kaju', big));
    cart = applied(cart, add('kaju', big));
    expect(applied(cart, customize('kaju', small, big))).toEqual([{ catalog_id: 'c', product_id: 'kaju', quantity: 3, customizations: big }]);
    expect(applied([{ catalog_id: 'c', product_id: 'kaju', quantity: 1, customizations: small }], customize('kaju', small, big)))
      .toEqual([{ catalog_id: 'c', product_id: 'kaju', quantity: 1, customizations: big }]);
  });
  it('a refused sync reverts each kind of edit: an add as a removal, a removal as re-adding one, a choice back', () => {
    const base = [{ catalog_id: 'c', product_id: 'kaju', quantity: 2, customizations: small }];
    for (const edit of [add('kaju', small), add('dal'), remove('kaju', small), customize('kaju', small, big)]) {
      const seen = replayEdits(base, [edit], limits);
      expect(seen).not.toEqual(base);
      // refused: the edit leaves the queue and the cart is the server's again
      expect(replayEdits(base, [], limits)).toEqual(base);
    }
  });
});

type Op =
  | { op: 'add'; product: 'dal' | 'kaju'; size: 0 | 1 }
  | { op: 'remove'; line: number }
  | { op: 'customize'; line: number; size: 0 | 1 }
  | { op: 'sync'; outcome: 'ok' | 'refused' | 'lost' | 'unreachable' }
  | { op: 'remote'; quantity: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('add' as const), product: fc.constantFrom('dal' as const, 'kaju' as const), size: fc.constantFrom(0 as const, 1 as const) }),
  fc.record({ op: fc.constant('remove' as const), line: fc.nat(5) }),
  fc.record({ op: fc.constant('customize' as const), line: fc.nat(5), size: fc.constantFrom(0 as const, 1 as const) }),
  fc.record({ op: fc.constant('sync' as const), outcome: fc.constantFrom('ok' as const, 'refused' as const, 'lost' as const, 'unreachable' as const) }),
  fc.record({ op: fc.constant('remote' as const), quantity: fc.integer({ min: 0, max: 3 }) }),
);

const asMap = (items: readonly CartItemLike[]) => Object.fromEntries(items.map((i) => [lineKey(i), i.quantity]));

describe('any sequence of edits and refusals ends equal to the server cart (property)', () => {
  it('converges, and never shows more of a product than its max', () => {
    fc.assert(fc.property(fc.array(opArb, { maxLength: 60 }), (ops) => {
      let server: CartItemLike[] = [];
      let base: CartItemLike[] = [];
      let pending: CartEdit[] = [];
      const seen = () => replayEdits(base, pending, limits);
      const sync = (outcome: 'ok' | 'refused' | 'lost' | 'unreachable') => {
        if (pending.length === 0) return;
        const sent = pending.map((e) => e.id);
        const target = toServerItems(seen());
        if (outcome === 'unreachable') return;
        if (outcome === 'refused') {
          pending = pending.filter((e) => !sent.includes(e.id));
          base = server; // the client re-reads the server's cart after a refusal
          return;
        }
        server = target; // update-cart replaces the whole cart
        if (outcome === 'lost') return; // stored, but the answer never came back: the edits stay and are sent again
        base = server;
        pending = pending.filter((e) => !sent.includes(e.id));
      };
      for (const o of ops) {
        const cart = seen();
        let edit: CartEdit | undefined;
        const sizeOf = (s: 0 | 1) => (s === 0 ? small : big);
        if (o.op === 'add') edit = add(o.product, o.product === 'kaju' ? sizeOf(o.size) : []);
        else if (o.op === 'remove' && cart[o.line]) edit = remove(cart[o.line]!.product_id, cart[o.line]!.customizations);
        else if (o.op === 'customize' && cart[o.line]?.product_id === 'kaju') edit = customize('kaju', cart[o.line]!.customizations, sizeOf(o.size));
        else if (o.op === 'sync') sync(o.outcome);
        else if (o.op === 'remote') {
          // another device replaces the cart; cart-updated makes it the base here
          server = o.quantity === 0 ? [] : [{ catalog_id: 'c', product_id: 'dal', quantity: o.quantity, customizations: [] }];
          base = server;
        }
        if (edit && 'items' in applyEdit(cart, edit, limits)) pending.push(edit);
        for (const [product, max] of Object.entries(MAX)) {
          expect(seen().filter((i) => i.product_id === product).reduce((s, i) => s + i.quantity, 0)).toBeLessThanOrEqual(max);
        }
      }
      sync('ok');
      expect(pending).toEqual([]);
      expect(asMap(seen())).toEqual(asMap(server));
    }), { numRuns: 500 });
  });
});
