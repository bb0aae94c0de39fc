// The thread follows the conversation (issue 11), in Debian's Chromium at 390x844 against the
// real server: after a send, and while the user is at (or within a screen of) the bottom, each
// new message comes fully into view above the input, tall ones too (the last option of the
// Showcase bot's `buttons 3`); quick texts to Echo each show their reply; a user reading history
// is not moved by a new message, a 'N new messages' pill counts it and takes them down to it.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { e2eStage } from './helpers/stage';
import { notificationsDenied, openSignedIn } from './helpers/flows';
import { texts } from './helpers/messages';
import { botBubble, sendText, userBubble } from './helpers/chat';
import { seedTexts, userUuidOf } from './helpers/seed-thread';

const en = texts('en');
const ECHO = '1000000000000001';
const SLOW = '1000000000000002';
const SHOWCASE = '1000000000000004';

const stage = e2eStage();

async function openThread(botUuid: string, before?: (national: string) => Promise<void>): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page, national } = await openSignedIn(stage.browser, stage.url, { beforePage: notificationsDenied });
  await before?.(national);
  await page.goto(`${stage.url}/chat/${botUuid}`);
  await page.getByRole('textbox', { name: en('chat.input.label') }).waitFor();
  return { page, close: () => context.close() };
}

/**
 * Where an element is against the thread's visible area: fully inside the list's scroller and
 * above the input (the composer's top edge), with the numbers for a failure message.
 */
function placeOf(target: Locator): Promise<{ visible: boolean; top: number; bottom: number; viewTop: number; viewBottom: number }> {
  return target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const scroller = document.querySelector('.thread__scroller')!.getBoundingClientRect();
    const composer = document.querySelector('.chat-composer')!.getBoundingClientRect();
    const viewTop = scroller.top;
    const viewBottom = Math.min(scroller.bottom, composer.top, window.innerHeight);
    return { visible: box.top >= viewTop - 0.5 && box.bottom <= viewBottom + 0.5, top: box.top, bottom: box.bottom, viewTop, viewBottom };
  });
}

async function expectFullyVisible(target: Locator): Promise<void> {
  await target.waitFor();
  await expect.poll(async () => (await placeOf(target)).visible, { timeout: 5_000 }).toBe(true);
}

