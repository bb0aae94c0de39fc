// Bot state as a person sees it (issue 11), in Debian's Chromium against the real server: a
// blocked bot's thread says so and offers Unblock instead of the input (an unblock made offline
// is applied at once and delivered on reconnect); Block asks first; a report is acknowledged;
// Discover and the bot's profile show the same subscriber count and the profile has no app-wide
// "people use the app" line; an empty review is stopped under its field and a posted one is in
// the list at once; a muted chat has a muted mark in the Chat tab. Screenshots at 390 and 1280
// px, in English and Telugu, go to /tmp/bot-state-shots.
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { REPORT_REASONS } from '../../server/bot-profile/seed';
import { VIDYA_TUTOR_ID } from '../../server/discovery/catalog';
import { dialogNamed, seriousAxeViolations } from './helpers/browser';
import { openSignedIn, notificationsDenied } from './helpers/flows';
import { texts, type Locale } from './helpers/messages';
import { e2eStage } from './helpers/stage';

const en = texts('en');
const ECHO = '1000000000000001';
const SHOP = '1000000000000003';
const SHOTS = '/tmp/bot-state-shots';
mkdirSync(SHOTS, { recursive: true });

const stage = e2eStage();

async function signedIn(locale: Locale = 'en'): Promise<{ context: BrowserContext; page: Page; mobile: string }> {
  const { context, page, national } = await openSignedIn(stage.browser, stage.url, { locale, context: { locale: 'en-IN' }, beforePage: notificationsDenied });
  return { context, page, mobile: `+91${national}` };
}

async function serverConversation(mobile: string, bot: string) {
  const rows = await stage.server.db.query<{ block_time: number | null; mute_duration: number | null }>(
    'SELECT c.block_time, c.mute_duration FROM conversations c JOIN users u ON u.user_uuid = c.user_uuid WHERE u.mobile = $1 AND c.bot_uuid = $2',
    [mobile, bot],
  );
  return rows[0];
}

