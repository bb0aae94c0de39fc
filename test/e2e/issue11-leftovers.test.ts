// Issue 11's leftovers, as a person meets them in Debian's Chromium against the real server:
// a script language's login screen drawn in the fonts the app ships, option labels that never
// break inside a word, a blocked bot's thread where nothing can send, ...
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { e2eStage } from './helpers/stage';
import { dialogNamed } from './helpers/browser';
import { texts, type Locale } from './helpers/messages';
import { openSignedIn, notificationsDenied } from './helpers/flows';
import { seedBotMessages, userUuidOf } from './helpers/seed-thread';

const en = texts('en');
const stage = e2eStage();
const ECHO = '1000000000000001';

/** Signed in at 390x844, with the given bot messages stored, in that bot's thread. */
async function inThread(locale: Locale, botUuid: string, botName: string, messages: Parameters<typeof seedBotMessages>[2]): Promise<{ context: BrowserContext; page: Page; userUuid: string }> {
  const t = texts(locale);
  const { context, page, national } = await openSignedIn(stage.browser, stage.url, { locale, beforePage: notificationsDenied });
  const userUuid = await userUuidOf(stage.server.db, national);
  await seedBotMessages(stage.server.db, { userUuid, botUuid, now: Date.now() }, messages);
  await page.reload();
  await page.getByRole('tab', { name: t('home.tab.chat') }).click();
  await page.getByRole('button', { name: new RegExp(`^${botName}`) }).click();
  await page.waitForURL(new RegExp(`/chat/${botUuid}$`));
  return { context, page, userUuid };
}

const SCRIPT_FONT: Record<Exclude<Locale, 'en'>, { family: string; name: string; sample: string }> = {
  te: { family: 'Noto Sans Telugu', name: 'తెలుగు', sample: 'తెలుగు' },
  hi: { family: 'Noto Sans Devanagari', name: 'हिंदी', sample: 'हिंदी' },
  mr: { family: 'Noto Sans Devanagari', name: 'मराठी', sample: 'मराठी' },
  gu: { family: 'Noto Sans Gujarati', name: 'ગુજરાતી', sample: 'ગુજરાતી' },
};

/**
 * The fonts Chromium actually draws an element's text with (DevTools' "Rendered fonts"): a
 * script's letters drawn with a font that has none of them come out as empty boxes.
 */
async function renderedFonts(page: Page, target: Locator): Promise<{ family: string; custom: boolean; glyphs: number }[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const marker = `f${Math.random().toString(36).slice(2)}`;
    await target.evaluate((el, m) => el.setAttribute('data-font-probe', m), marker);
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: `[data-font-probe="${marker}"]` });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    await target.evaluate((el) => el.removeAttribute('data-font-probe'));
    return fonts.map((f) => ({ family: f.familyName, custom: f.isCustomFont, glyphs: f.glyphCount }));
  } finally {
    await cdp.detach();
  }
}

describe('the login screen in a script language uses the fonts the app ships', () => {
  for (const locale of ['te', 'hi', 'gu', 'mr'] as const) {
    it(`${locale}: the label, Continue and the language button are drawn in ${SCRIPT_FONT[locale].family}, also after a reload`, async () => {
      const t = texts(locale);
      const { family, name, sample } = SCRIPT_FONT[locale];
      const context = await stage.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' });
      const page = await context.newPage();
      await page.goto(stage.url);
      await page.getByRole('button', { name: en('common.language.change', { language: 'English' }) }).click();
      await page.getByRole('radio', { name: new RegExp(name) }).click();
      const check = async () => {
        const parts: [string, Locator][] = [
          ['label', page.getByText(t('login.phone.label'), { exact: true })],
          ['continue', page.getByRole('button', { name: t('login.continue') })],
          ['language', page.getByRole('button', { name: t('common.language.change', { language: name }) })],
        ];
        for (const [what, target] of parts) {
          await target.waitFor();
          // the script's letters come from our own font: a system font draws at most the spaces and
          // Latin characters (before the fix: all of them, as empty boxes)
          const others = await target.evaluate((el) => (el.textContent ?? '').replace(/[\u0900-\u0D7F\u200C\u200D]/g, '').length);
          await expect
            .poll(
              async () => {
                const fonts = await renderedFonts(page, target);
                const ours = fonts.some((f) => f.family === family && f.custom && f.glyphs > 0);
                const system = fonts.filter((f) => !f.custom).reduce((n, f) => n + f.glyphs, 0);
                return ours && system <= others;
              },
              { message: `${locale} ${what}: ${JSON.stringify(await renderedFonts(page, target))}` },
            )
            .toBe(true);
        }
        expect(await page.evaluate(([f, s]) => [400, 600, 700].map((w) => document.fonts.check(`${w} 16px "${f}"`, s)), [family, sample] as const)).toEqual([true, true, true]);
      };
      await check();
      await page.reload();
      await check();
      await context.close();
    });
  }
});

