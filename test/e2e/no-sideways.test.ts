// Nothing scrolls the page sideways (issue 11): at 390 px every screen the app has fits its
// width (document.scrollingElement.scrollWidth equals the viewport's), and the rows that do scroll
// sideways (cards, products, media lists) scroll inside themselves. The chat is the Showcase's
// after it has sent one of everything (cards, products, media_list, catalogue, long texts).
// Real server, Debian's Chromium, role and label selectors.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { e2eStage } from './helpers/stage';
import { dialogNamed } from './helpers/browser';
import { TEST_OTP, freshNationalNumber } from './helpers/app-server';
import { notificationsDenied, requestCode, typeCode } from './helpers/flows';
import { sendText } from './helpers/chat';
import { texts } from './helpers/messages';

const en = texts('en');
const WIDTH = 390;
const ECHO = '1000000000000001';
const SLOW = '1000000000000002';
const SHOP = '1000000000000003';
const SHOWCASE = '1000000000000004';

/** The rows that scroll sideways inside themselves, by class: cards, media, banners, discovery rows, chips, code. */
const ROWS = ['msg-carousel', 'media-msg__grid', 'banner-carousel__track', 'discover__row', 'chip-group', 'markup__pre', 'preview__thumbs'];

const stage = e2eStage();

/**
 * The page's scroll width, and the elements (tag.class) that reach past the right edge, for the
 * failure message. Elements inside a sideways scroller (overflow-x auto/scroll/hidden) are inside
 * their own row and do not count.
 */
async function sideways(page: Page): Promise<{ scrollWidth: number; clientWidth: number; culprits: string[]; scrollers: string[] }> {
  return page.evaluate(() => {
    const root = document.scrollingElement!;
    const culprits: string[] = [];
    const clipped = (el: Element): boolean => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o !== 'visible') return true;
      }
      return false;
    };
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= root.clientWidth + 0.5 || clipped(el)) continue;
      culprits.push(`${el.tagName.toLowerCase()}.${String(el.className).split(' ').join('.')} right=${Math.round(r.right)}`);
    }
    // boxes other than the page that scroll sideways (only the carousels may)
    const scrollers: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const o = getComputedStyle(el).overflowX;
      if ((o === 'auto' || o === 'scroll') && el.scrollWidth > el.clientWidth + 1) {
        scrollers.push(`${el.tagName.toLowerCase()}.${String(el.className).split(' ').join('.')}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''}`);
      }
    }
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, culprits: culprits.slice(0, 8), scrollers };
  });
}

/** Fails with the screen's name and what sticks out when the page is wider than the viewport. */
async function expectNoSideways(page: Page, screen: string): Promise<void> {
  // let the screen's late content (lists, pictures) land first
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const m = await sideways(page);
  expect({ screen, scrollWidth: m.scrollWidth, culprits: m.scrollWidth > WIDTH ? m.culprits : [] }).toEqual({ screen, scrollWidth: WIDTH, culprits: [] });
  expect({ screen, scrollers: m.scrollers.filter((c) => !ROWS.some((row) => c.replace(/\[.*\]$/, '').split('.').includes(row))) }).toEqual({ screen, scrollers: [] });
  // and nothing moves when the page is asked to scroll right
  const moved = await page.evaluate(() => {
    const root = document.scrollingElement!;
    root.scrollLeft = 10_000;
    const x = root.scrollLeft;
    root.scrollLeft = 0;
    return x;
  });
  expect({ screen, scrollLeft: moved }).toEqual({ screen, scrollLeft: 0 });
}