async function axeClean(page: Page, what: string): Promise<void> {
  const violations = await seriousAxeViolations(page);
  expect(violations, `${what}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}

/** Lets a dialog's fade-in finish, so a screenshot shows what a person sees. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

async function openProfile(page: Page, bot: string, name: string): Promise<void> {
  await page.goto(`${stage.url}/bot-info?bot=${bot}`);
  await page.getByRole('heading', { name, level: 2 }).waitFor();
}

/** Opens Echo's chat from Discover (which subscribes), so the conversation exists. */
async function startEcho(page: Page): Promise<void> {
  await page.getByRole('button', { name: en('home.discover.chatWith', { name: 'Echo' }), exact: true }).click();
  await page.waitForURL(new RegExp(`/chat/${ECHO}$`));
  await page.getByRole('textbox', { name: en('chat.input.label') }).waitFor();
  // no wait for the thread's start (Echo's welcome): a quick user opens the profile and mutes
  // before it, and the conversation must still be named in the Chat tab (modifyConversation names
  // a conversation it creates from the profile it has read)
}

describe('bot state', () => {
  it('Block asks first; a blocked thread offers Unblock instead of the input; an offline unblock is delivered on reconnect', async () => {
    const { context, page, mobile } = await signedIn();
    await startEcho(page);
    await page.getByRole('link', { name: en('chat.header.info') }).click();
    await page.getByRole('heading', { name: 'Echo', level: 2 }).waitFor();

    // Block asks first: denying leaves the bot as it was
    await page.getByRole('button', { name: en('botInfo.block'), exact: true }).click();
    const confirm = dialogNamed(page, en('botInfo.blockConfirm.title', { name: 'Echo' }));
    await confirm.waitFor();
    await axeClean(page, 'block confirm');
    await page.screenshot({ path: `${SHOTS}/block-confirm-en-390.png` });
    await confirm.getByRole('button', { name: en('botInfo.cancel') }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: en('botInfo.block'), exact: true }).waitFor();
    expect(await page.getByText(en('botInfo.blockedNotice')).count()).toBe(0);
    expect((await serverConversation(mobile, ECHO))?.block_time ?? null).toBeNull();

    await page.getByRole('button', { name: en('botInfo.block'), exact: true }).click();
    await confirm.getByRole('button', { name: en('botInfo.block'), exact: true }).click();
    await page.getByText(en('botInfo.blockedNotice')).waitFor();
    await expect.poll(async () => (await serverConversation(mobile, ECHO))?.block_time ?? null, { timeout: 10_000 }).not.toBeNull();

    // the thread: says it is blocked, offers Unblock, no input
    await page.getByRole('button', { name: en('botInfo.openChat') }).click();
    await page.waitForURL(new RegExp(`/chat/${ECHO}$`));
    await page.getByText(en('chat.blocked.notice', { name: 'Echo' })).waitFor();
    const unblock = page.getByRole('button', { name: en('botInfo.unblock'), exact: true });
    await unblock.waitFor();
    expect(await page.getByRole('textbox', { name: en('chat.input.label') }).count()).toBe(0);
    await axeClean(page, 'blocked thread');
    await page.screenshot({ path: `${SHOTS}/blocked-thread-en-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SHOTS}/blocked-thread-en-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });

    // offline: unblocked at once (the input is back), delivered when the network returns
    await context.setOffline(true);
    await unblock.click();
    await page.getByRole('textbox', { name: en('chat.input.label') }).waitFor();
    expect(await page.getByText(en('chat.blocked.notice', { name: 'Echo' })).count()).toBe(0);
    expect((await serverConversation(mobile, ECHO))?.block_time ?? null).not.toBeNull();
    await context.setOffline(false);
    await expect.poll(async () => (await serverConversation(mobile, ECHO))?.block_time ?? null, { timeout: 30_000 }).toBeNull();
    await context.close();
  });

  it('a report is acknowledged, sent online and queued offline', async () => {
    const { context, page, mobile } = await signedIn();
    await openProfile(page, SHOP, 'Saathi Shop');
    const report = async () => {
      await page.getByRole('button', { name: en('botInfo.report'), exact: true }).click();
      const dialog = dialogNamed(page, en('report.title', { name: 'Saathi Shop' }));
      await dialog.getByRole('radio', { name: REPORT_REASONS[0]!.reason }).check();
      await dialog.getByRole('button', { name: en('report.send') }).click();
      await dialog.waitFor({ state: 'detached' });
    };
    await report();
    await page.getByRole('status').getByText(en('report.sent', { name: 'Saathi Shop' })).waitFor();
    await page.screenshot({ path: `${SHOTS}/report-sent-en-390.png` });
    const reports = async () => (await stage.server.db.query('SELECT 1 FROM bot_reports r JOIN users u ON u.user_uuid = r.user_uuid WHERE u.mobile = $1', [mobile])).length;
    await expect.poll(reports, { timeout: 10_000 }).toBe(1);

    await context.setOffline(true);
    await report();
    await page.getByRole('status').getByText(en('report.queued', { name: 'Saathi Shop' })).waitFor();
    await axeClean(page, 'report queued');
    expect(await reports()).toBe(1);
    await context.setOffline(false);
    await expect.poll(reports, { timeout: 30_000 }).toBe(2);
    await context.close();
  });

  it('Discover and the profile show the same subscriber count; no app-wide count on the profile', async () => {
    const { context, page } = await signedIn();
    const row = page.locator('.discovery-bot', { has: page.getByRole('heading', { name: /Vidya Tutor/ }) });
    const meta = (await row.getByText(/ · /).textContent()) ?? '';
    const count = /· (\S+) /.exec(meta)?.[1];
    expect(count, meta).toBeTruthy();
    await row.getByRole('button', { name: en('home.discover.about', { name: 'Vidya Tutor' }) }).click();
    await page.waitForURL(new RegExp(`/bot-info\\?bot=${VIDYA_TUTOR_ID}$`));
    await page.getByTestId('subscriber-count').getByText(en('botInfo.subscribers', { count: count! }), { exact: true }).waitFor();
    expect(await page.getByText(/people use the app|person uses the app/).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/profile-vidya-en-390.png`, fullPage: true });
    await context.close();
  });

  it('an empty review is stopped under its field; a posted review is in the list at once', async () => {
    const { context, page } = await signedIn();
    await page.goto(`${stage.url}/bot-review?bot=${ECHO}`);
    await page.getByRole('article', { name: 'Meena' }).waitFor();
    const heading = page.getByRole('heading', { name: new RegExp(`^${en('botInfo.reviews')} \\(\\d+\\)$`) });
    const total = Number(/\((\d+)\)/.exec((await heading.textContent()) ?? '')?.[1]);

    await page.getByRole('button', { name: en('review.write') }).click();
    const field = page.getByRole('textbox', { name: en('review.yours') });
    await field.fill('   ');
    await page.getByRole('button', { name: en('review.post') }).click();
    await page.getByText(en('review.emptyError')).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    // the message is the field's description, and not the operation error
    const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(en('review.emptyError'));
    expect(await page.getByText(en('error.operation.submitReview')).count()).toBe(0);
    await axeClean(page, 'empty review');
    await page.screenshot({ path: `${SHOTS}/review-empty-en-390.png` });
    // typing clears it
    await field.fill('Answers straight away.');
    expect(await page.getByText(en('review.emptyError')).count()).toBe(0);

    await page.getByRole('button', { name: en('review.post') }).click();
    const mine = page.getByRole('article', { name: en('review.you') });
    await mine.getByText('Answers straight away.').waitFor();
    await page.getByRole('heading', { name: `${en('botInfo.reviews')} (${total + 1})` }).waitFor();
    await page.screenshot({ path: `${SHOTS}/review-posted-en-390.png`, fullPage: true });
    // and still there once the server's answer replaced the local one, after a reload
    await page.reload();
    await page.getByRole('article', { name: en('review.you') }).getByText('Answers straight away.').waitFor();
    await context.close();
  });

  it('a muted chat has a muted mark in the Chat tab', async () => {
    const { context, page, mobile } = await signedIn();
    await startEcho(page);
    await openProfile(page, ECHO, 'Echo');
    await page.getByRole('button', { name: en('botInfo.mute'), exact: true }).click();
    await page.getByRole('button', { name: en('mute.always') }).click();
    await page.getByRole('button', { name: en('botInfo.unmute'), exact: true }).waitFor();
    await expect.poll(async () => (await serverConversation(mobile, ECHO))?.mute_duration, { timeout: 10_000 }).toBe(-1);
    await page.goto(`${stage.url}/home`);
    await page.getByRole('tab', { name: en('home.tab.chat') }).click();
    const row = page.getByRole('button', { name: /^Echo/ });
    await row.waitFor();
    await row.getByRole('img', { name: en('home.chat.muted') }).waitFor();
    await axeClean(page, 'chat list muted');
    await page.screenshot({ path: `${SHOTS}/chat-list-muted-en-390.png` });
    // unmuted: the mark goes
    await openProfile(page, ECHO, 'Echo');
    await page.getByRole('button', { name: en('botInfo.unmute'), exact: true }).click();
    await page.getByRole('button', { name: en('botInfo.mute'), exact: true }).waitFor();
    await page.goto(`${stage.url}/home`);
    await page.getByRole('tab', { name: en('home.tab.chat') }).click();
    await row.waitFor();
    expect(await row.getByRole('img', { name: en('home.chat.muted') }).count()).toBe(0);
    await context.close();
  });

  it('Telugu: the blocked thread, the profile and the chat list (screenshots)', async () => {
    const te = texts('te');
    const { context, page } = await signedIn('te');
    await page.getByRole('button', { name: te('home.discover.chatWith', { name: 'Echo' }), exact: true }).click();
    await page.waitForURL(new RegExp(`/chat/${ECHO}$`));
    // the thread loaded (Echo's welcome in) before the profile, for the screenshots; the quick
    // path (the profile before the thread's start) is startEcho's
    await page.locator('.message-bubble__text').first().waitFor({ timeout: 30_000 });
    await openProfile(page, ECHO, 'Echo');
    await page.getByRole('button', { name: te('botInfo.mute'), exact: true }).click();
    await page.getByRole('button', { name: te('mute.always') }).click();
    await page.getByRole('button', { name: te('botInfo.block'), exact: true }).click();
    const confirm = dialogNamed(page, te('botInfo.blockConfirm.title', { name: 'Echo' }));
    await confirm.waitFor();
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/block-confirm-te-390.png` });
    await confirm.getByRole('button', { name: te('botInfo.block'), exact: true }).click();
    await page.getByText(te('botInfo.blockedNotice')).waitFor();
    await page.screenshot({ path: `${SHOTS}/profile-te-390.png`, fullPage: true });
    await page.goto(`${stage.url}/chat/${ECHO}`);
    await page.getByText(te('chat.blocked.notice', { name: 'Echo' })).waitFor();
    await page.screenshot({ path: `${SHOTS}/blocked-thread-te-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SHOTS}/blocked-thread-te-1280.png` });
    await page.getByRole('button', { name: te('botInfo.unblock'), exact: true }).click();
    await page.getByRole('textbox', { name: te('chat.input.label') }).waitFor();
    await page.goto(`${stage.url}/home`);
    await page.getByRole('tab', { name: te('home.tab.chat') }).click();
    await page.getByRole('button', { name: /^Echo/ }).getByRole('img', { name: te('home.chat.muted') }).waitFor();
    await page.screenshot({ path: `${SHOTS}/chat-list-te-1280.png` });
    await page.goto(`${stage.url}/bot-review?bot=${ECHO}`);
    await page.getByRole('button', { name: te('review.write') }).click();
    await page.getByRole('button', { name: te('review.post') }).click();
    await page.getByText(te('review.emptyError')).waitFor();
    await page.screenshot({ path: `${SHOTS}/review-empty-te-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/review-empty-te-390.png` });
    await context.close();
  });
});