describe('the language picker in an English UI draws every name in the font the app ships', () => {
  it('hi, mr, gu and te names in the language dialog use the script fonts', async () => {
    const context = await stage.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' });
    const page = await context.newPage();
    await page.goto(stage.url);
    await page.getByRole('button', { name: en('common.language.change', { language: 'English' }) }).click();
    for (const locale of ['hi', 'mr', 'gu', 'te'] as const) {
      const { family, name } = SCRIPT_FONT[locale];
      const title = page.getByRole('radio', { name: new RegExp(name) }).locator('xpath=..').getByText(name, { exact: true });
      await expect
        .poll(async () => {
          const fonts = await renderedFonts(page, title);
          return fonts.some((f) => f.family === family && f.custom && f.glyphs > 0) && fonts.every((f) => f.custom || f.glyphs === 0);
        }, { message: `${locale}: ${JSON.stringify(await renderedFonts(page, title))}` })
        .toBe(true);
    }
    await context.close();
  });
});

describe('option labels never break inside a word', () => {
  it('three short options at 390 px: every word of every label stays on one line', async () => {
    const { context, page } = await inThread('en', ECHO, 'Echo', [
      { type: 'button', payload: { text: { body: 'Which is the longest river in India?' }, buttons: ['Godavari', 'Yamuna', 'Ganga'].map((body, i) => ({ body, button_index: i })) } },
    ]);
    const group = page.getByRole('group', { name: en('chat.options.label') }).last();
    await group.getByRole('button', { name: 'Godavari' }).waitFor();
    // the spec's rule still picks three columns for these labels
    expect(await group.getAttribute('data-layout')).toBe('grid-3');
    const split = await group.evaluate((el) => {
      const out: string[] = [];
      for (const button of el.querySelectorAll('button')) {
        const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (const m of text.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, m.index);
            range.setEnd(node, m.index + m[0].length);
            const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            if (lines.size > 1) out.push(m[0]);
          }
        }
      }
      return out;
    });
    expect(split).toEqual([]);
    // and nothing sticks out of the thread sideways
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // where they fit (a laptop), the three stay side by side in one row
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => group.locator('button').evaluateAll((bs) => new Set(bs.map((b) => Math.round(b.getBoundingClientRect().top))).size)).toBe(1);
    await context.close();
  });
});

