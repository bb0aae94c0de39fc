// Push notifications (issue 6 part 3) in Chromium: a push delivered to the app's service worker
// through the DevTools protocol (ServiceWorker.deliverPushMessage, the same event path a push
// service's message takes once decrypted) shows the system notification with the spec's text
// (title = bot name, body capped at 200 characters + '...', 'sent you a message!' for an empty
// text, one notification per bot, require-interaction); after the person mutes the conversation
// on the bot's profile, a push for that bot shows none.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Worker } from 'playwright-core';
import { freshNationalNumber } from './helpers/app-server';
import { signInAndOnboard } from './helpers/flows';
import { texts } from './helpers/messages';
import { registrationIdOf, waitForServiceWorker } from './helpers/service-worker';
import { e2eStage } from './helpers/stage';
import { notificationBody, notificationTextOf, type PushPayload } from '../../src/domain/notification-rules';

const en = texts('en');
const ECHO = '1000000000000001';
const SHOP = '1000000000000003';

const stage = e2eStage();

/** The payload the server sends for a bot message (server/push/sender.ts builds it the same way). */
async function serverPayload(botUuid: string, text: string): Promise<PushPayload> {
  const rows = await stage.server.db.query<{ name: string; icon: string }>('SELECT name, icon FROM bots WHERE bot_uuid = $1', [botUuid]);
  const bot = rows[0];
  if (!bot) throw new Error(`no bot ${botUuid}`);
  return { bot_uuid: botUuid, name: bot.name, icon: bot.icon, body: notificationBody(notificationTextOf({ text: { body: text } })) };
}

interface Shown { title: string; body: string; tag: string; requireInteraction: boolean; icon: string; data: unknown }

/** The notifications the service worker's registration shows now. */
function shownNotifications(sw: Worker): Promise<Shown[]> {
  return sw.evaluate(async () => {
    const reg = (self as unknown as ServiceWorkerGlobalScope).registration;
    const list = await reg.getNotifications();
    return list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, requireInteraction: n.requireInteraction, icon: n.icon, data: n.data as unknown }));
  });
}

function closeAll(sw: Worker): Promise<void> {
  return sw.evaluate(async () => {
    const reg = (self as unknown as ServiceWorkerGlobalScope).registration;
    for (const n of await reg.getNotifications()) n.close();
  });
}

/** The mute fields the page last wrote for the service worker (NOTIFY_STATE_URL in Cache Storage). */
function swMuteOf(sw: Worker, botUuid: string): Promise<number | null> {
  return sw.evaluate(async (bot) => {
    const cache = await caches.open('notify-state-v1');
    const res = await cache.match('/__notify-state.json');
    if (!res) return null;
    const state = (await res.json()) as { mutes?: Record<string, { mute_duration: number | null }> };
    return state.mutes?.[bot]?.mute_duration ?? null;
  }, botUuid);
}

async function appServiceWorker(context: BrowserContext): Promise<Worker> {
  const existing = context.serviceWorkers()[0];
  return existing ?? context.waitForEvent('serviceworker');
}

describe('push notifications', () => {
  it('a delivered push shows the notification with the spec text; a muted conversation gets none', async () => {
    const context = await stage.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' });
    await context.grantPermissions(['notifications'], { origin: stage.server.url });
    const page = await context.newPage();
    await page.goto(stage.server.url);
    await signInAndOnboard(page, freshNationalNumber(), { locale: 'en', name: 'Asha' });
    await waitForServiceWorker(page);
    expect(await page.evaluate(() => Notification.permission)).toBe('granted');
    const sw = await appServiceWorker(context);
    expect(new URL(sw.url()).pathname).toBe('/sw.js');

    const blank = await context.newPage();
    const cdp = await context.newCDPSession(blank);
    const registrationId = await registrationIdOf(cdp, `${stage.server.url}/`);
    const origin = new URL(stage.server.url).origin;
    const push = (payload: PushPayload | Record<string, unknown>) =>
      cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });

    // a long text: title = the bot's name, body cut at 200 characters + '...', one tag per bot
    const long = Array.from({ length: 250 }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
    const echo = await serverPayload(ECHO, long);
    expect(echo.name).toBe('Echo');
    await push(echo);
    await expect.poll(() => shownNotifications(sw), { timeout: 15_000 }).toHaveLength(1);
    const [first] = await shownNotifications(sw);
    expect(first).toMatchObject({ title: 'Echo', body: `${long.slice(0, 200)}...`, tag: `bot-${ECHO}`, requireInteraction: true, data: { bot_uuid: ECHO } });
    expect(first?.body).toHaveLength(203);
    if (echo.icon !== '') expect(first?.icon).toBe(new URL(echo.icon, stage.server.url).href);

    // an empty text: 'sent you a message!'; the same bot's notification is replaced, not added
    await push({ ...echo, body: '' });
    await expect.poll(async () => (await shownNotifications(sw)).map((n) => [n.tag, n.body])).toEqual([[`bot-${ECHO}`, 'sent you a message!']]);
    // the service worker applies the cap itself too (a raw 250-character body)
    await push({ ...echo, body: long });
    await expect.poll(async () => (await shownNotifications(sw)).map((n) => n.body)).toEqual([`${long.slice(0, 200)}...`]);
    // another bot gets its own notification
    const shop = await serverPayload(SHOP, 'Your order is ready');
    await push(shop);
    await expect.poll(async () => (await shownNotifications(sw)).map((n) => n.tag).sort()).toEqual([`bot-${ECHO}`, `bot-${SHOP}`]);
    const shopShown = (await shownNotifications(sw)).find((n) => n.tag === `bot-${SHOP}`);
    expect(shopShown).toMatchObject({ title: shop.name, body: 'Your order is ready', requireInteraction: true });
    await closeAll(sw);
    await expect.poll(() => shownNotifications(sw)).toEqual([]);

    // the person mutes Echo forever on its profile; the page hands the mute to the service worker
    await page.goto(`${stage.server.url}/chat/${ECHO}`);
    await page.getByRole('link', { name: en('chat.header.info') }).click();
    await page.waitForURL(/\/bot-info/);
    await page.getByRole('button', { name: en('botInfo.mute'), exact: true }).click();
    await page.getByTestId('mute-sheet').waitFor();
    await page.getByRole('button', { name: en('mute.always') }).click();
    await page.getByRole('button', { name: en('botInfo.unmute'), exact: true }).waitFor();
    await expect.poll(() => swMuteOf(sw, ECHO), { timeout: 15_000 }).toBe(-1);

    // a push for muted Echo, a malformed one, then one for Shop: push events reach the worker in
    // order and Echo's handler does less work (no showNotification), so once Shop's notification
    // is shown Echo's push has been handled: it showed nothing
    await push(await serverPayload(ECHO, 'are you there?'));
    await push({ name: 'no bot_uuid', body: 'x' });
    await push(await serverPayload(SHOP, 'still shown'));
    await expect.poll(async () => (await shownNotifications(sw)).map((n) => n.body), { timeout: 15_000 }).toEqual(['still shown']);
    expect((await shownNotifications(sw)).map((n) => n.tag)).toEqual([`bot-${SHOP}`]);

    await cdp.detach();
    await context.close();
  });
});
