// The cart of each user with each bot: get-cart and update-cart against the demo shop's
// catalogue, its limits and refusals, its isolation between users, and the cart-updated event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_LIMITS, type CartItem } from '../../src/api/contract';
import { API_BASE } from '../../src/api/headers';
import { ECHO_BOT_ID, SHOP_BOT_ID } from '../../server/bots/registry';
import { customizationHash, stepsHash } from '../../server/shop/cart';
import { findProduct } from '../../server/shop/catalog';
import { startTestServer, type TestServer, type TestSession } from './helpers/server';
import { openSocket, type TestSocket } from './helpers/socket';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const CATALOG = 'saathi-grocery';
const bot = SHOP_BOT_ID;
const item = (product_id: string, quantity: number, customizations: CartItem['customizations'] = []): CartItem =>
  ({ catalog_id: CATALOG, product_id, quantity, customizations });
const kajuKatli = (quantity: number, customizations: CartItem['customizations'] = [{ id: 'size', value: 'g500' }]) =>
  item('kaju-katli-box', quantity, customizations);

const openUserSocket = async (me: TestSession): Promise<TestSocket> => {
  const socket = await openSocket((await t.ok('getSocketUrl', {}, { session: me })).socket_url);
  socket.send({ action: 'ping' });
  await socket.next((f) => f.action === 'pong');
  return socket;
};

describe('get-cart', () => {
  it('answers an empty cart, version 0, for a new user', async () => {
    const me = await t.signIn();
    expect(await t.ok('getCart', { bot_uuid: bot }, { session: me })).toEqual({ bot_uuid: bot, cart: [], version: 0 });
    expect(await t.ok('getCart', { bot_uuid: ECHO_BOT_ID, include_product_details: false }, { session: me })).toEqual({ bot_uuid: ECHO_BOT_ID, cart: [], version: 0 });
  });

  it('answers 404 for an unknown bot', async () => {
    const me = await t.signIn();
    const answer = await t.call('getCart', { bot_uuid: '9999999999999999' }, { session: me });
    expect(answer).toMatchObject({ status: 404, body: { message: 'Invalid bot id' } });
  });
});