describe('the thread follows the conversation', () => {
  it('brings the whole of a tall answer into view: the last option of `buttons 3` sits above the input', async () => {
    const { page, close } = await openThread(SHOWCASE);
    // as a new user: the welcome and its list of commands, a first command, then `buttons 3`
    await botBubble(page, 'Pick a command, or type it:').waitFor();
    await sendText(page, 'text');
    await expectFullyVisible(botBubble(page, 'Hello! This is a plain text message from the Showcase bot.'));
    await sendText(page, 'buttons 3');
    await userBubble(page, 'buttons 3').waitFor();
    const last = page.getByRole('group', { name: en('chat.options.label') }).last().getByRole('button', { name: 'Blue' });
    await last.waitFor();
    await expect.poll(() => placeOf(last).then((p) => p.visible ? true : JSON.stringify(p)), { timeout: 5_000 }).toBe(true);
    await expectFullyVisible(botBubble(page, 'Pick a colour:'));
    await close();
  }, 120_000);

  it('shows each reply to 20 quick texts to Echo, fully, above the input', async () => {
    const { page, close } = await openThread(ECHO);
    // A live conversation: the thread has started (Echo's welcome came over the connection). Texts
    // typed before the sync worker of this fresh page is up (about 2 s here) are queued, and their
    // replies then land at once, the newest in view: a burst, not what this test is about.
    await botBubble(page, 'Hello! I repeat whatever you write.').waitFor();
    // Every frame: the echo bubbles fully inside the visible area (seen at least once each).
    await page.evaluate(() => {
      const seen = new Set<string>();
      (window as unknown as { __seen: Set<string> }).__seen = seen;
      const look = () => {
        const scroller = document.querySelector('.thread__scroller')?.getBoundingClientRect();
        const composer = document.querySelector('.chat-composer')?.getBoundingClientRect();
        if (scroller && composer) {
          const bottom = Math.min(scroller.bottom, composer.top);
          for (const b of document.querySelectorAll('.message-bubble--bot')) {
            const box = b.getBoundingClientRect();
            const text = b.querySelector('.message-bubble__text')?.textContent ?? '';
            if (box.top >= scroller.top - 0.5 && box.bottom <= bottom + 0.5) seen.add(text);
          }
        }
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    const sent = Array.from({ length: 20 }, (_, i) => `quick ${i + 1}`);
    for (const text of sent) await sendText(page, text);
    // the older bubbles leave the DOM (virtualised): wait for the last reply, then for the record
    await botBubble(page, 'quick 20').waitFor();
    const seen = () => page.evaluate(() => [...(window as unknown as { __seen: Set<string> }).__seen]);
    await expect.poll(async () => { const s = await seen(); return sent.filter((t) => !s.includes(t)); }, { timeout: 5_000 }).toEqual([]);
    // and the newest one stays in view
    await expectFullyVisible(botBubble(page, 'quick 20'));
    await close();
  }, 180_000);

  it('follows a reply half a screen up; keeps a reader of history in place when a message arrives, counts it on a pill, and the pill takes them to it', async () => {
    const { page, close } = await openThread(SLOW, async (national) => {
      const userUuid = await userUuidOf(stage.server.db, national);
      await seedTexts(stage.server.db, { userUuid, botUuid: SLOW, count: 60, endsAt: Date.now() - 10 * 60_000 });
    });
    const scroller = page.locator('.thread__scroller');
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await botBubble(page, 'Message 59').waitFor();
    // the slow bot answers in 2 s: half a screen up from the end the answer is still followed
    await sendText(page, 'near');
    await expectFullyVisible(userBubble(page, 'near'));
    await scroller.evaluate((el) => { el.scrollTop -= el.clientHeight / 2; });
    await botBubble(page, 'near').waitFor({ timeout: 30_000 });
    await expectFullyVisible(botBubble(page, 'near'));
    expect(await page.locator('.thread__jump').count()).toBe(0);
    // more than a screen up the user reads history: nothing moves
    await sendText(page, 'ping');
    await expectFullyVisible(userBubble(page, 'ping'));
    const read = await scroller.evaluate(async (el) => {
      const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
      el.scrollTop = Math.max(0, el.scrollHeight - el.clientHeight * 3);
      await frame();
      await frame();
      const box = el.getBoundingClientRect();
      const text = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)?.closest('.thread__row')?.querySelector('.message-bubble__text')?.textContent ?? null;
      return { text, scrollTop: el.scrollTop };
    });
    expect(read.text).toMatch(/^Message \d+$/);
    const topOf = (text: string) => scroller.evaluate((el, t) => [...el.querySelectorAll('.message-bubble__text')].find((e) => e.textContent === t)?.getBoundingClientRect().top ?? NaN, text);
    const before = await topOf(read.text!);

    const pill = page.getByRole('button', { name: en('chat.jumpToNewest.count', { count: 1 }) });
    await pill.waitFor({ timeout: 30_000 });
    // a few frames more for any late re-pin
    await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => r())))));
    expect(Math.abs((await topOf(read.text!)) - before)).toBeLessThanOrEqual(1);
    expect(Math.abs((await scroller.evaluate((el) => el.scrollTop)) - read.scrollTop)).toBeLessThanOrEqual(1);
    expect(await botBubble(page, 'ping').count()).toBe(0);

    await pill.click();
    await expectFullyVisible(botBubble(page, 'ping'));
    await page.locator('.thread__jump').waitFor({ state: 'detached' });
    await close();
  }, 180_000);
});