describe('no screen scrolls sideways at 390 px', () => {
  it('sign-in, onboarding, home tabs, every chat message of the Showcase, bot profile pages, settings, shop, lists', async () => {
    const context = await stage.browser.newContext({ viewport: { width: WIDTH, height: 844 }, locale: 'en-IN' });
    await notificationsDenied(context);
    const page = await context.newPage();
    const go = async (path: string) => page.goto(`${stage.url}${path}`);

    // login, OTP, onboarding's steps
    await go('/');
    await page.getByLabel(en('login.phone.label'), { exact: true }).waitFor();
    await expectNoSideways(page, 'login');
    const national = freshNationalNumber();
    await requestCode(page, national);
    await expectNoSideways(page, 'otp');
    await typeCode(page, TEST_OTP);
    await page.waitForURL(/\/onboarding/);
    await page.getByRole('radio', { name: /English/ }).waitFor();
    await expectNoSideways(page, 'onboarding language');
    await page.getByRole('radio', { name: /English/ }).click();
    await page.getByRole('heading', { name: en('onboarding.name.title') }).waitFor();
    await expectNoSideways(page, 'onboarding name');
    await page.getByLabel(en('onboarding.name.label')).fill('Asha');
    await page.getByRole('button', { name: en('onboarding.continue') }).click();
    await page.getByRole('heading', { name: en('onboarding.location.title') }).waitFor();
    await expectNoSideways(page, 'onboarding location');
    const state = page.getByLabel(en('onboarding.location.state'));
    await state.locator('option[value="MH"]').waitFor({ state: 'attached' });
    await state.selectOption('MH');
    const city = page.getByLabel(en('onboarding.location.city'));
    await city.locator('option[value="Pune"]').waitFor({ state: 'attached' });
    await city.selectOption('Pune');
    await page.getByRole('button', { name: en('onboarding.location.finish') }).click();
    await page.waitForURL(/\/home/);

    // home: every tab
    for (const tab of ['discover', 'chat', 'post'] as const) {
      await page.getByRole('tab', { name: en(`home.tab.${tab}`) }).click();
      await expect.poll(() => page.getByRole('tab', { name: en(`home.tab.${tab}`) }).getAttribute('aria-selected')).toBe('true');
      await expectNoSideways(page, `home ${tab}`);
    }

    // the Showcase's chat: each command's messages, checked as they arrive (the thread is
    // virtualised, so one long answer would leave its first messages out of the page)
    await go(`/chat/${SHOWCASE}`);
    await page.getByRole('textbox', { name: en('chat.input.label') }).waitFor();
    const last = (l: Locator) => l.last().waitFor({ timeout: 20_000 });
    const tap = (name: string) => page.getByRole('button', { name, exact: true }).last().click();
    const showcase: [command: string, arrived: () => Promise<void>, answer?: () => Promise<void>][] = [
      ['card', () => last(page.getByRole('list', { name: en('chat.cards.label') }))],
      ['products', () => last(page.getByRole('list', { name: en('chat.products.label') }))],
      ['media', () => last(page.getByRole('list', { name: en('media.list.label', { count: 4 }) }))],
      ['catalog', () => last(page.getByRole('group', { name: en('chat.catalogs.label') }))],
      ['action', () => last(page.getByRole('link', { name: /Open our website/ }))],
      ['cart', () => last(page.getByText('Your cart with me is empty', { exact: false }))],
      ['buttons 20', () => last(page.getByRole('button', { name: 'Option 20', exact: true })), () => tap('Option 20')],
      ['buttons icons 8', () => last(page.getByRole('button', { name: 'Bell', exact: true })), () => tap('Bell')],
      ['markup', () => last(page.getByText('These must show as plain, harmless text:', { exact: false }))],
      ['long', () => last(page.getByText('This is a long message of exactly three thousand characters', { exact: false }))],
      ['image', () => last(page.getByText('A PNG picture (480 x 320)'))],
      ['video', () => last(page.getByText('A five-second test video'))],
      ['stream', () => last(page.getByText('Big Buck Bunny, streamed', { exact: false }))],
      ['document', () => last(page.getByTestId('document-name'))],
      ['audio', () => last(page.getByText('Bells', { exact: false }))],
      ['youtube', () => last(page.getByTestId('youtube-card'))],
      ['article', () => last(page.getByTestId('article-card'))],
      ['scorecard', () => last(page.getByText('Weekly quiz'))],
      ['menu', () => last(page.getByText('Main menu'))],
      ['unknown', () => last(page.getByText('A request of an unknown kind.', { exact: false }))],
      // (questions that take no typed answer keep the input read-only until answered; the form comes last)
      ['multi', () => last(page.getByText('Which do you like?', { exact: false })), async () => {
        await tap('Stars');
        await tap(en('chat.multiSelect.send'));
      }],
      ['form', () => last(page.getByText('And a short feedback form.'))],
    ];
    for (const [command, arrived, answer] of showcase) {
      await sendText(page, command);
      await arrived();
      await expectNoSideways(page, `chat after "${command}"`);
      // a question without a typed answer keeps the input read-only until it is answered
      await answer?.();
    }

    // the bot's profile pages
    for (const [path, screen] of [[`/bot-info?bot=${SHOWCASE}`, 'bot info'], [`/bot-faq?bot=${SHOWCASE}`, 'bot faqs'], [`/bot-review?bot=${SHOWCASE}`, 'bot reviews']] as const) {
      await go(path);
      await page.getByRole('heading').first().waitFor();
      await expectNoSideways(page, screen);
    }

    // the shop: catalogue and a cart with lines
    await go(`/catalog?bot=${SHOP}`);
    await page.getByRole('button', { name: en('shop.product.addNamed', { name: 'Tata Sampann Unpolished Toor Dal, 1 kg' }) }).click();
    await page.getByRole('link', { name: en('shop.cart.open', { count: 1 }) }).waitFor();
    await expectNoSideways(page, 'catalogue');
    await page.getByRole('link', { name: en('shop.cart.open', { count: 1 }) }).click();
    await page.getByRole('heading', { name: en('shop.cart.title') }).waitFor();
    await expectNoSideways(page, 'cart');

    // blocked and archived lists with a bot in each
    await go(`/bot-info?bot=${ECHO}`);
    await page.getByRole('button', { name: en('botInfo.block') }).click();
    // Block asks first
    await dialogNamed(page, en('botInfo.blockConfirm.title', { name: 'Echo' })).getByRole('button', { name: en('botInfo.block'), exact: true }).click();
    await page.getByRole('button', { name: en('botInfo.unblock') }).waitFor();
    await go(`/bot-info?bot=${SLOW}`);
    await page.getByRole('button', { name: en('botInfo.archive') }).click();
    await page.getByRole('button', { name: en('botInfo.unarchive') }).waitFor();

    for (const [path, screen] of [
      ['/blocked', 'blocked'], ['/archived', 'archived'], ['/select-bot', 'select bot'], ['/settings', 'settings'],
      ['/faqs', 'app faqs'], ['/feedback', 'feedback'], ['/terms-of-use-menu', 'terms'], ['/saved-items', 'saved items'],
      ['/delete-account', 'delete account'], ['/no-such-page', 'not found'],
    ] as const) {
      await go(path);
      await page.getByRole('heading').first().waitFor();
      await expectNoSideways(page, screen);
    }
    await context.close();
  });
});
