// The one action queue in Chromium against the real server (issue 12): two tabs of one person,
// actions made offline in both (an archive on a bot's profile in one, a cart edit in the other),
// the leader's tab reloaded while the API is still unreachable; when the network returns, each
// action is applied on the server once (the archive set, the cart updated once: version 1) by
// the one runner of whichever tab leads. "Offline" around the reload as in offline-sync.test.ts:
// the API is cut outside the browser (helpers/api-cut-proxy.ts) while the page's files load.
import { describe, expect, it } from 'vitest';
import { e2eStage } from './helpers/stage';
import { openSignedIn } from './helpers/flows';
import { texts } from './helpers/messages';

const en = texts('en');
const ECHO = '1000000000000001';
const SHOP = '1000000000000003';
const DAL = 'Tata Sampann Unpolished Toor Dal, 1 kg';

const stage = e2eStage({ proxy: true });

async function serverState(mobile: string) {
  const conv = await stage.server.db.query<{ archive_time: number | null }>(
    'SELECT c.archive_time FROM conversations c JOIN users u ON u.user_uuid = c.user_uuid WHERE u.mobile = $1 AND c.bot_uuid = $2', [mobile, ECHO]);
  const cart = await stage.server.db.query<{ cart: { product_id: string; quantity: number }[]; version: number }>(
    'SELECT c.cart, c.version FROM carts c JOIN users u ON u.user_uuid = c.user_uuid WHERE u.mobile = $1 AND c.bot_uuid = $2', [mobile, SHOP]);
  return {
    archived: (conv[0]?.archive_time ?? null) !== null,
    cart: (cart[0]?.cart ?? []).map((l) => `${l.product_id}:${l.quantity}`),
    cartVersion: Number(cart[0]?.version ?? 0),
  };
}

describe('one action queue', () => {
  it('actions queued offline in two tabs survive a reload and are each applied once when the network returns', async () => {
    const { context, page: first, national } = await openSignedIn(stage.browser, stage.proxy.url);
    const mobile = `+91${national}`;
    await first.goto(`${stage.proxy.url}/bot-info?bot=${ECHO}`);
    await first.getByRole('heading', { name: 'Echo', level: 2 }).waitFor();
    const second = await context.newPage();
    await second.goto(`${stage.proxy.url}/catalog?bot=${SHOP}`);
    await second.getByRole('heading', { name: DAL }).waitFor();

    // offline in both tabs: each action is applied at once and queued
    await context.setOffline(true);
    await first.getByRole('button', { name: en('botInfo.archive'), exact: true }).click();
    await first.getByRole('button', { name: en('botInfo.unarchive'), exact: true }).waitFor();
    await second.getByRole('button', { name: en('shop.product.addNamed', { name: DAL }) }).click();
    await expect.poll(() => second.getByRole('group', { name: en('shop.quantity.label', { name: DAL }) }).locator('output').textContent()).toBe('1');
    expect(await serverState(mobile)).toEqual({ archived: false, cart: [], cartVersion: 0 });

    // the first tab (the leader) reloads while the API is still unreachable: the actions are kept
    stage.proxy.cut(true);
    await context.setOffline(false);
    await first.reload();
    await first.getByRole('button', { name: en('botInfo.unarchive'), exact: true }).waitFor();
    expect(await serverState(mobile)).toEqual({ archived: false, cart: [], cartVersion: 0 });

    // the network returns: each applied once
    stage.proxy.cut(false);
    await expect.poll(() => serverState(mobile), { timeout: 30_000 }).toEqual({ archived: true, cart: ['toor-dal-1kg:1'], cartVersion: 1 });
    await expect.poll(() => second.getByRole('group', { name: en('shop.quantity.label', { name: DAL }) }).locator('output').textContent()).toBe('1');
    await context.close();
  });
});
