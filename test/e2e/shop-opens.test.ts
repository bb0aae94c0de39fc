// The shop opens (issue 11) as a person finds it in Chromium against the real server: Saathi
// Shop's welcome has a button that opens its catalogue; a bot with a catalogue shows
// "Catalogue" on its profile; the Showcase's catalogue message, its "View cart" buttons and the
// cart's way back to the catalogue open working screens (the Showcase's catalogue used to say
// "not available": it linked the Saathi Shop's catalogue under its own id). And the pictures of
// cards, products and catalogue products load (they used to stay placeholders).
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { e2eStage } from './helpers/stage';
import { notificationsDenied, openSignedIn } from './helpers/flows';
import { sendText } from './helpers/chat';
import { texts } from './helpers/messages';

const en = texts('en');
const ECHO = '1000000000000001';
const SHOP = '1000000000000003';
const SHOWCASE = '1000000000000004';
const CATALOGUE = 'Saathi Kirana';
const DAL = 'Tata Sampann Unpolished Toor Dal, 1 kg';

const stage = e2eStage();

const signedIn = () => openSignedIn(stage.browser, stage.url, { beforePage: notificationsDenied });

/** The catalogue screen with its products (and not the "not available" text). */
async function expectCatalogue(page: Page, bot: string): Promise<void> {
  await page.getByRole('heading', { name: DAL }).waitFor();
  expect(new URL(page.url()).searchParams.get('bot')).toBe(bot);
  expect(await page.getByText(en('shop.catalog.unavailable')).count()).toBe(0);
}

/** Waits until `expected` pictures in `where` have loaded real pixels. Each picture is fetched
 * on its own (an <img> appears only once its file is in the cache), so the count is part of the
 * wait: a check of "every <img> present has loaded" passed in CI with 1 of the 6 in. */
async function expectLoadedPictures(where: Locator, expected: number): Promise<void> {
  const images = where.locator('img');
  await expect.poll(async () => {
    const sizes = await images.evaluateAll((els) => els.map((img) => ((img as HTMLImageElement).complete ? (img as HTMLImageElement).naturalWidth : 0)));
    return sizes.filter((w) => w > 0).length;
  }, { timeout: 20_000 }).toBe(expected);
}

async function openChat(page: Page, bot: string): Promise<void> {
  await page.goto(`${stage.url}/chat/${bot}`);
  await page.getByRole('textbox', { name: en('chat.input.label') }).waitFor();
}

describe('the shop opens', () => {
  it("Saathi Shop's welcome has a button that opens its catalogue, with its products' pictures", async () => {
    const { context, page } = await signedIn();
    await openChat(page, SHOP);
    await page.getByRole('group', { name: en('chat.catalogs.label') }).getByRole('button', { name: new RegExp(CATALOGUE) }).click();
    await page.waitForURL(/\/catalog\?/);
    await expectCatalogue(page, SHOP);
    await expectLoadedPictures(page.getByRole('list', { name: CATALOGUE }), 6);
    await context.close();
  });

  it('a bot with a catalogue shows "Catalogue" on its profile, which opens it; a bot without one does not', async () => {
    const { context, page } = await signedIn();
    await page.goto(`${stage.url}/bot-info?bot=${SHOP}`);
    const link = page.getByRole('link', { name: new RegExp(`^${en('botInfo.catalogue')}`) });
    await link.click();
    await page.waitForURL(/\/catalog\?/);
    await expectCatalogue(page, SHOP);

    await page.goto(`${stage.url}/bot-info?bot=${ECHO}`);
    // the profile's answers are stored together: once the count shows, the details are in
    await page.getByTestId('subscriber-count').waitFor();
    expect(await link.count()).toBe(0);
    await context.close();
  });

  it("the Showcase's catalogue message, its View cart buttons and the cart's way back open working screens", async () => {
    const { context, page } = await signedIn();
    await openChat(page, SHOWCASE);

    // the catalogue message
    await sendText(page, 'catalog');
    await page.getByRole('group', { name: en('chat.catalogs.label') }).last().getByRole('button', { name: new RegExp(CATALOGUE) }).click();
    await page.waitForURL(/\/catalog\?/);
    await expectCatalogue(page, SHOWCASE);
    await page.getByRole('button', { name: en('shop.product.addNamed', { name: DAL }) }).click();
    await page.getByRole('link', { name: en('shop.cart.open', { count: 1 }) }).waitFor();

    // the action message's View cart: the cart has what was added
    await openChat(page, SHOWCASE);
    await sendText(page, 'action');
    await page.getByRole('button', { name: en('chat.cart.view') }).or(page.getByRole('link', { name: en('chat.cart.view') })).last().click();
    await page.getByRole('heading', { name: en('shop.cart.title') }).waitFor();
    await page.getByText(DAL).waitFor();

    // the cart message's View cart, then the empty cart's way to the catalogue
    await openChat(page, SHOWCASE);
    await page.getByRole('group', { name: en('chat.catalogs.label') }).last().waitFor();
    await sendText(page, 'cart');
    await page.getByRole('button', { name: en('chat.cart.view') }).last().click();
    await page.getByRole('heading', { name: en('shop.cart.title') }).waitFor();
    await stepperMinus(page);
    await page.getByText(en('shop.cart.empty')).waitFor();
    await page.getByRole('link', { name: en('shop.cart.browse') }).or(page.getByRole('button', { name: en('shop.cart.browse') })).click();
    await expectCatalogue(page, SHOWCASE);
    await context.close();
  });

  it("the pictures of the Showcase's cards and products load", async () => {
    const { context, page } = await signedIn();
    await openChat(page, SHOWCASE);
    await sendText(page, 'card');
    await expectLoadedPictures(page.getByRole('list', { name: en('chat.cards.label') }).last(), 3);
    await sendText(page, 'products');
    await expectLoadedPictures(page.getByRole('list', { name: en('chat.products.label') }).last(), 5);
    await context.close();
  });
});

/** Takes the one dal out of the cart. */
async function stepperMinus(page: Page): Promise<void> {
  await page.getByRole('group', { name: en('shop.quantity.label', { name: DAL }) })
    .getByRole('button', { name: en('shop.quantity.decrease', { name: DAL }) }).click();
}