describe('update-cart', () => {
  it('stores the whole cart and answers it with product details; get-cart reads it back', async () => {
    const me = await t.signIn();
    const cart = [item('toor-dal-1kg', 2), kajuKatli(1, [{ id: 'add_ons', value: 'greeting_card' }, { id: 'size', value: 'g500' }, { id: 'add_ons', value: 'diya_pair' }])];
    const updated = await t.ok('updateCart', { bot_uuid: bot, cart }, { session: me });
    expect(updated.version).toBe(1);
    expect(updated.cart).toEqual([
      {
        ...cart[0], customization_hash: customizationHash([]), steps_hash: stepsHash(undefined),
        name: 'Tata Sampann Unpolished Toor Dal, 1 kg', price: { price: 18900, currency: 'INR' }, max_quantity_allowed: 5,
        customization_price: { price: 0, currency: 'INR' },
      },
      {
        ...cart[1], customization_hash: customizationHash(cart[1]!.customizations), steps_hash: stepsHash(findProduct(bot, CATALOG, 'kaju-katli-box')),
        name: 'Kaju Katli Gift Box', price: { price: 32000, currency: 'INR' }, max_quantity_allowed: 6,
        // 500 g (₹300) + greeting card (₹20) + diyas (₹49)
        customization_price: { price: 36900, currency: 'INR' },
      },
    ]);
    expect(await t.ok('getCart', { bot_uuid: bot }, { session: me })).toEqual(updated);

    const bare = await t.ok('getCart', { bot_uuid: bot, include_product_details: false }, { session: me });
    expect(bare.cart.map((l) => Object.keys(l).sort())).toEqual(Array.from({ length: 2 }, () =>
      ['catalog_id', 'customization_hash', 'customizations', 'product_id', 'quantity', 'steps_hash']));

    // A second update replaces the cart and counts the version up; an empty cart empties it.
    const next = await t.ok('updateCart', { bot_uuid: bot, cart: [item('parle-g-800g', 3)] }, { session: me });
    expect(next.version).toBe(2);
    expect(next.cart.map((l) => [l.product_id, l.quantity])).toEqual([['parle-g-800g', 3]]);
    expect(await t.ok('updateCart', { bot_uuid: bot, cart: [] }, { session: me })).toEqual({ bot_uuid: bot, cart: [], version: 3 });
    expect(await t.ok('getCart', { bot_uuid: bot }, { session: me })).toEqual({ bot_uuid: bot, cart: [], version: 3 });
  });

  it('hashes customisations deterministically, whatever their order; steps_hash is 16 hex digits', async () => {
    const me = await t.signIn();
    const a = [{ id: 'size', value: 'kg1' }, { id: 'wrap', value: 'potli' }];
    const first = await t.ok('updateCart', { bot_uuid: bot, cart: [kajuKatli(1, a)] }, { session: me });
    const second = await t.ok('updateCart', { bot_uuid: bot, cart: [kajuKatli(1, [...a].reverse())] }, { session: me });
    expect(first.cart[0]!.customization_hash).toMatch(/^[0-9a-f]{16}$/);
    expect(first.cart[0]!.steps_hash).toMatch(/^[0-9a-f]{16}$/);
    expect(second.cart[0]!.customization_hash).toBe(first.cart[0]!.customization_hash);
    expect(second.cart[0]!.steps_hash).toBe(first.cart[0]!.steps_hash);
    const other = await t.ok('updateCart', { bot_uuid: bot, cart: [kajuKatli(1, [{ id: 'size', value: 'kg1' }])] }, { session: me });
    expect(other.cart[0]!.customization_hash).not.toBe(first.cart[0]!.customization_hash);
    // Two lines of one product with different choices are two lines.
    const two = await t.ok('updateCart', { bot_uuid: bot, cart: [kajuKatli(1, [{ id: 'size', value: 'g250' }]), kajuKatli(2)] }, { session: me });
    expect(two.cart).toHaveLength(2);
  });

  it("refuses more than a product's max_quantity_allowed: 422 'Max quantity reached', cart unchanged", async () => {
    const me = await t.signIn();
    await t.ok('updateCart', { bot_uuid: bot, cart: [item('chakki-atta-5kg', 3)] }, { session: me });
    const over = await t.call('updateCart', { bot_uuid: bot, cart: [item('chakki-atta-5kg', 4)] }, { session: me });
    expect(over).toMatchObject({ status: 422, body: { statusCode: 422, error: 'Unprocessable Entity', message: 'Max quantity reached' } });
    // All lines of the product count together.
    const split = await t.call('updateCart', { bot_uuid: bot, cart: [kajuKatli(4), kajuKatli(3, [{ id: 'size', value: 'g250' }])] }, { session: me });
    expect(split).toMatchObject({ status: 422, body: { message: 'Max quantity reached' } });
    const cart = await t.ok('getCart', { bot_uuid: bot }, { session: me });
    expect(cart.version).toBe(1);
    expect(cart.cart.map((l) => l.quantity)).toEqual([3]);
  });

  it("refuses an unknown product or catalogue: 404 'Product not found'", async () => {
    const me = await t.signIn();
    for (const cart of [
      [item('no-such-product', 1)],
      [item('toor-dal-1kg', 1), item('toor-dal-2kg', 1)],
      [{ ...item('toor-dal-1kg', 1), catalog_id: 'other-catalog' }],
    ]) {
      const answer = await t.call('updateCart', { bot_uuid: bot, cart }, { session: me });
      expect(answer, JSON.stringify(cart)).toMatchObject({ status: 404, body: { statusCode: 404, message: 'Product not found' } });
    }
    // A bot without a catalogue sells nothing; an unknown bot is refused before the cart is read.
    expect(await t.call('updateCart', { bot_uuid: ECHO_BOT_ID, cart: [item('toor-dal-1kg', 1)] }, { session: me })).toMatchObject({ status: 404, body: { message: 'Product not found' } });
    expect(await t.call('updateCart', { bot_uuid: '9999999999999999', cart: [] }, { session: me })).toMatchObject({ status: 404, body: { message: 'Invalid bot id' } });
    expect((await t.ok('getCart', { bot_uuid: bot }, { session: me })).version).toBe(0);
  });

  it('refuses bad bodies and bad customisations with a 400 naming the field, never a 500', async () => {
    const me = await t.signIn();
    const bad: [unknown, RegExp][] = [
      [{ bot_uuid: bot }, /^cart: Required/],
      [{ cart: [] }, /^bot_uuid: Required/],
      [{ bot_uuid: bot, cart: {} }, /^cart: /],
      [{ bot_uuid: bot, cart: [null] }, /^cart\.0: /],
      [{ bot_uuid: bot, cart: [{ ...item('toor-dal-1kg', 1), quantity: 0 }] }, /^cart\.0\.quantity: must be a whole number from 1 to 99/],
      [{ bot_uuid: bot, cart: [{ ...item('toor-dal-1kg', 1), quantity: 100 }] }, /^cart\.0\.quantity: /],
      [{ bot_uuid: bot, cart: [{ ...item('toor-dal-1kg', 1), quantity: 1.5 }] }, /^cart\.0\.quantity: /],
      [{ bot_uuid: bot, cart: [{ ...item('toor-dal-1kg', 1), quantity: '1' }] }, /^cart\.0\.quantity: /],
      [{ bot_uuid: bot, cart: [{ ...item('toor-dal-1kg', 1), product_id: '' }] }, /^cart\.0\.product_id: /],
      [{ bot_uuid: bot, cart: [{ ...item('toor-dal-1kg', 1), catalog_id: 'a b' }] }, /^cart\.0\.catalog_id: /],
      [{ bot_uuid: bot, cart: [{ ...item('toor-dal-1kg', 1), price: 1 }] }, /Unrecognized key.*price/],
      [{ bot_uuid: bot, cart: [{ ...item('toor-dal-1kg', 1), user_uuid: 'x' }] }, /Unrecognized key.*user_uuid/],
      [{ bot_uuid: bot, cart: [item('toor-dal-1kg', 1, [{ id: 'size' } as never])] }, /^cart\.0\.customizations\.0\.value: Required/],
      [{ bot_uuid: bot, cart: [item('toor-dal-1kg', 1, Array.from({ length: 21 }, () => ({ id: 'a', value: 'b' })))] }, /^cart\.0\.customizations: must hold at most 20/],
      [{ bot_uuid: bot, cart: Array.from({ length: CART_LIMITS.maxLines + 1 }, () => item('toor-dal-1kg', 1)) }, /^cart: must hold at most 100 lines/],
      [{ bot_uuid: bot, cart: [], user_uuid: '00000000-0000-0000-0000-000000000000' }, /Unrecognized key.*user_uuid/],
      // Choices the product does not offer, two options of a radio group, a required one missing.
      [{ bot_uuid: bot, cart: [item('toor-dal-1kg', 1, [{ id: 'size', value: 'g500' }])] }, /^cart\.0\.customizations: .* has no customisation size/],
      [{ bot_uuid: bot, cart: [kajuKatli(1, [{ id: 'size', value: 'g750' }])] }, /^cart\.0\.customizations: g750 is not an option of Box size/],
      [{ bot_uuid: bot, cart: [kajuKatli(1, [{ id: 'size', value: 'g500' }, { id: 'size', value: 'kg1' }])] }, /^cart\.0\.customizations: choose only one option of Box size/],
      [{ bot_uuid: bot, cart: [kajuKatli(1, [{ id: 'size', value: 'g500' }, { id: 'add_ons', value: 'diya_pair' }, { id: 'add_ons', value: 'diya_pair' }])] }, /chosen twice/],
      [{ bot_uuid: bot, cart: [kajuKatli(1, [])] }, /^cart\.0\.customizations: choose a Box size/],
      // The same product with the same choices twice: one line with the sum is the way.
      [{ bot_uuid: bot, cart: [item('toor-dal-1kg', 1), item('toor-dal-1kg', 1)] }, /^cart\.1: the same product .* line 0/],
    ];
    for (const [body, message] of bad) {
      const answer = await t.callUnchecked('updateCart', body, { session: me });
      expect(answer.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect((answer.body as { message: string }).message, JSON.stringify(body).slice(0, 200)).toMatch(message);
    }
    for (const body of [{}, { bot_uuid: bot, include_product_details: 'yes' }, { bot_uuid: bot, include_product_details: null }, { bot_uuid: bot, user_uuid: 'x' }]) {
      const answer = await t.callUnchecked('getCart', body, { session: me });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.ok('getCart', { bot_uuid: bot }, { session: me })).version).toBe(0);
  });

  it('needs a session (401)', async () => {
    expect((await t.callUnchecked('getCart', { bot_uuid: bot })).status).toBe(401);
    expect((await t.callUnchecked('updateCart', { bot_uuid: bot, cart: [] })).status).toBe(401);
  });
});

