// Mini apps in Debian's Chromium against the real server (issue 17): each demo mini app opens in
// its sandboxed frame from /mini-apps, speaks the bridge (storage kept on the server and read back
// after a reload, sign-on through the mini app's own backend, a permission asked once: denied and
// granted, activity), a native link to rewards opens /rewards, a refused mini app shows the error
// state; skills corner keeps lesson progress; /mini-app-info rates and subscribes. MINI_SHOTS=<dir>
// saves screenshots (en and te, 390 and 1280 px).
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import type { FrameLocator, Page } from 'playwright-core';
import { e2eStage } from './helpers/stage';
import { dialogNamed, seriousAxeViolations, shotIfAsked } from './helpers/browser';
import { notificationsDenied, openSignedIn } from './helpers/flows';
import { texts, type Locale } from './helpers/messages';
import { userUuidOf } from './helpers/seed-thread';
import { waitForServiceWorker } from './helpers/service-worker';

const MANDI = '2000000000000101';
const QUIZ = '2000000000000102';
const CONVERTER = '2000000000000103';
const SHOTS = process.env.MINI_SHOTS;

const stage = e2eStage();
beforeAll(() => {
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
}

async function signedIn(locale: Locale = 'en') {
  const { context, page, national } = await openSignedIn(stage.browser, stage.server.url, { locale, beforePage: notificationsDenied });
  return { context, page, userUuid: await userUuidOf(stage.server.db, national) };
}

const frameOf = (page: Page): FrameLocator => page.frameLocator('[data-testid="mini-app-frame"]');

async function openFromList(page: Page, name: string, locale: Locale = 'en'): Promise<void> {
  const t = texts(locale);
  await page.goto(`${stage.server.url}/mini-apps`);
  await page.getByRole('heading', { name: t('miniApp.list.title'), level: 1 }).waitFor();
  // the button reads the name, then the description and rating
  await page.getByTestId('mini-app-item').getByRole('button', { name: new RegExp(`^${name} `) }).click();
  await page.waitForURL(/\/mini-app\?id=\d{16}$/);
}

const rows = <T extends object>(sql: string, params: unknown[]) => stage.server.db.query<T>(sql, params);

describe('mini apps', () => {
  it('daily quiz: keeps its streak in mini-app storage, signs on, asks for notifications once (denied), reports activity, subscribes', async () => {
    const { context, page, userUuid } = await signedIn();
    await openFromList(page, 'Daily Quiz');
    const quiz = frameOf(page);
    await quiz.getByRole('heading', { name: 'Daily Quiz' }).waitFor();
    // the view subscribed the user (queued, then delivered)
    await expect.poll(async () => (await rows('SELECT 1 FROM mini_app_subscriptions WHERE user_uuid = $1 AND mini_app_uuid = $2', [userUuid, QUIZ])).length, { timeout: 30_000 }).toBe(1);
    // today's question's right answer (the quiz picks by day: answers 0, 1, 1 in turn)
    const day = Math.floor(Date.now() / 86_400_000);
    const options = quiz.getByRole('group').getByRole('button');
    await expect.poll(() => options.count()).toBe(3);
    await options.nth([0, 1, 1][day % 3]!).click();
    await quiz.getByText('Right! Come back tomorrow.').waitFor();
    await expect.poll(async () => (await rows<{ value: string }>('SELECT value FROM mini_app_storage WHERE user_uuid = $1 AND mini_app_uuid = $2 AND key = $3', [userUuid, QUIZ, 'streak']))[0]?.value, { timeout: 30_000 })
      .toBe(JSON.stringify({ count: 1, day }));
    await expect.poll(async () => (await rows<{ activity: string; score: number }>('SELECT activity, score FROM mini_app_activity WHERE user_uuid = $1 AND mini_app_uuid = $2', [userUuid, QUIZ]))[0], { timeout: 30_000 })
      .toEqual({ activity: 'Answered right', score: 1 });
    // sign-on: the grant goes to the quiz's backend, which answers the user's name
    await quiz.getByRole('button', { name: 'Sign in' }).click();
    await quiz.getByText('Hello, Asha').waitFor();
    // a permission is asked of the user once per mini app; the answer is kept
    await quiz.getByRole('button', { name: 'Remind me daily' }).click();
    const ask = dialogNamed(page, texts('en')('miniApp.permission.notifications', { name: 'Daily Quiz' }));
    await ask.waitFor();
    await shot(page, 'en-quiz-permission');
    await ask.getByRole('button', { name: texts('en')('miniApp.permission.deny'), exact: true }).click();
    await quiz.getByText('Reminders not allowed.').waitFor();
    // a reload reads the streak back from storage, and the stored answer is not asked again
    await page.reload();
    const again = frameOf(page);
    await expect.poll(() => again.locator('#streak').textContent(), { timeout: 30_000 }).toBe('1');
    await again.getByText('You have answered today. Come back tomorrow.').waitFor();
    await again.getByRole('button', { name: 'Remind me daily' }).click();
    await again.getByText('Reminders not allowed.').waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await shot(page, 'en-quiz');
    await context.close();
  });

  it('mandi prices: searches, grants location once asked, and its rewards link opens /rewards', async () => {
    const { context, page, userUuid } = await signedIn();
    await openFromList(page, 'Mandi Prices');
    const mandi = frameOf(page);
    await mandi.getByRole('heading', { name: 'Mandi Prices' }).waitFor();
    await expect.poll(() => mandi.getByRole('listitem').count(), { timeout: 30_000 }).toBeGreaterThan(5);
    await mandi.getByRole('searchbox', { name: 'Search crop or market' }).fill('onion');
    await expect.poll(() => mandi.getByRole('listitem').count(), { timeout: 30_000 }).toBe(2);
    await expect.poll(async () => (await rows<{ value: string }>('SELECT value FROM mini_app_storage WHERE user_uuid = $1 AND mini_app_uuid = $2 AND key = $3', [userUuid, MANDI, 'last_search']))[0]?.value, { timeout: 30_000 }).toBe('onion');
    await mandi.getByRole('button', { name: 'Markets near me' }).click();
    const ask = dialogNamed(page, texts('en')('miniApp.permission.location', { name: 'Mandi Prices' }));
    await ask.getByRole('button', { name: texts('en')('miniApp.permission.allow'), exact: true }).click();
    await mandi.getByText('Location allowed: showing markets near you.').waitFor();
    await mandi.getByRole('button', { name: 'My rewards' }).click();
    await page.waitForURL(/\/rewards$/);
    await context.close();
  });

  it('unit converter: converts, keeps the chosen units in storage across a reload, and closes back', async () => {
    const { context, page } = await signedIn();
    await openFromList(page, 'Unit Converter');
    const conv = frameOf(page);
    await conv.getByRole('heading', { name: 'Unit Converter' }).waitFor();
    await conv.getByRole('spinbutton', { name: 'Amount' }).fill('3');
    await conv.getByRole('combobox', { name: 'From' }).selectOption('quintal');
    await conv.getByRole('combobox', { name: 'To' }).selectOption('kg');
    await expect.poll(() => conv.locator('#out').textContent()).toBe('300 Kilogram');
    await page.reload();
    const again = frameOf(page);
    await expect.poll(() => again.getByRole('combobox', { name: 'From' }).inputValue(), { timeout: 30_000 }).toBe('quintal');
    expect(await again.getByRole('combobox', { name: 'To' }).inputValue()).toBe('kg');
    await again.getByRole('button', { name: 'Sign in' }).click();
    await again.getByText('Hello, Asha').waitFor();
    await again.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(/\/mini-apps$/);
    await context.close();
  });

  it('a refused mini app shows the error state; the rewards tile opens /rewards; info rates and subscribes', async () => {
    const en = texts('en');
    const { context, page, userUuid } = await signedIn();
    await page.goto(`${stage.server.url}/mini-app?id=2999999999999999`);
    await page.getByTestId('mini-app-error').waitFor();
    expect(await page.getByTestId('mini-app-error').textContent()).toBe(en('miniApp.view.error'));
    await page.goto(`${stage.server.url}/mini-app-info?id=${CONVERTER}`);
    await page.getByRole('heading', { name: 'Unit Converter', level: 2 }).waitFor();
    await page.getByRole('button', { name: en('miniApp.info.rate', { stars: 4 }) }).click();
    await page.getByRole('button', { name: en('miniApp.info.subscribe') }).click();
    await page.getByRole('button', { name: en('miniApp.info.subscribed') }).waitFor();
    await expect.poll(async () => (await rows<{ rating: number }>('SELECT rating FROM mini_app_ratings WHERE user_uuid = $1 AND mini_app_uuid = $2', [userUuid, CONVERTER]))[0]?.rating, { timeout: 30_000 }).toBe(4);
    await expect.poll(async () => (await rows('SELECT 1 FROM mini_app_subscriptions WHERE user_uuid = $1 AND mini_app_uuid = $2', [userUuid, CONVERTER])).length, { timeout: 30_000 }).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'en-info');
    await page.goto(`${stage.server.url}/mini-apps`);
    await page.getByTestId('mini-app-item').getByRole('button', { name: /^Rewards / }).click();
    await page.waitForURL(/\/rewards$/);
    await context.close();
  });

  it('skills corner keeps lesson progress; digital class lists its courses', async () => {
    const en = texts('en');
    const { context, page, userUuid } = await signedIn();
    await page.goto(`${stage.server.url}/skills-corner`);
    await page.getByRole('heading', { name: en('skills.title'), level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('course').count(), { timeout: 30_000 }).toBe(2);
    await page.getByRole('button', { name: /^Spotting a fake message/ }).click();
    await page.getByRole('button', { name: en('skills.markDone') }).click();
    await page.getByTestId('lesson-body').getByRole('button', { name: en('skills.done'), exact: true }).waitFor();
    await expect.poll(async () => (await rows<{ percent: number }>('SELECT percent FROM lesson_progress WHERE user_uuid = $1 AND lesson_id = $2', [userUuid, 'sc-phone-1']))[0]?.percent, { timeout: 30_000 }).toBe(100);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'en-skills');
    await page.goto(`${stage.server.url}/digital-class`);
    await page.getByRole('heading', { name: en('digitalClass.title'), level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('course').count(), { timeout: 30_000 }).toBe(2);
    await context.close();
  });

  it('offline: the list and courses read from the device, a mini app says it needs the internet, rating and progress wait and are delivered', async () => {
    const en = texts('en');
    const { context, page, userUuid } = await signedIn();
    await page.goto(`${stage.server.url}/skills-corner`);
    await expect.poll(() => page.getByTestId('course').count(), { timeout: 30_000 }).toBe(2);
    await context.setOffline(true);
    await page.getByText(en('skills.offline')).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('course').count()).toBe(2);
    await page.getByRole('button', { name: /^Paying with UPI/ }).click();
    await page.getByTestId('lesson-body').getByRole('button', { name: en('skills.markDone'), exact: true }).click();
    await page.getByTestId('lesson-body').getByRole('button', { name: en('skills.done'), exact: true }).waitFor();
    const progress = async () => (await rows<{ percent: number }>('SELECT percent FROM lesson_progress WHERE user_uuid = $1 AND lesson_id = $2', [userUuid, 'sc-phone-2']))[0]?.percent;
    expect(await progress()).toBeUndefined();
    await context.setOffline(false);
    await expect.poll(progress, { timeout: 30_000 }).toBe(100);

    await page.goto(`${stage.server.url}/mini-app-info?id=${QUIZ}`);
    await page.getByRole('heading', { name: 'Daily Quiz', level: 2 }).waitFor();
    await context.setOffline(true);
    await page.getByRole('button', { name: en('miniApp.info.rate', { stars: 5 }) }).click();
    await expect.poll(() => page.getByRole('button', { name: en('miniApp.info.rate', { stars: 5 }) }).getAttribute('aria-pressed')).toBe('true');
    const rating = async () => (await rows<{ rating: number }>('SELECT rating FROM mini_app_ratings WHERE user_uuid = $1 AND mini_app_uuid = $2', [userUuid, QUIZ]))[0]?.rating;
    expect(await rating()).toBeUndefined();
    await context.setOffline(false);
    await expect.poll(rating, { timeout: 30_000 }).toBe(5);

    await page.goto(`${stage.server.url}/mini-apps`);
    await expect.poll(() => page.getByTestId('mini-app-item').count(), { timeout: 30_000 }).toBeGreaterThan(6);
    await context.setOffline(true);
    await page.getByText(en('miniApp.list.offline')).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('mini-app-item').count()).toBeGreaterThan(6);
    // the app as a person who has used it has it: controlled by its service worker, every screen's
    // code precached; a web mini app tapped offline says it needs the internet
    await context.setOffline(false);
    await page.goto(`${stage.server.url}/mini-apps`);
    await waitForServiceWorker(page);
    await expect.poll(() => page.getByTestId('mini-app-item').count(), { timeout: 30_000 }).toBeGreaterThan(6);
    await context.setOffline(true);
    await page.getByText(en('miniApp.list.offline')).waitFor({ timeout: 30_000 });
    await page.getByTestId('mini-app-item').getByRole('button', { name: /^Daily Quiz / }).click();
    await page.getByText(en('miniApp.view.offline')).waitFor({ timeout: 30_000 });
    await context.setOffline(false);
    await context.close();
  });

  it('offline, a screen never opened before the service worker took over says it needs the internet once (no reload to the browser\'s offline page)', async () => {
    const en = texts('en');
    // no service worker: as on a first visit before its precache is in
    const { context, page } = await openSignedIn(stage.browser, stage.server.url, { beforePage: notificationsDenied, context: { serviceWorkers: 'block' } });
    await page.goto(`${stage.server.url}/mini-apps`);
    await expect.poll(() => page.getByTestId('mini-app-item').count(), { timeout: 30_000 }).toBeGreaterThan(6);
    await context.setOffline(true);
    await page.getByText(en('miniApp.list.offline')).waitFor({ timeout: 30_000 });
    await page.getByTestId('mini-app-item').getByRole('button', { name: /^Daily Quiz / }).click();
    await page.getByRole('heading', { name: en('app.screenOffline.title') }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).origin).toBe(new URL(stage.server.url).origin);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shotIfAsked(page, 'screen-needs-network-390');
    // back where the user was; online again, the same tap opens the mini app
    await page.getByRole('button', { name: en('app.screenOffline.back') }).click();
    await page.getByText(en('miniApp.list.offline')).waitFor();
    await context.setOffline(false);
    await page.getByTestId('mini-app-item').getByRole('button', { name: /^Daily Quiz / }).click();
    await frameOf(page).getByRole('heading', { name: 'Daily Quiz' }).waitFor({ timeout: 30_000 });
    await context.close();
  });

  it('the webview shows where an https link leads with a way back, and refuses other links', async () => {
    const en = texts('en');
    const { context, page } = await signedIn();
    await page.goto(`${stage.server.url}/webview?url=${encodeURIComponent('https://example.org/crops?x=1')}`);
    expect(await page.getByTestId('webview-url').textContent()).toBe('https://example.org/crops?x=1');
    expect(await page.getByRole('link', { name: en('webview.open') }).getAttribute('href')).toBe('https://example.org/crops?x=1');
    await page.getByRole('button', { name: en('webview.back') }).click();
    await page.waitForURL(/\/home$/);
    await page.goto(`${stage.server.url}/webview?url=${encodeURIComponent('javascript:alert(1)')}`);
    await page.getByText(en('webview.invalid')).waitFor();
    expect(await page.getByRole('link', { name: en('webview.open') }).count()).toBe(0);
    await context.close();
  });

  it('in Telugu: the list, a mini app in Telugu and the skills corner', async () => {
    const te = texts('te');
    const { context, page } = await signedIn('te');
    await openFromList(page, 'రోజువారీ క్విజ్', 'te');
    await frameOf(page).getByRole('heading', { name: 'రోజువారీ క్విజ్' }).waitFor();
    await shot(page, 'te-quiz');
    await page.goto(`${stage.server.url}/mini-apps`);
    await page.getByRole('heading', { name: te('miniApp.list.title'), level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('mini-app-item').count(), { timeout: 30_000 }).toBeGreaterThan(6);
    await shot(page, 'te-mini-apps');
    await page.goto(`${stage.server.url}/skills-corner`);
    await page.getByRole('heading', { name: te('skills.title'), level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('course').count(), { timeout: 30_000 }).toBe(2);
    await shot(page, 'te-skills');
    await context.close();
  });
});
