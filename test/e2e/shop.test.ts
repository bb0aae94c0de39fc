// The catalogue and the cart as a person uses them in Chromium against the real server (spec
// part 2 §4): add products (one customised, seeded from its suggested choices), the max-quantity
// toast, change quantities offline and watch the cart converge when the network returns, and a
// refused update coming back undone with its text. The proxy in front of the server answers one
// update-cart with a refusal (Playwright's routing does not see the sync worker's requests).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eStage } from './helpers/stage';
import { seriousAxeViolations } from './helpers/browser';
import { openSignedIn } from './helpers/flows';
import { texts } from './helpers/messages';

const en = texts('en');
const SHOP = '1000000000000003';
const DAL = 'Tata Sampann Unpolished Toor Dal, 1 kg';
const KAJU = 'Kaju Katli Gift Box';

const stage = e2eStage({ proxy: true });

/** The cart as the server holds it: [product, quantity] of the user's cart with the shop. */
async function serverCart(mobile: string): Promise<[string, number][]> {
  const rows = await stage.server.db.query<{ cart: { product_id: string; quantity: number }[] }>(
    'SELECT c.cart FROM carts c JOIN users u ON u.user_uuid = c.user_uuid WHERE u.mobile = $1 AND c.bot_uuid = $2', [mobile, SHOP]);
  return (rows[0]?.cart ?? []).map((l) => [l.product_id, l.quantity]);
}

const stepper = (page: Page, name: string) => page.getByRole('group', { name: en('shop.quantity.label', { name }) });
const quantityOf = (page: Page, name: string) => stepper(page, name).locator('output');

async function expectNoSeriousAxe(page: Page): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

describe('catalogue and cart', () => {
  it('adds, customises, refuses past the maximum, converges after offline edits and undoes a refused change', async () => {
    const { context, page, national } = await openSignedIn(stage.browser, stage.proxy.url);
    const mobile = `+91${national}`;

    await page.goto(`${stage.proxy.url}/catalog?bot=${SHOP}`);
    await page.getByRole('heading', { name: DAL }).waitFor();
    await expectNoSeriousAxe(page);

    // a plain product: Add, then the stepper
    await page.getByRole('button', { name: en('shop.product.addNamed', { name: DAL }) }).click();
    await expect.poll(() => quantityOf(page, DAL).textContent()).toBe('1');
    await page.getByRole('link', { name: en('shop.cart.open', { count: 1 }) }).waitFor();

    // a customised product: the sheet starts from the suggested choices (500 g, festive paper)
    await page.getByRole('button', { name: en('shop.product.customiseNamed', { name: KAJU }) }).click();
    const sheet = page.getByRole('dialog', { name: KAJU });
    await sheet.waitFor();
    expect(await sheet.getByRole('radio', { name: '500 g' }).isChecked()).toBe(true);
    expect(await sheet.getByRole('radio', { name: 'Festive paper' }).isChecked()).toBe(true);
    await expectNoSeriousAxe(page);
    await sheet.getByRole('button', { name: en('shop.customise.add', { price: '₹ 650' }) }).click();
    await page.getByRole('status').filter({ hasText: en('notice.cart.updated') }).waitFor();
    await expect.poll(() => serverCart(mobile)).toEqual([['toor-dal-1kg', 1], ['kaju-katli-box', 1]]);

    // the maximum of the dal is 5: the sixth is refused with the spec's toast
    for (let i = 2; i <= 5; i++) {
      await stepper(page, DAL).getByRole('button', { name: en('shop.quantity.increase', { name: DAL }) }).click();
      await expect.poll(() => quantityOf(page, DAL).textContent()).toBe(String(i));
    }
    // (the plus is aria-disabled at the maximum but still answers a tap, with the toast)
    await stepper(page, DAL).getByRole('button', { name: en('shop.quantity.increase', { name: DAL }) }).click({ force: true });
    await page.getByRole('status').filter({ hasText: en('error.cart.maxQuantity') }).waitFor();
    expect(await quantityOf(page, DAL).textContent()).toBe('5');

    // the cart: lines, choices and total (5 × 189 + 650)
    await page.getByRole('link', { name: en('shop.cart.open', { count: 6 }) }).click();
    await page.getByRole('heading', { name: en('shop.cart.title') }).waitFor();
    await page.getByText('₹ 1,595').waitFor();
    await page.getByText('500 g · Festive paper').waitFor();
    await expectNoSeriousAxe(page);
    await expect.poll(() => serverCart(mobile)).toEqual([['toor-dal-1kg', 5], ['kaju-katli-box', 1]]);

    // offline: two changes are seen at once and wait
    await context.setOffline(true);
    stage.proxy.cut(true);
    await page.getByText(en('shop.cart.offline')).waitFor();
    await stepper(page, DAL).getByRole('button', { name: en('shop.quantity.decrease', { name: DAL }) }).click();
    await stepper(page, KAJU).getByRole('button', { name: en('shop.quantity.increase', { name: KAJU }) }).click();
    await expect.poll(() => quantityOf(page, DAL).textContent()).toBe('4');
    await expect.poll(() => quantityOf(page, KAJU).textContent()).toBe('2');
    await page.getByText(en('shop.cart.waiting')).waitFor();
    expect(await serverCart(mobile)).toEqual([['toor-dal-1kg', 5], ['kaju-katli-box', 1]]);

    // back online: the cart converges
    stage.proxy.cut(false);
    await context.setOffline(false);
    await expect.poll(() => serverCart(mobile), { timeout: 20_000 }).toEqual([['toor-dal-1kg', 4], ['kaju-katli-box', 2]]);
    await page.getByText(en('shop.cart.saving')).waitFor({ state: 'detached' });

    // the server refuses the next change: it comes back undone, with the text
    stage.proxy.refuseNext('/bot/update-cart', 404, 'Product not found');
    await stepper(page, KAJU).getByRole('button', { name: en('shop.quantity.increase', { name: KAJU }) }).click();
    await page.getByRole('status').filter({ hasText: en('error.cart.reverted') }).waitFor();
    await expect.poll(() => quantityOf(page, KAJU).textContent()).toBe('2');
    expect(await serverCart(mobile)).toEqual([['toor-dal-1kg', 4], ['kaju-katli-box', 2]]);
    await context.close();
  });
});