describe('one cart per user and bot', () => {
  it("keeps each user's cart apart: no body field reaches another user's cart", async () => {
    const alice = await t.signIn();
    const bob = await t.signIn();
    const aliceCart = await t.ok('updateCart', { bot_uuid: bot, cart: [item('amul-butter-500g', 2)] }, { session: alice });

    // Bob reads his own (empty) cart, whatever he adds to the body.
    expect(await t.ok('getCart', { bot_uuid: bot }, { session: bob })).toEqual({ bot_uuid: bot, cart: [], version: 0 });
    for (const extra of [{ user_uuid: alice.tokens.user.user_uuid }, { mobile: alice.mobile }, { userUuid: alice.tokens.user.user_uuid }]) {
      expect((await t.callUnchecked('getCart', { bot_uuid: bot, ...extra }, { session: bob })).status).toBe(400);
      expect((await t.callUnchecked('updateCart', { bot_uuid: bot, cart: [], ...extra }, { session: bob })).status).toBe(400);
    }
    // Alice's headers with Bob's session (or the reverse) are no session at all.
    expect((await t.callUnchecked('getCart', { bot_uuid: bot }, { headers: { mobile: alice.mobile, 'session-id': bob.tokens.token } })).status).toBe(401);

    // Bob's update changes only Bob's cart.
    await t.ok('updateCart', { bot_uuid: bot, cart: [item('aloo-bhujia-400g', 5)] }, { session: bob });
    expect(await t.ok('getCart', { bot_uuid: bot }, { session: alice })).toEqual(aliceCart);
    expect((await t.ok('getCart', { bot_uuid: bot }, { session: bob })).cart.map((l) => l.product_id)).toEqual(['aloo-bhujia-400g']);
  });

  it("keeps the user's carts with different bots apart", async () => {
    const me = await t.signIn();
    await t.ok('updateCart', { bot_uuid: bot, cart: [item('toor-dal-1kg', 1)] }, { session: me });
    await t.ok('updateCart', { bot_uuid: ECHO_BOT_ID, cart: [] }, { session: me });
    expect((await t.ok('getCart', { bot_uuid: bot }, { session: me })).cart).toHaveLength(1);
    expect(await t.ok('getCart', { bot_uuid: ECHO_BOT_ID }, { session: me })).toEqual({ bot_uuid: ECHO_BOT_ID, cart: [], version: 1 });
  });

  it('is removed with the profile', async () => {
    const me = await t.signIn();
    await t.ok('updateCart', { bot_uuid: bot, cart: [item('toor-dal-1kg', 1)] }, { session: me });
    await t.ok('deleteProfile', {}, { session: me });
    const rows = await t.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM carts WHERE user_uuid = $1', [me.tokens.user.user_uuid]);
    expect(rows[0]!.n).toBe(0);
  });
});

