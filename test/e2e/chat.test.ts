// A person opening a bot from Discover and chatting with it, in Debian's Chromium against the
// real server (in-process, in-memory PGlite, fixed code 1234): a text and its echo, the status
// marks, the conversation in the Chat tab, and a send while offline.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { e2eStage } from './helpers/stage';
import { seriousAxeViolations } from './helpers/browser';
import { notificationsDenied, openSignedIn } from './helpers/flows';
import { texts } from './helpers/messages';
import { botBubble, userBubble } from './helpers/chat';

const en = texts('en');
const ECHO_BOT_ID = '1000000000000001';

const stage = e2eStage();

async function signedInPage(): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await openSignedIn(stage.browser, stage.server.url, { beforePage: notificationsDenied });
  return { context, page };
}

/** From Discover into the Echo thread, ready to type. */
async function openEcho(page: Page): Promise<void> {
  await page.getByRole('button', { name: en('home.discover.chatWith', { name: 'Echo' }), exact: true }).click();
  await page.waitForURL(new RegExp(`/chat/${ECHO_BOT_ID}$`));
  await page.getByRole('heading', { name: 'Echo', exact: true, level: 1 }).waitFor();
  await page.getByRole('textbox', { name: en('chat.input.label') }).waitFor();
}

describe('chat', () => {
  it('texts typed and sent back to back, without waiting, are each sent once and shown in order', async () => {
    const { context, page } = await signedInPage();
    await openEcho(page);
    const input = page.getByRole('textbox', { name: en('chat.input.label') });
    const sent = Array.from({ length: 6 }, (_, i) => `quick ${i + 1}`);
    // a quick typist: the next text goes in while the previous send is still being stored
    for (const text of sent) {
      await input.fill(text);
      await input.press('Enter');
    }
    await expect.poll(() => input.inputValue()).toBe('');
    for (const text of sent) await botBubble(page, text).waitFor();
    const shown = await page.locator('.message-bubble--user .message-bubble__text').allTextContents();
    expect(shown).toEqual(sent);
    await context.close();
  });

  it('opens Echo from Discover, sends hello, sees the echo and the delivery marks; the Chat tab lists it', async () => {
    const { context, page } = await signedInPage();
    await page.getByRole('heading', { name: en('home.discover.suggested') }).waitFor();
    await openEcho(page);

    const input = page.getByRole('textbox', { name: en('chat.input.label') });
    const send = page.getByRole('button', { name: en('chat.input.send') });
    expect(await send.isDisabled()).toBe(true);
    await input.fill('hello');
    expect(await send.isDisabled()).toBe(false);
    await input.press('Enter');
    await expect.poll(() => input.inputValue()).toBe('');

    await userBubble(page, 'hello').waitFor();
    await botBubble(page, 'hello').waitFor();
    const marks = userBubble(page, 'hello').getByRole('img', { name: new RegExp(`^(${en('chat.status.sent')}|${en('chat.status.delivered')})$`) });
    await marks.waitFor();
    // The bot answered after it, so it ends delivered (two ticks).
    await userBubble(page, 'hello').getByRole('img', { name: en('chat.status.delivered') }).waitFor();
    await page.getByText(en('chat.day.today')).first().waitFor();

    const violations = await seriousAxeViolations(page);
    expect(violations, `thread: ${JSON.stringify(violations, null, 1)}`).toEqual([]);

    // Shift+Enter is a new line, not a send.
    await input.fill('two');
    await input.press('Shift+Enter');
    await input.pressSequentially('lines');
    expect(await input.inputValue()).toBe('two\nlines');
    await send.click();
    // the echo renders through MarkupText: the line break is a <br> (text 'two' + 'lines')
    await botBubble(page, 'twolines').locator('br').waitFor({ state: 'attached' });

    await page.getByRole('button', { name: en('chat.back') }).click();
    await page.waitForURL(/\/home$/);
    await page.getByRole('tab', { name: en('home.tab.chat') }).click();
    const row = page.getByRole('button', { name: /^Echo/ });
    await row.waitFor();
    const violationsList = await seriousAxeViolations(page);
    expect(violationsList, `chat list: ${JSON.stringify(violationsList, null, 1)}`).toEqual([]);
    await row.click();
    await page.waitForURL(new RegExp(`/chat/${ECHO_BOT_ID}$`));
    await botBubble(page, 'hello').waitFor();
    await context.close();
  });

  it('queues a message while offline (clock mark, notice) and delivers it when the network returns', async () => {
    const { context, page } = await signedInPage();
    await openEcho(page);
    await context.setOffline(true);
    await page.getByText(en('chat.offline')).waitFor();
    await page.getByText(en('chat.connection.waiting')).waitFor();
    const input = page.getByRole('textbox', { name: en('chat.input.label') });
    await input.fill('while offline');
    await input.press('Enter');
    await userBubble(page, 'while offline').getByRole('img', { name: en('chat.status.pending') }).waitFor();

    await context.setOffline(false);
    await botBubble(page, 'while offline').waitFor({ timeout: 60_000 });
    await userBubble(page, 'while offline').getByRole('img', { name: en('chat.status.delivered') }).waitFor();
    expect(await page.getByText(en('chat.offline')).count()).toBe(0);
    await context.close();
  });
});
