// Payments in Debian's Chromium against the real server and its sandbox providers (issue 15):
// add and verify a UPI address, set primary, delete (with the vpaInvalid rule inline); place an
// order from the cart and pay by UPI (success and failure) and by card on the provider's own page
// (success and decline); go offline mid-payment and come back to the true result. The sandbox
// settles a charge after 60 s of the SERVER's clock, which the tests move on purpose (skew), so
// nothing depends on timing. PAYMENTS_SHOTS=<dir> also saves screenshots (en and hi, 390 and 1280 px).
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatMoney } from '../../src/domain/money';
import { PAYMENT_FAILURE_TITLE, PAYMENT_SUCCESS_TITLE } from '../../src/domain/payments';
import { SHOP_BOT_ID } from '../../server/bots/registry';
import { writeCart } from '../../server/shop/cart';
import { e2eStage } from './helpers/stage';
import { openSignedIn, notificationsDenied } from './helpers/flows';
import { texts, type Locale } from './helpers/messages';
import { userUuidOf } from './helpers/seed-thread';
import { seriousAxeViolations } from './helpers/browser';

const SHOTS = process.env.PAYMENTS_SHOTS;
let skew = 0;
const SETTLE_MS = 60_000;
const stage = e2eStage({ server: { now: () => Date.now() + skew, server: { payments: { settleAfterMs: SETTLE_MS, tickMs: 300 } } } });
beforeAll(() => {
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});
/** The payer approves / the card network answers: the sandbox's settling time passes. */
const settle = () => { skew += SETTLE_MS + 1000; };

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

async function signedIn(locale: Locale = 'en') {
  const opened = await openSignedIn(stage.browser, stage.url, { locale, beforePage: notificationsDenied });
  return { ...opened, userUuid: await userUuidOf(stage.server.db, opened.national) };
}

const methodsOnServer = async (userUuid: string) =>
  (await stage.server.db.query<{ vpa: string; is_primary: boolean }>('SELECT vpa, is_primary FROM payment_methods WHERE user_uuid = $1 ORDER BY seq', [userUuid])).map((m) => `${m.vpa}${m.is_primary ? '*' : ''}`);

async function addUpi(page: Page, locale: Locale, vpa: string, holder: string) {
  const t = texts(locale);
  await page.getByRole('button', { name: t('payments.manage.add'), exact: true }).click();
  const sheet = page.getByRole('dialog', { name: t('upi.dialog.title') });
  const field = sheet.getByRole('textbox', { name: t('upi.field.label') });
  await field.fill(vpa);
  await sheet.getByRole('button', { name: t('upi.verify'), exact: true }).click();
  await sheet.getByText(t('upi.verified', { name: holder })).waitFor();
  await sheet.getByRole('button', { name: t('upi.continue'), exact: true }).click();
  await sheet.waitFor({ state: 'detached' });
}

