// Saved items in Debian's Chromium against the real server (issue 5 part 5): a message saved in
// the Echo thread shows on /saved-items (reached from Settings); unsave takes it out at once and
// on the server, Undo brings it back; a refused unsave (the server answering 422) puts it back with
// the translated text; offline the list stays readable and an unsave is applied at once, queued,
// and delivered when the network returns; tapping an item opens its chat; axe clean in English
// and Hindi. SAVED_SHOTS=<dir> also saves screenshots.
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { e2eStage } from './helpers/stage';
import { seriousAxeViolations } from './helpers/browser';
import { openSignedIn } from './helpers/flows';
import { texts, type Locale } from './helpers/messages';
import { botBubble, sendText } from './helpers/chat';
import { userUuidOf } from './helpers/seed-thread';

const ECHO = '1000000000000001';
const SHOTS = process.env.SAVED_SHOTS;

const stage = e2eStage();
beforeAll(() => {
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Signs in, sends `text` to Echo and saves Echo's reply (reading `shown`); answers once the server has the item. */
async function saveEchoReply(locale: Locale, text: string, shown = text): Promise<{ context: BrowserContext; page: Page; userUuid: string }> {
  const t = texts(locale);
  const { context, page, national } = await openSignedIn(stage.browser, stage.server.url, { locale });
  const userUuid = await userUuidOf(stage.server.db, national);
  await page.getByRole('button', { name: t('home.discover.chatWith', { name: 'Echo' }), exact: true }).click();
  await page.waitForURL(new RegExp(`/chat/${ECHO}$`));
  await page.getByRole('textbox', { name: texts('en')('chat.input.label') }).or(page.getByRole('textbox', { name: t('chat.input.label') })).first().waitFor();
  await sendTextIn(page, locale, text);
  const reply = botBubble(page, shown);
  await reply.getByRole('button', { name: t('chat.tools.save'), exact: true }).click();
  await reply.getByRole('button', { name: t('chat.tools.saved'), exact: true }).waitFor();
  await expect.poll(async () => (await stage.server.db.query('SELECT 1 FROM saved_items WHERE user_uuid = $1 AND unsaved_at IS NULL', [userUuid])).length, { timeout: 30_000 }).toBe(1);
  return { context, page, userUuid };
}

async function sendTextIn(page: Page, locale: Locale, text: string): Promise<void> {
  if (locale === 'en') return sendText(page, text);
  const input = page.getByRole('textbox', { name: texts(locale)('chat.input.label') });
  await input.fill(text);
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe('');
}

/** Settings → Your items → Saved items. */
async function openSavedItems(page: Page, locale: Locale): Promise<void> {
  const t = texts(locale);
  await page.goto(`${stage.server.url}/settings`);
  await page.getByRole('link', { name: t('settings.items.saved'), exact: true }).waitFor();
  await shot(page, `${locale}-0-settings`);
  await page.getByRole('link', { name: t('settings.items.saved'), exact: true }).click();
  await page.waitForURL(/\/saved-items$/);
  await page.getByRole('heading', { name: t('savedItems.title'), exact: true, level: 1 }).waitFor();
}

const unsavedAt = async (userUuid: string) => (await stage.server.db.query<{ unsaved_at: string | null }>('SELECT unsaved_at FROM saved_items WHERE user_uuid = $1', [userUuid])).map((r) => r.unsaved_at !== null);

describe('saved items', () => {
  it('shows a saved message, unsaves with Undo, restores on refusal, queues an unsave offline, opens the chat, axe clean', async () => {
    const en = texts('en');
    const text = 'Remember the *blue* door';
    const { context, page, userUuid } = await saveEchoReply('en', text, 'Remember the blue door');
    await openSavedItems(page, 'en');
    const items = page.getByTestId('saved-item');
    await expect.poll(() => items.count(), { timeout: 30_000 }).toBe(1);
    const item = items.first();
    await item.getByText('Echo', { exact: true }).waitFor();
    // the message through MarkupText: *blue* is bold
    expect(await item.locator('.saved-item__body').innerText()).toBe('Remember the blue door');
    await item.locator('strong', { hasText: 'blue' }).or(item.locator('b', { hasText: 'blue' })).first().waitFor();
    await page.getByRole('group', { name: en('savedItems.filters') }).getByRole('button', { name: 'Echo (1)' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'en-1-list');

    // Unsave: gone at once, Undo offered, unsaved on the server; Undo brings it back everywhere.
    await item.getByRole('button', { name: en('savedItems.unsaveName', { name: 'Echo' }) }).click();
    await expect.poll(() => items.count()).toBe(0);
    const undo = page.getByTestId('saved-items-undo');
    await undo.getByText(en('savedItems.unsaved')).waitFor();
    await expect.poll(() => unsavedAt(userUuid), { timeout: 30_000 }).toEqual([true]);
    // the bot's chip goes with its last item
    await expect.poll(() => page.getByRole('group', { name: en('savedItems.filters') }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'en-2-undo');
    await undo.getByRole('button', { name: en('savedItems.undo') }).click();
    await expect.poll(() => items.count()).toBe(1);
    await expect.poll(() => unsavedAt(userUuid), { timeout: 30_000 }).toEqual([false]);

    // A refusal (422 from the server): the item comes back with the translated text.
    await context.route('**/bot/unsave-item', (route) => route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ message: 'No' }) }));
    await items.first().getByRole('button', { name: en('savedItems.unsaveName', { name: 'Echo' }) }).click();
    await page.getByTestId('saved-items-notice').getByText(en('savedItems.error.unsave')).waitFor({ timeout: 30_000 });
    await expect.poll(() => items.count()).toBe(1);
    expect(await unsavedAt(userUuid)).toEqual([false]);
    await context.unroute('**/bot/unsave-item');
    await page.getByTestId('saved-items-notice').getByRole('button', { name: en('savedItems.dismiss') }).click();

    // Tapping the item opens the bot's chat.
    await items.first().getByRole('button', { name: /^Echo/ }).click();
    await page.waitForURL(new RegExp(`/chat/${ECHO}$`));
    await openSavedItems(page, 'en');
    await expect.poll(() => items.count(), { timeout: 30_000 }).toBe(1);

    // Offline (issue 5: every action applied at once and queued): the list stays, the note says
    // why, an unsave takes the item out at once and waits; it stays out when the screen opens
    // again offline, and reaches the server once the network is back.
    await context.setOffline(true);
    await page.getByText(en('savedItems.offline')).waitFor({ timeout: 30_000 });
    expect(await items.count()).toBe(1);
    await items.first().getByRole('button', { name: en('savedItems.unsaveName', { name: 'Echo' }) }).click();
    await expect.poll(() => items.count()).toBe(0);
    await page.getByTestId('saved-items-undo').getByText(en('savedItems.unsaved')).waitFor();
    expect(await page.getByTestId('saved-items-notice').count()).toBe(0);
    await shot(page, 'en-3-offline');
    // opened again offline (Settings and back in): the stored list shows, without the item
    await page.getByRole('button', { name: en('botInfo.back') }).click();
    await page.getByRole('link', { name: en('settings.items.saved'), exact: true }).click();
    await page.getByText(en('savedItems.offlineEmpty')).waitFor({ timeout: 30_000 });
    expect(await items.count()).toBe(0);
    expect(await unsavedAt(userUuid)).toEqual([false]);
    await context.setOffline(false);
    await expect.poll(() => unsavedAt(userUuid), { timeout: 30_000 }).toEqual([true]);
    await expect.poll(() => items.count()).toBe(0);
    expect(await page.getByTestId('saved-items-notice').count()).toBe(0);
    await context.close();
  });

  it('pages by 8 with Load more', async () => {
    const en = texts('en');
    const { context, page, userUuid } = await saveEchoReply('en', 'Item zero');
    // nine more saved items of this user straight into the database (parts 1..9 of the same message)
    const [saved] = await stage.server.db.query<{ message_id: string; message: object }>('SELECT message_id, message FROM saved_items WHERE user_uuid = $1', [userUuid]);
    const more = Array.from({ length: 9 }, (_, i) => i + 1);
    for (const n of more) {
      await stage.server.db.query(
        `INSERT INTO saved_items (saved_item_uuid, user_uuid, bot_uuid, message_id, item_index, message, saved_at) VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6)`,
        [userUuid, ECHO, saved!.message_id, n, JSON.stringify({ ...saved!.message, text: { body: `Extra ${n}` } }), Date.now() + n * 1000],
      );
    }
    const total = 1 + more.length;
    expect(total).toBeGreaterThan(8);
    await openSavedItems(page, 'en');
    const items = page.getByTestId('saved-item');
    await expect.poll(() => items.count(), { timeout: 30_000 }).toBe(8);
    await page.getByRole('button', { name: en('savedItems.loadMore') }).click();
    await expect.poll(() => items.count(), { timeout: 30_000 }).toBe(total);
    await expect.poll(() => page.getByRole('button', { name: en('savedItems.loadMore') }).count()).toBe(0);
    await context.close();
  });

  it('reads in Hindi, axe clean', async () => {
    const hi = texts('hi');
    const { context, page } = await saveEchoReply('hi', 'नीला दरवाज़ा याद रखें');
    await openSavedItems(page, 'hi');
    await expect.poll(() => page.getByTestId('saved-item').count(), { timeout: 30_000 }).toBe(1);
    await page.getByRole('button', { name: hi('savedItems.unsaveName', { name: 'Echo' }) }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'hi-1-list');
    await context.close();
  });
});
