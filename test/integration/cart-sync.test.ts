// The optimistic cart against the real server (spec part 2 §4; DESIGN.md §4): edits are seen at
// once, sent as whole carts, kept while offline and converge when the network returns; a
// refused update undoes its edits and records the refusal; a cart-updated from another device
// becomes the base the pending edits replay on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueCartEdit, readVisibleCart, type CartEditInput } from '../../src/db/cart-view';
import { getLocalDoc } from '../../src/db/local-store';
import { SHOP_BOT_ID } from '../../server/bots/registry';
import { waitFor, type ChatClient } from './helpers/chat-client';
import { signedInClients } from './helpers/signed-in-clients';
import { startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const newClient = signedInClients(() => t, { noSocket: true });
const signedInClient = (mobile?: string) => newClient(mobile === undefined ? {} : { mobile });
const withSocket = signedInClients(() => t);

const CATALOG = 'saathi-grocery';
const dal: CartEditInput = { kind: 'add', catalog_id: CATALOG, product_id: 'toor-dal-1kg', customizations: [] };
const kaju = (size: string): CartEditInput => ({ kind: 'add', catalog_id: CATALOG, product_id: 'kaju-katli-box', customizations: [{ id: 'size', value: size }] });

async function seen(c: ChatClient) {
  return readVisibleCart(c.db, SHOP_BOT_ID);
}

async function serverCart(c: ChatClient) {
  const session = await getLocalDoc(c.db, 'session');
  const answer = await t.call('getCart', { bot_uuid: SHOP_BOT_ID }, { headers: { mobile: session!.mobile!, 'session-id': session!.token! } });
  if (!answer.ok) throw new Error(`get-cart ${answer.status}`);
  return answer.body.cart.map((l) => ({ product: l.product_id, quantity: l.quantity, customizations: l.customizations }));
}

describe('cart sync', () => {
  it('loads the catalogue for offline reading and sends edits as the whole cart', async () => {
    const c = await signedInClient();
    expect((await c.engine.invoke('loadCatalog', SHOP_BOT_ID)).ok).toBe(true);
    expect((await getLocalDoc(c.db, 'catalogs'))?.[`${SHOP_BOT_ID}/`]?.products.length).toBeGreaterThan(3);
    for (const edit of [dal, dal, kaju('g500')]) expect((await enqueueCartEdit(c.db, SHOP_BOT_ID, edit)).ok).toBe(true);
    // seen at once, with names and prices from the stored catalogue
    const before = await seen(c);
    expect(before.lines.map((l) => [l.product_id, l.quantity, l.pending])).toEqual([['toor-dal-1kg', 2, true], ['kaju-katli-box', 1, true]]);
    expect(before.total).toEqual({ price: 2 * 18900 + 32000 + 30000, currency: 'INR' });
    expect((await c.engine.invoke('syncCart', SHOP_BOT_ID)).ok).toBe(true);
    const after = await seen(c);
    expect(after.pendingEdits).toBe(0);
    expect(after.lines.map((l) => [l.product_id, l.quantity, l.pending])).toEqual([['toor-dal-1kg', 2, false], ['kaju-katli-box', 1, false]]);
    expect(await serverCart(c)).toEqual([
      { product: 'toor-dal-1kg', quantity: 2, customizations: [] },
      { product: 'kaju-katli-box', quantity: 1, customizations: [{ id: 'size', value: 'g500' }] },
    ]);
  });

  it('refuses past max quantity on the device once the limit is known', async () => {
    const c = await signedInClient();
    await c.engine.invoke('loadCatalog', SHOP_BOT_ID);
    for (let i = 0; i < 5; i++) expect((await enqueueCartEdit(c.db, SHOP_BOT_ID, dal)).ok).toBe(true);
    const sixth = await enqueueCartEdit(c.db, SHOP_BOT_ID, dal);
    expect(sixth).toMatchObject({ ok: false, error: { key: 'cartMaxQuantity', textId: 'error.cart.maxQuantity' } });
  });

  it('a refused update undoes its edits and records the server text', async () => {
    const c = await signedInClient();
    // No catalogue stored: the device does not know the limit of 5, the server refuses the sixth
    // (queued offline: the runner would send the first at once, and its answer carries the limit)
    c.setOnline(false);
    for (let i = 0; i < 6; i++) await enqueueCartEdit(c.db, SHOP_BOT_ID, dal);
    expect((await seen(c)).itemCount).toBe(6);
    c.setOnline(true);
    await c.engine.invoke('syncCart', SHOP_BOT_ID);
    // the refusal is marked first (no longer pending then), undone, then removed: wait for the
    // removal, the last step, not for the mark
    await waitFor(async () => (await seen(c)).pendingEdits === 0 && (await c.db.actions.count().exec()) === 0, 5000, 'refusal handled');
    const after = await seen(c);
    expect(after.itemCount).toBe(0);
    expect(after.refusal?.message).toBe('Max quantity reached');
    expect(await serverCart(c)).toEqual([]);
  });

  it('edits made offline wait, then converge with the server when the network returns', async () => {
    const c = await signedInClient();
    await c.engine.invoke('loadCatalog', SHOP_BOT_ID);
    c.setOnline(false);
    await enqueueCartEdit(c.db, SHOP_BOT_ID, kaju('g250'));
    await enqueueCartEdit(c.db, SHOP_BOT_ID, kaju('g250'));
    await enqueueCartEdit(c.db, SHOP_BOT_ID, { kind: 'remove', catalog_id: CATALOG, product_id: 'kaju-katli-box', customizations: [{ id: 'size', value: 'g250' }] });
    await enqueueCartEdit(c.db, SHOP_BOT_ID, { kind: 'customize', catalog_id: CATALOG, product_id: 'kaju-katli-box', customizations: [{ id: 'size', value: 'g250' }], to: [{ id: 'size', value: 'kg1' }] });
    const offline = await c.engine.invoke('syncCart', SHOP_BOT_ID);
    expect(offline.ok).toBe(false);
    expect((await seen(c)).pendingEdits).toBe(4);
    expect((await getLocalDoc(c.db, 'sync-status'))?.noInternet ?? false).toBe(false);
    c.setOnline(true);
    await c.engine.invoke('syncCarts');
    await waitFor(async () => (await seen(c)).pendingEdits === 0, 5000, 'edits sent');
    expect(await serverCart(c)).toEqual([{ product: 'kaju-katli-box', quantity: 1, customizations: [{ id: 'size', value: 'kg1' }] }]);
    expect((await seen(c)).lines.map((l) => [l.quantity, l.choiceNames])).toEqual([[1, ['1 kg']]]);
  });

  it('pending edits replay on the cart another device changed', async () => {
    // a's update-cart calls get no answer while `blocked` (its other calls go through)
    let blocked = false;
    const a = await newClient({
      wrapFetch: (inner) => async (input, init) => {
        if (blocked && String(input instanceof Request ? input.url : input).endsWith('/bot/update-cart')) throw new TypeError('fetch failed');
        return inner(input, init);
      },
    });
    await enqueueCartEdit(a.db, SHOP_BOT_ID, dal);
    await a.engine.invoke('syncCart', SHOP_BOT_ID);
    // a second edit waits (its tries get no answer) while another device of the same user puts 2 butter in the cart
    blocked = true;
    await enqueueCartEdit(a.db, SHOP_BOT_ID, dal);
    const session = await getLocalDoc(a.db, 'session');
    const headers = { mobile: session!.mobile!, 'session-id': session!.token! };
    await t.ok('updateCart', { bot_uuid: SHOP_BOT_ID, cart: [{ catalog_id: CATALOG, product_id: 'amul-butter-500g', quantity: 2, customizations: [] }] }, { headers });
    // the refresh a cart-updated event (or the cart screen opening) makes: the other device's cart is the base
    expect((await a.engine.invoke('refreshCart', SHOP_BOT_ID)).ok).toBe(true);
    expect((await seen(a)).lines.map((l) => [l.product_id, l.quantity, l.pending])).toEqual([['amul-butter-500g', 2, false], ['toor-dal-1kg', 1, true]]);
    blocked = false;
    expect((await a.engine.invoke('syncCart', SHOP_BOT_ID)).ok).toBe(true);
    expect(await serverCart(a)).toEqual([
      { product: 'amul-butter-500g', quantity: 2, customizations: [] },
      { product: 'toor-dal-1kg', quantity: 1, customizations: [] },
    ]);
  });

  it("a cart-updated frame on the socket reads the other device's cart", async () => {
    const a = await withSocket();
    await waitFor(async () => (await getLocalDoc(a.db, 'sync-status'))?.socketState === 1, 10_000, 'socket open');
    const session = await getLocalDoc(a.db, 'session');
    const headers = { mobile: session!.mobile!, 'session-id': session!.token! };
    await t.ok('updateCart', { bot_uuid: SHOP_BOT_ID, cart: [{ catalog_id: CATALOG, product_id: 'amul-butter-500g', quantity: 3, customizations: [] }] }, { headers });
    const cart = await waitFor(async () => (await getLocalDoc(a.db, 'carts'))?.[SHOP_BOT_ID], 10_000, 'the cart read');
    expect(cart.cart.map((l) => [l.product_id, l.quantity])).toEqual([['amul-butter-500g', 3]]);
  });
});