describe('/manage-upi', () => {
  it.each(['en', 'hi'] as const)('adds and verifies UPI addresses, sets primary and deletes (%s)', async (locale) => {
    const t = texts(locale);
    const { context, page, userUuid } = await signedIn(locale);
    await page.goto(`${stage.url}/manage-upi`);
    await page.getByText(t('payments.manage.empty')).waitFor();
    await shot(page, `${locale}-manage-empty`);

    // the text@text rule, inline; the field has no auto-capitalisation or spellcheck
    await page.getByRole('button', { name: t('payments.manage.add'), exact: true }).click();
    const sheet = page.getByRole('dialog', { name: t('upi.dialog.title') });
    const field = sheet.getByRole('textbox', { name: t('upi.field.label') });
    expect(await field.getAttribute('autocapitalize')).toBe('none');
    expect(await field.getAttribute('spellcheck')).toBe('false');
    await field.fill('asha');
    await sheet.getByRole('button', { name: t('upi.verify'), exact: true }).click();
    await sheet.getByText(t('upi.error.vpaInvalid')).waitFor();
    // an unknown handle does not verify
    await field.fill('asha@okaxis');
    await sheet.getByRole('button', { name: t('upi.verify'), exact: true }).click();
    await sheet.getByText(t('upi.notVerified')).waitFor();
    // verified shows the holder; editing resets verified
    await field.fill('asha.success@upi');
    await sheet.getByRole('button', { name: t('upi.verify'), exact: true }).click();
    await sheet.getByText(t('upi.verified', { name: 'Asha' })).waitFor();
    await shot(page, `${locale}-manage-verified`);
    await field.press('End');
    await field.type('x');
    await sheet.getByRole('button', { name: t('upi.verify'), exact: true }).waitFor();
    await field.press('Backspace');
    await sheet.getByRole('button', { name: t('upi.verify'), exact: true }).click();
    await sheet.getByRole('button', { name: t('upi.continue'), exact: true }).click();
    await expect.poll(() => methodsOnServer(userUuid), { timeout: 20_000 }).toEqual(['asha.success@upi*']);

    await addUpi(page, locale, 'ravi.success@upi', 'Ravi');
    await expect.poll(() => methodsOnServer(userUuid), { timeout: 20_000 }).toEqual(['asha.success@upi*', 'ravi.success@upi']);
    const list = page.getByRole('list', { name: t('payments.manage.list') });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    await page.getByRole('button', { name: t('payments.manage.setPrimary', { vpa: 'ravi.success@upi' }), exact: true }).click();
    await expect.poll(() => methodsOnServer(userUuid), { timeout: 20_000 }).toEqual(['asha.success@upi', 'ravi.success@upi*']);
    await page.getByRole('button', { name: t('payments.manage.setPrimary', { vpa: 'asha.success@upi' }), exact: true }).waitFor();
    await shot(page, `${locale}-manage-list`);
    expect((await seriousAxeViolations(page)).map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`)).toEqual([]);
    await page.getByRole('button', { name: t('payments.manage.delete', { vpa: 'asha.success@upi' }), exact: true }).click();
    await expect.poll(() => methodsOnServer(userUuid), { timeout: 20_000 }).toEqual(['ravi.success@upi*']);
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    await context.close();
  });
});

describe('checkout', () => {
  const paid = async (userUuid: string) =>
    (await stage.server.db.query<{ status: string }>('SELECT r.status FROM payment_requests r WHERE r.user_uuid = $1 ORDER BY created_at DESC LIMIT 1', [userUuid]))[0]?.status;

  async function toCheckout(locale: Locale = 'en') {
    const t = texts(locale);
    const s = await signedIn(locale);
    await writeCart(stage.server.db, s.userUuid, SHOP_BOT_ID, [{ catalog_id: 'saathi-grocery', product_id: 'parle-g-800g', quantity: 2, customizations: [] }], Date.now());
    await s.page.goto(`${stage.url}/cart?bot=${SHOP_BOT_ID}`);
    await s.page.getByRole('link', { name: t('checkout.placeOrder'), exact: true }).click();
    await s.page.waitForURL(/\/checkout\?/);
    return s;
  }
  const amount = formatMoney({ price: 18_000, currency: 'INR' });

  async function payByUpi(page: Page, vpa: string, locale: Locale = 'en') {
    const t = texts(locale);
    await page.getByRole('textbox', { name: t('upi.field.label') }).fill(vpa);
    await page.getByRole('button', { name: t('upi.verify'), exact: true }).click();
    await page.getByRole('button', { name: t('checkout.pay', { amount }), exact: true }).click();
    await page.waitForURL(/\/payment-processing\?/);
    await page.getByText(t('payments.processing.text')).waitFor();
  }

  const result = (page: Page) => page.getByTestId('payment-result');

  it.each(['en', 'hi'] as const)('pays by UPI collect: processing, then success, then back to the emptied cart (%s)', async (locale) => {
    const { context, page, userUuid } = await toCheckout(locale);
    await shot(page, `${locale}-checkout`);
    await payByUpi(page, 'success@upi', locale);
    await shot(page, `${locale}-processing`);
    settle();
    await result(page).waitFor({ timeout: 20_000 });
    expect(await result(page).textContent()).toBe(locale === 'en' ? PAYMENT_SUCCESS_TITLE : texts('hi')('payments.result.success'));
    await shot(page, `${locale}-success`);
    expect(await paid(userUuid)).toBe('SUCCESS');
    await page.waitForURL(/\/cart\?/, { timeout: 10_000 });
    await page.getByText(texts(locale)('shop.cart.empty')).waitFor();
    await context.close();
  });

  it('UPI failure@upi shows \'Transaction  Failed\' (two spaces)', async () => {
    const { context, page, userUuid } = await toCheckout();
    await payByUpi(page, 'failure@upi');
    settle();
    await result(page).waitFor({ timeout: 20_000 });
    expect(await result(page).textContent()).toBe(PAYMENT_FAILURE_TITLE);
    await shot(page, 'en-failure');
    expect(await paid(userUuid)).toBe('FAILED');
    await context.close();
  });

  async function payByCard(page: Page, number: string) {
    await page.getByRole('radio', { name: texts('en')('checkout.method.card') }).check();
    await page.getByRole('button', { name: texts('en')('checkout.pay', { amount }), exact: true }).click();
    await page.waitForURL(/\/sandbox\/card\/checkout\?/);
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await shot(page, 'en-card-page');
    await page.getByRole('button', { name: `Pay ${amount}` }).click();
    await page.waitForURL(/\/payment-processing\?/);
  }

  it('pays by card on the provider\'s page: 4242 4242 4242 4242 succeeds', async () => {
    const { context, page, userUuid } = await toCheckout();
    await payByCard(page, '4242 4242 4242 4242');
    await page.getByText(texts('en')('payments.processing.text')).waitFor();
    settle();
    await result(page).waitFor({ timeout: 20_000 });
    expect(await result(page).textContent()).toBe(PAYMENT_SUCCESS_TITLE);
    expect(await paid(userUuid)).toBe('SUCCESS');
    await context.close();
  });

  it('a declined card (4000 0000 0000 0002) fails', async () => {
    const { context, page, userUuid } = await toCheckout();
    await payByCard(page, '4000 0000 0000 0002');
    await result(page).waitFor({ timeout: 20_000 });
    expect(await result(page).textContent()).toBe(PAYMENT_FAILURE_TITLE);
    expect(await paid(userUuid)).toBe('FAILED');
    await context.close();
  });

  it.each(['en', 'hi'] as const)('a bot\'s payment request in chat opens the same flow; the result returns to the chat (%s)', async (locale) => {
    const t = texts(locale);
    const s = await signedIn(locale);
    const { context, page, userUuid } = s;
    await writeCart(stage.server.db, userUuid, SHOP_BOT_ID, [{ catalog_id: 'saathi-grocery', product_id: 'parle-g-800g', quantity: 2, customizations: [] }], Date.now());
    await page.goto(`${stage.url}/chat/${SHOP_BOT_ID}`);
    const input = page.getByRole('textbox', { name: t('chat.input.label') });
    await input.fill('pay');
    await input.press('Enter');
    const payInChat = page.getByRole('button', { name: t('checkout.pay', { amount }), exact: true });
    await payInChat.waitFor({ timeout: 20_000 });
    await shot(page, `${locale}-chat-bill`);
    await payInChat.click();
    await page.waitForURL(/\/checkout\?.*pr=/);
    await page.getByTestId('checkout-total').filter({ hasText: amount }).waitFor();
    await payByUpi(page, 'success@upi', locale);
    settle();
    await result(page).waitFor({ timeout: 20_000 });
    expect(await result(page).textContent()).toBe(t('payments.result.success'));
    expect(await paid(userUuid)).toBe('SUCCESS');
    // after 2 s: back in the chat, the bill marked paid and no longer payable
    await page.waitForURL(new RegExp(`/chat/${SHOP_BOT_ID}`), { timeout: 10_000 });
    await page.getByText(t('chat.bill.paid'), { exact: true }).waitFor();
    expect(await payInChat.count()).toBe(0);
    await shot(page, `${locale}-chat-bill-paid`);
    await context.close();
  });

  it('says paying needs the network before anything starts', async () => {
    const { context, page, userUuid } = await toCheckout();
    await context.setOffline(true);
    await page.getByText(texts('en')('checkout.offline')).first().waitFor();
    await page.getByRole('textbox', { name: texts('en')('upi.field.label') }).fill('success@upi');
    expect(await page.getByRole('button', { name: texts('en')('upi.verify'), exact: true }).isDisabled()).toBe(true);
    expect(await paid(userUuid)).toBeUndefined();
    // verified while online, then the network went: Pay waits too (it says why above)
    await context.setOffline(false);
    await page.getByRole('button', { name: texts('en')('upi.verify'), exact: true }).click();
    const pay = page.getByRole('button', { name: texts('en')('checkout.pay', { amount }), exact: true });
    await pay.waitFor();
    await context.setOffline(true);
    await expect.poll(() => pay.isDisabled()).toBe(true);
    await page.getByText(texts('en')('checkout.offline')).first().waitFor();
    expect(await paid(userUuid)).toBeUndefined();
    await context.setOffline(false);
    await context.close();
  });

  it('offline mid-payment: never shown successful without the server; back online shows the true result', async () => {
    const { context, page, userUuid } = await toCheckout();
    await payByUpi(page, 'success@upi');
    await context.setOffline(true);
    await page.getByText(texts('en')('payments.processing.offline')).waitFor();
    settle(); // the payer approved while the phone was offline
    // the server knows (its sandbox settled and delivered the webhook), the phone cannot ask:
    await expect.poll(() => paid(userUuid), { timeout: 20_000 }).toBe('SUCCESS');
    expect(await result(page).count()).toBe(0);
    await page.getByText(texts('en')('payments.processing.text')).waitFor();
    await shot(page, 'en-processing-offline');
    await context.setOffline(false);
    await result(page).waitFor({ timeout: 20_000 });
    expect(await result(page).textContent()).toBe(PAYMENT_SUCCESS_TITLE);
    await context.close();
  });
});
