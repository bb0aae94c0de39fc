// get-catalog: the shop bot's catalogue with steps_hash per product and its suggested choices.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ECHO_BOT_ID, SHOP_BOT_ID } from '../../server/bots/registry';
import { stepsHash } from '../../server/shop/cart';
import { findProduct } from '../../server/shop/catalog';
import { startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('get-catalog', () => {
  it('answers the first catalogue without catalog_uuid, and the named one with it', async () => {
    const me = await t.signIn();
    const first = await t.ok('getCatalog', { bot_uuid: SHOP_BOT_ID }, { session: me });
    expect(first.catalog_id).toBe('saathi-grocery');
    expect(first.catalogs).toEqual([{ catalog_id: 'saathi-grocery', name: 'Saathi Kirana' }]);
    expect(await t.ok('getCatalog', { bot_uuid: SHOP_BOT_ID, catalog_uuid: 'saathi-grocery' }, { session: me })).toEqual(first);
    const kaju = first.products.find((p) => p.id === 'kaju-katli-box')!;
    expect(kaju.steps_hash).toBe(stepsHash(findProduct(SHOP_BOT_ID, 'saathi-grocery', 'kaju-katli-box')));
    expect(kaju.suggested_customizations).toEqual([{ id: 'size', value: 'g500' }, { id: 'wrap', value: 'festive' }]);
    for (const p of first.products) {
      expect(Number.isInteger(p.price.price)).toBe(true);
      expect(p.max_quantity_allowed).toBeGreaterThan(0);
    }
  });

  it('404s an unknown catalogue or a bot without one, and an unknown bot', async () => {
    const me = await t.signIn();
    expect(await t.call('getCatalog', { bot_uuid: SHOP_BOT_ID, catalog_uuid: 'nope' }, { session: me })).toMatchObject({ status: 404, body: { message: 'Catalog not found' } });
    expect(await t.call('getCatalog', { bot_uuid: ECHO_BOT_ID }, { session: me })).toMatchObject({ status: 404, body: { message: 'Catalog not found' } });
    expect(await t.call('getCatalog', { bot_uuid: '9999999999999999' }, { session: me })).toMatchObject({ status: 404, body: { message: 'Invalid bot id' } });
  });

  it('refuses bad input with a 400 and needs a session', async () => {
    const me = await t.signIn();
    expect((await t.call('getCatalog', { bot_uuid: SHOP_BOT_ID, catalog_uuid: '../etc' }, { session: me })).status).toBe(400);
    expect((await t.call('getCatalog', { bot_uuid: 'x' } as never, { session: me })).status).toBe(400);
    expect((await t.call('getCatalog', { bot_uuid: SHOP_BOT_ID })).status).toBe(401);
  });
});