describe('the cart-updated event', () => {
  it("goes to every open socket of the user, not to another user's", async () => {
    const me = await t.signIn();
    t.clock.advance(60_000); // a new code may be asked after 59 s
    const myOtherDevice = await t.signIn(me.mobile);
    const stranger = await t.signIn();
    const mine = await openUserSocket(me);
    const mineToo = await openUserSocket(myOtherDevice);
    const theirs = await openUserSocket(stranger);

    await t.ok('updateCart', { bot_uuid: bot, cart: [item('toor-dal-1kg', 1)] }, { session: me });
    for (const s of [mine, mineToo]) {
      expect(await s.next((f) => f.action === 'cart-updated')).toEqual({ action: 'cart-updated', body: { bot_uuid: bot } });
    }
    // The stranger's socket is alive and got nothing of it.
    theirs.send({ action: 'ping' });
    await theirs.next((f) => f.action === 'pong');
    expect(theirs.frames).toEqual([]);

    // A refused update sends nothing.
    expect((await t.call('updateCart', { bot_uuid: bot, cart: [item('toor-dal-1kg', 99)] }, { session: me })).status).toBe(422);
    mine.send({ action: 'ping' });
    await mine.next((f) => f.action === 'pong');
    expect(mine.frames).toEqual([]);
    for (const s of [mine, mineToo, theirs]) s.close();
  });

  it('is a plain POST route (405 for GET)', async () => {
    const me = await t.signIn();
    const response = await t.fetch(`${API_BASE}/bot/update-cart`, { headers: me.headers });
    expect(response.status).toBe(405);
  });
});
