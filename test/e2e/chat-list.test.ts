// The Chat tab with more conversations than a screen holds (issue 20: the list virtualised), in
// Debian's Chromium at 390x844 against the real server: only the rows near the screen are in the
// page, each says its place in the whole list, scrolling to the end shows the oldest chat, the
// keyboard walks every row in order without skipping the ones not yet rendered, a row far down
// opens its chat, and coming back finds the list scrolled where it was.
import { describe, expect, it } from 'vitest';
import { e2eStage } from './helpers/stage';
import { notificationsDenied, openSignedIn } from './helpers/flows';
import { texts } from './helpers/messages';
import { botBubble } from './helpers/chat';
import { seedTexts, userUuidOf } from './helpers/seed-thread';

const en = texts('en');
const EXTRA_BOTS = 45;
const botId = (i: number) => `20000000000${String(i).padStart(5, '0')}`;
const botName = (i: number) => `List bot ${i}`;

const stage = e2eStage();

describe('the chat list with many conversations', () => {
  it('keeps a screenful of rows in the page and still reaches, announces and opens every one', async () => {
    const { context, page, national } = await openSignedIn(stage.browser, stage.url, { beforePage: notificationsDenied });
    const db = stage.server.db;
    const userUuid = await userUuidOf(db, national);
    const now = Date.now();
    // bot i's last message is i minutes old: List bot 1 is the newest, List bot 45 the oldest
    for (let i = 1; i <= EXTRA_BOTS; i++) {
      await db.query('INSERT INTO bots (bot_uuid, name, created_at, updated_at) VALUES ($1, $2, $3, $3) ON CONFLICT DO NOTHING', [botId(i), botName(i), now]);
      await seedTexts(db, { userUuid, botUuid: botId(i), count: 2, endsAt: now - i * 60_000 });
    }
    await page.goto(`${stage.url}/home`);
    await page.getByRole('tab', { name: en('home.tab.chat') }).click();
    const rows = page.locator('.home-list__items--rows > li');
    await page.getByRole('button', { name: new RegExp(`^${botName(1)}\\b`) }).waitFor();

    // every conversation counted (the recent activity arrives in pages), a screenful (and a few) rendered
    await expect.poll(async () => Number(await rows.first().getAttribute('aria-setsize'))).toBeGreaterThanOrEqual(EXTRA_BOTS);
    const total = Number(await rows.first().getAttribute('aria-setsize'));
    expect(await rows.count()).toBeLessThan(25);
    expect(await rows.first().getAttribute('aria-posinset')).toBe('1');

    // the keyboard walks the rows in order: each Tab lands on the next one, rendered in time
    await rows.first().getByRole('button').focus();
    for (let i = 2; i <= 30; i++) {
      await page.keyboard.press('Tab');
      const at = await page.evaluate(() => document.activeElement?.closest('li')?.getAttribute('aria-posinset') ?? null);
      expect(at, `Tab ${i - 1} from the first row`).toBe(String(i));
    }

    // the end of the page shows the oldest chat, last in the list
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const oldest = page.getByRole('button', { name: new RegExp(`^${botName(EXTRA_BOTS)}\\b`) });
    await oldest.waitFor();
    expect(await oldest.locator('xpath=ancestor::li[1]').getAttribute('aria-posinset')).toBe(String(total));
    expect(await rows.count()).toBeLessThan(25);
    await oldest.click();
    await page.waitForURL(new RegExp(`/chat/${botId(EXTRA_BOTS)}$`));
    await botBubble(page, 'Message 2').waitFor();

    // back on the list, the page is where it was: the oldest chat on screen, not the top of the list
    await page.goBack();
    await oldest.waitFor();
    await expect.poll(async () => {
      const box = await oldest.boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= 844;
    }).toBe(true);
    await context.close();
  }, 120_000);
});