describe("a blocked bot's thread", () => {
  it('old options, multi-selects and date/form requests are off, say why, and a tap sends nothing', async () => {
    const form = { form_id: 'visit', title: 'Book a visit', fields: [{ id: 'name', label: 'Your name', type: 'text', required: true }] };
    const { context, page, userUuid } = await inThread('en', ECHO, 'Echo', [
      { type: 'multi_select_button', payload: { text: { body: 'What do you drink?' }, buttons: [{ body: 'Tea', button_index: 0 }, { body: 'Coffee', button_index: 1 }] } },
      { type: 'rich_input', payload: { text: { body: 'Fill this in' }, rich_input: { type: 'form', form } } },
      { type: 'rich_input', payload: { text: { body: 'When would you like to visit?' }, rich_input: { type: 'date' } } },
      { type: 'button', payload: { text: { body: 'Pick a size' }, buttons: [{ body: 'Small', button_index: 0 }, { body: 'Large', button_index: 1 }] } },
    ]);
    const controls = () => [
      page.getByRole('button', { name: 'Tea', exact: true }),
      page.getByRole('button', { name: 'Large', exact: true }),
      page.getByRole('button', { name: en('chat.richInput.pickDate') }),
    ];
    for (const c of controls()) expect(await c.isEnabled()).toBe(true);

    // block through the profile, back to the thread
    await page.getByRole('link', { name: en('chat.header.info') }).click();
    await page.getByRole('button', { name: en('botInfo.block'), exact: true }).click();
    await dialogNamed(page, en('botInfo.blockConfirm.title', { name: 'Echo' })).getByRole('button', { name: en('botInfo.block'), exact: true }).click();
    await page.getByText(en('botInfo.blockedNotice')).waitFor();
    await page.goBack();
    await page.waitForURL(new RegExp(`/chat/${ECHO}$`));
    const notice = page.getByText(en('chat.blocked.notice', { name: 'Echo' }));
    await notice.waitFor();
    const noticeId = await notice.getAttribute('id');
    expect(noticeId).toBeTruthy();

    for (const c of controls()) {
      await expect.poll(() => c.isDisabled()).toBe(true);
      // the reason, for screen readers
      expect(await c.getAttribute('aria-describedby')).toBe(noticeId);
      // a tap that reaches it anyway (force: no actionability wait) does nothing
      await c.click({ force: true });
    }
    // the multi-select's Send is gone with its options; the form's button is off too
    expect(await page.getByRole('button', { name: en('chat.multiSelect.send'), exact: true }).count()).toBe(0);
    const formButton = page.getByRole('button', { name: en('chat.richInput.fillForm') });
    if (await formButton.count()) expect(await formButton.isDisabled()).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
    // nothing was queued on the device, and the server got no message from the user
    expect(await page.locator('.message-bubble--user').count()).toBe(0);
    const sent = await stage.server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM messages WHERE user_uuid = $1 AND bot_uuid = $2 AND sender = 'user'", [userUuid, ECHO]);
    expect(sent[0]!.n).toBe(0);

    // unblocked: the latest options answer again
    await page.getByRole('button', { name: en('botInfo.unblock') }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Large', exact: true }).isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Large', exact: true }).getAttribute('aria-describedby')).toBeNull();
    await context.close();
  });
});

describe('sign-in waits', () => {
  it('a send-otp answered 429 with Retry-After: an inline countdown in the language, Continue off until it ends, no dialog', async () => {
    const context = await stage.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' });
    const page = await context.newPage();
    await page.clock.install();
    await context.route('**/mobile/send-otp', (route) =>
      route.fulfill({ status: 429, headers: { 'content-type': 'application/json', 'retry-after': '272' }, body: JSON.stringify({ message: 'Too many OTP requests from this number' }) }),
    );
    await page.goto(stage.url);
    await page.getByLabel(en('login.phone.label'), { exact: true }).fill('9876543210');
    const continueButton = page.getByRole('button', { name: en('login.continue') });
    await continueButton.click();
    await page.getByText(en('error.otpRequest.wait', { time: '4:32' })).waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(await page.getByText('Too many OTP requests from this number').count()).toBe(0);
    await expect.poll(() => continueButton.isDisabled()).toBe(true);
    // the countdown runs
    await page.clock.runFor(2_000);
    await page.getByText(en('error.otpRequest.wait', { time: '4:30' })).waitFor();
    // and when it ends, Continue is back and the text is gone
    await page.clock.runFor(271_000);
    await expect.poll(() => continueButton.isEnabled()).toBe(true);
    expect(await page.getByText(/4:|0:0/).count()).toBe(0);
    await context.close();
  });
});
