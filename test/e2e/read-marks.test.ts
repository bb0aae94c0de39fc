// The read mark kept on the server (issue 11 A), as a person meets it: read a chat, sign out,
// sign in again in a fresh browser (a second device, nothing stored): the chat is not unread.
import { describe, expect, it } from 'vitest';
import { e2eStage } from './helpers/stage';
import { TEST_OTP } from './helpers/app-server';
import { notificationsDenied, openSignedIn, requestCode, typeCode } from './helpers/flows';
import { botBubble, sendText } from './helpers/chat';
import { texts } from './helpers/messages';
import { dialogNamed } from './helpers/browser';

const en = texts('en');
const ECHO = '1000000000000001';

// the server's clock runs ahead when a test needs it: a new code for the same number waits 59 s
let ahead = 0;
const stage = e2eStage({ server: { now: () => Date.now() + ahead } });

describe('read marks', () => {
  it('a chat read on one device is not unread after signing in again on another', async () => {
    const first = await openSignedIn(stage.browser, stage.url, { beforePage: notificationsDenied });
    const { page, national } = first;
    await page.getByRole('heading', { name: en('home.discover.recommended') }).waitFor();
    await page.getByRole('button', { name: en('home.discover.chatWith', { name: 'Echo' }), exact: true }).first().click();
    await page.waitForURL(new RegExp(`/chat/${ECHO}$`));
    await sendText(page, 'hello echo');
    await botBubble(page, 'hello echo').waitFor();

    // the thread showed its newest message: the mark reaches the server (through the bot-actions queue)
    const newestBotSk = async () => (await stage.server.db.query<{ sk: string }>(
      `SELECT max(m.sk) AS sk FROM messages m JOIN users u ON u.user_uuid = m.user_uuid WHERE u.mobile = $1 AND m.bot_uuid = $2 AND m.sender = 'bot'`,
      [`+91${national}`, ECHO],
    ))[0]?.sk;
    const mark = async () => (await stage.server.db.query<{ last_read_sk: string | null }>(
      'SELECT c.last_read_sk FROM conversations c JOIN users u ON u.user_uuid = c.user_uuid WHERE u.mobile = $1 AND c.bot_uuid = $2',
      [`+91${national}`, ECHO],
    ))[0]?.last_read_sk;
    await expect.poll(mark, { timeout: 15_000 }).toBe(await newestBotSk());

    await page.getByRole('button', { name: en('chat.back') }).click();
    await page.waitForURL(/\/home$/);
    await page.getByRole('button', { name: en('home.logout') }).click();
    await dialogNamed(page, en('dialog.logout.title')).getByRole('button', { name: en('dialog.logout.accept') }).click();
    await page.getByLabel(en('login.phone.label'), { exact: true }).waitFor();
    await first.context.close();

    // a second device: a fresh browser context, nothing stored
    ahead += 61_000;
    const context = await stage.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' });
    await notificationsDenied(context);
    const again = await context.newPage();
    await again.goto(stage.url);
    await requestCode(again, national);
    await typeCode(again, TEST_OTP);
    await again.waitForURL(/\/home/);
    await again.getByRole('tab', { name: en('home.tab.chat') }).click();
    const row = again.getByRole('tabpanel').getByRole('button', { name: /Echo/ });
    await row.waitFor();
    // the list came from the server (its last message is the bot's answer) and shows no unread count
    await again.getByRole('tabpanel').getByText('hello echo').waitFor();
    expect(await again.locator('.conversation-row--unread').count()).toBe(0);
    expect(await row.textContent()).not.toContain(en('home.chat.unread', { count: 1 }));
    await context.close();
  });
});
