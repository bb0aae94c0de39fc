// Issue 18 in the browser: each gated feature flipped on the server (remote config) appears and
// disappears from the navigation and its route; a custom code changes the home; the profile is
// edited offline (shown at once, sent once when back online, photo included) and online; an email
// is verified from the link the server logs.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_REMOTE_FLAGS, type RemoteFlags } from '../../src/api/remote-flags';
import { FIXED_MINI_APP_IDS } from '../../src/domain/mini-apps';
import { launchBrowser, shotIfAsked } from './helpers/browser';
import { startAppServer } from './helpers/app-server';
import { notificationsDenied, openSignedIn } from './helpers/flows';
import { waitForServiceWorker } from './helpers/service-worker';
import { texts } from './helpers/messages';
import { sendText, userBubble } from './helpers/chat';
import { SAMPLES } from '../integration/helpers/media';
import { storeMessage } from '../../server/bots/store';

const en = texts('en');
let browser: Browser;
let flags: RemoteFlags = { ...DEFAULT_REMOTE_FLAGS };
const logLines: string[] = [];
let server: Awaited<ReturnType<typeof startAppServer>>;

beforeAll(async () => {
  const stream = new Writable({ write(chunk, _enc, done) { logLines.push(String(chunk)); done(); } });
  server = await startAppServer({ server: { remoteFlags: () => flags, logger: { level: 'info', stream } } });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const FEATURES = [
  { feature: 'engage', flag: 'enable_engage', path: '/engage' },
  { feature: 'rewards', flag: 'rewards_enable', path: '/rewards' },
  { feature: 'competition_zone', flag: 'competition_zone_enable', path: '/competition-zone' },
  { feature: 'leaderboards', flag: 'leaderboards_enable', path: '/leaderboards' },
  { feature: 'skills_corner', flag: 'skills_corner_enable', path: '/skills-corner' },
  { feature: 'digital_class', flag: 'digilab_enable', path: '/digital-class' },
] as const;

const featureLink = (page: Page, feature: string) => page.locator(`a[data-feature="${feature}"]`);

async function reloadHome(page: Page): Promise<void> {
  // a new page life fetches the remote config afresh (its first fetch skips the cache)
  await page.goto(`${server.url}/home`);
  await page.getByRole('tab', { name: en('home.tab.discover') }).waitFor();
}

describe('the one feature gate', () => {
  it.each(FEATURES)('$flag on the server shows and hides $path', async ({ feature, flag, path }) => {
    flags = { ...DEFAULT_REMOTE_FLAGS, [flag]: false };
    const { context, page } = await openSignedIn(browser, server.url, { beforePage: notificationsDenied });
    try {
      await page.goto(`${server.url}${path}`);
      await page.getByTestId('feature-off').waitFor();
      await reloadHome(page);
      expect(await featureLink(page, feature).count()).toBe(0);
      flags = { ...DEFAULT_REMOTE_FLAGS, [flag]: true };
      await reloadHome(page);
      await featureLink(page, feature).waitFor();
      await featureLink(page, feature).click();
      await page.waitForURL(new RegExp(`${path}$`));
      expect(await page.getByTestId('feature-off').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('posts_enable off takes the Post tab away and /feed says so', async () => {
    flags = { ...DEFAULT_REMOTE_FLAGS, posts_enable: false };
    const { context, page } = await openSignedIn(browser, server.url, { beforePage: notificationsDenied });
    try {
      await reloadHome(page);
      expect(await page.getByRole('tab', { name: en('home.tab.post') }).count()).toBe(0);
      await page.goto(`${server.url}/feed`);
      await page.getByTestId('feature-off').waitFor();
      flags = { ...DEFAULT_REMOTE_FLAGS, posts_enable: true };
      await reloadHome(page);
      await page.getByRole('tab', { name: en('home.tab.post') }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('dot_engage marks the games link; min_version_code forces the update', async () => {
    flags = { ...DEFAULT_REMOTE_FLAGS, enable_engage: true, dot_engage: true };
    const { context, page } = await openSignedIn(browser, server.url, { beforePage: notificationsDenied });
    try {
      await reloadHome(page);
      await page.getByTestId('dot-engage').waitFor();
      flags = { ...DEFAULT_REMOTE_FLAGS, min_version_code: 1_000_000_000 };
      await reloadHome(page).catch(() => undefined);
      await page.getByTestId('force-update').waitFor();
    } finally {
      await context.close();
    }
  });

  it('a school custom code opens the competition zone on the home', async () => {
    flags = { ...DEFAULT_REMOTE_FLAGS, competition_zone_enable: false };
    const { context, page } = await openSignedIn(browser, server.url, { beforePage: notificationsDenied });
    try {
      await reloadHome(page);
      expect(await featureLink(page, 'competition_zone').count()).toBe(0);
      await page.goto(`${server.url}/custom-code`);
      await page.getByLabel(en('customCode.input')).fill('school2026');
      await page.getByRole('button', { name: en('customCode.check') }).click();
      await page.getByTestId('custom-code-preview').waitFor();
      await shotIfAsked(page, 'custom-code-preview');
      await page.getByRole('button', { name: en('customCode.apply') }).click();
      await page.getByText(en('customCode.applied')).waitFor();
      await page.goto(`${server.url}/home`);
      await featureLink(page, 'competition_zone').waitFor();
    } finally {
      await context.close();
    }
  });
});

const SHOWCASE = '1000000000000004';

describe('location and the dot badges', () => {
  it('location_enable off takes Location out of the attach menu and /share-location says so; on, Location shares the device position, and so does /share-location', async () => {
    flags = { ...DEFAULT_REMOTE_FLAGS, location_enable: false };
    const { context, page } = await openSignedIn(browser, server.url, {
      beforePage: notificationsDenied,
      context: { permissions: ['geolocation'], geolocation: { latitude: 17.385044, longitude: 78.486671 } },
    });
    try {
      // the notice proves the device holds the flag off before the chat opens
      await page.goto(`${server.url}/share-location`);
      await page.getByTestId('feature-off').waitFor();
      await page.goto(`${server.url}/chat/${SHOWCASE}`);
      await page.getByRole('button', { name: en('attach.button') }).click();
      await page.getByRole('menuitem', { name: en('attach.option.document') }).waitFor();
      expect(await page.getByRole('menuitem', { name: en('attach.option.location') }).count()).toBe(0);

      flags = { ...DEFAULT_REMOTE_FLAGS, location_enable: true };
      await page.goto(`${server.url}/chat/${SHOWCASE}`);
      await page.getByRole('button', { name: en('attach.button') }).click();
      await page.getByRole('menuitem', { name: en('attach.option.location') }).click();
      await page.getByRole('img', { name: en('chat.location.mapLabel', { coordinates: '17.385044, 78.486671' }) }).waitFor();
      await page.locator('.message-bubble--bot').filter({ hasText: /17\.385044, 78\.486671/ }).waitFor();
      // /share-location?bot=: the same share as a page of its own; once queued, the thread opens
      await page.goto(`${server.url}/share-location?bot=${SHOWCASE}`);
      await page.getByRole('heading', { name: en('shareLocation.title') }).waitFor();
      expect(await page.getByTestId('feature-off').count()).toBe(0);
      await shotIfAsked(page, 'share-location');
      await page.getByRole('button', { name: en('shareLocation.current') }).click();
      await page.waitForURL(new RegExp(`/chat/${SHOWCASE}$`));
      const shared = page.getByRole('img', { name: en('chat.location.mapLabel', { coordinates: '17.385044, 78.486671' }) });
      await expect.poll(() => shared.count(), { timeout: 30_000 }).toBe(2);
    } finally {
      await context.close();
    }
  });

  it('location_enable off: a bot\'s location request says sharing is not available instead of offering the picker; on, it offers it', async () => {
    flags = { ...DEFAULT_REMOTE_FLAGS, location_enable: false };
    const { context, page, national } = await openSignedIn(browser, server.url, { beforePage: notificationsDenied });
    try {
      const [user] = await server.db.query<{ user_uuid: string }>('SELECT user_uuid FROM users WHERE mobile LIKE $1', [`%${national}`]);
      await server.db.transaction((tx) => storeMessage(tx, {
        userUuid: user!.user_uuid, botUuid: SHOWCASE, sender: 'bot', type: 'rich_input',
        payload: { text: { body: 'Where should we deliver?' }, rich_input: { type: 'location' } },
      }, Date.now()));
      // the notice proves the device holds the flag off before the chat opens
      await page.goto(`${server.url}/share-location`);
      await page.getByTestId('feature-off').waitFor();
      await page.goto(`${server.url}/chat/${SHOWCASE}`);
      await page.locator('.rich-input__prompt', { hasText: 'Where should we deliver?' }).waitFor();
      await page.getByText(en('chat.richInput.locationOff')).waitFor();
      expect(await page.getByRole('button', { name: en('chat.richInput.shareLocation') }).count()).toBe(0);
      await shotIfAsked(page, 'location-request-off');
      flags = { ...DEFAULT_REMOTE_FLAGS, location_enable: true };
      await reloadHome(page);
      await page.goto(`${server.url}/chat/${SHOWCASE}`);
      await page.getByRole('button', { name: en('chat.richInput.shareLocation') }).waitFor();
      expect(await page.getByText(en('chat.richInput.locationOff')).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('dot_reward, dot_leaderboards and dot_digilab each mark their link while on, and only theirs', async () => {
    const base: RemoteFlags = { ...DEFAULT_REMOTE_FLAGS, rewards_enable: true, leaderboards_enable: true, digilab_enable: true };
    const DOTS = [
      { flag: 'dot_reward', feature: 'rewards', name: 'feature.rewards' },
      { flag: 'dot_leaderboards', feature: 'leaderboards', name: 'feature.leaderboards' },
      { flag: 'dot_digilab', feature: 'digital_class', name: 'feature.digital_class' },
    ] as const;
    flags = base;
    const { context, page } = await openSignedIn(browser, server.url, { beforePage: notificationsDenied });
    const dot = (feature: string) => page.getByTestId(`dot-${feature}`);
    try {
      await reloadHome(page);
      for (const { feature } of DOTS) await featureLink(page, feature).waitFor();
      for (const { feature } of DOTS) expect(await dot(feature).count()).toBe(0);
      // one flag on at a time: each new badge shows that the fresh flags arrived (the device
      // shows the ones it kept until then), so the badge before it must be gone in the same view
      for (const { flag, feature, name } of DOTS) {
        flags = { ...base, [flag]: true };
        await reloadHome(page);
        await dot(feature).waitFor();
        expect(await featureLink(page, feature).getAttribute('aria-label')).toBe(en('feature.newDot', { feature: en(name) }));
        for (const other of DOTS) if (other.feature !== feature) expect(await dot(other.feature).count()).toBe(0);
        if (feature === 'rewards') await shotIfAsked(page, 'dot-rewards');
      }
      // and all off again
      flags = base;
      await reloadHome(page);
      await featureLink(page, 'digital_class').waitFor();
      await expect.poll(() => dot('digital_class').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('the live quiz', () => {
  it('live_quiz_enable lists Live Quiz among Discover\'s mini apps, off it is gone; dot_live_quiz marks it', async () => {
    flags = { ...DEFAULT_REMOTE_FLAGS, live_quiz_enable: false };
    const { context, page } = await openSignedIn(browser, server.url, { beforePage: notificationsDenied });
    const row = page.locator('section[aria-labelledby="discover-mini-apps"]');
    const liveQuiz = row.locator(`li[data-mini-app="${FIXED_MINI_APP_IDS.liveQuiz}"]`);
    try {
      await reloadHome(page);
      // the row is there (other mini apps), without Live Quiz
      await row.getByRole('button', { name: 'Unit Converter' }).waitFor();
      expect(await liveQuiz.count()).toBe(0);
      flags = { ...DEFAULT_REMOTE_FLAGS, live_quiz_enable: true };
      await reloadHome(page);
      await liveQuiz.getByRole('button', { name: 'Live Quiz', exact: true }).waitFor();
      expect(await liveQuiz.getByTestId('icon-tile-dot').count()).toBe(0);
      flags = { ...DEFAULT_REMOTE_FLAGS, live_quiz_enable: true, dot_live_quiz: true };
      await reloadHome(page);
      await liveQuiz.getByTestId('icon-tile-dot').waitFor();
      await liveQuiz.getByRole('button', { name: en('feature.newDot', { feature: 'Live Quiz' }) }).waitFor();
      await liveQuiz.scrollIntoViewIfNeeded();
      await shotIfAsked(page, 'live-quiz-dot');
      // the dot alone does not bring back a feature that is off
      flags = { ...DEFAULT_REMOTE_FLAGS, live_quiz_enable: false, dot_live_quiz: true };
      await reloadHome(page);
      await row.getByRole('button', { name: 'Unit Converter' }).waitFor();
      await expect.poll(() => liveQuiz.count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

const UNIT_CONVERTER = '2000000000000103';

describe('the flags with no screen of their own', () => {
  it('tap-to-send: a website button of an action message also tells the bot (flag 1), a card\'s does not (flag 2 off); the review ask shows once; the Chat tab hides mini apps by support_bot_mini_apps_hidden', async () => {
    flags = { ...DEFAULT_REMOTE_FLAGS, web_button_tap_to_send_flag: true, web_button_tap_to_send_flag_2: false, in_app_review_flag: true, support_bot_mini_apps_hidden: false };
    const { context, page } = await openSignedIn(browser, server.url, { beforePage: notificationsDenied });
    // the links open new tabs (to example.com, unreachable here): close them
    context.on('page', (tab) => void tab.close());
    try {
      // a mini app of the user's own, for the Chat tab's row
      await page.goto(`${server.url}/mini-app-info?id=${UNIT_CONVERTER}`);
      await page.getByRole('button', { name: en('miniApp.info.subscribe') }).click();
      await page.getByRole('button', { name: en('miniApp.info.subscribed') }).waitFor();

      await page.goto(`${server.url}/chat/${SHOWCASE}`);
      await sendText(page, 'action');
      await page.getByRole('link', { name: /Open our website/ }).click();
      await userBubble(page, 'Open our website').waitFor();
      await sendText(page, 'card');
      await page.getByRole('link', { name: /Learn more/ }).click();
      await page.waitForTimeout(1000);
      expect(await userBubble(page, 'Learn more').count()).toBe(0);

      // home: the ask names the bot the user wrote to; the user's mini app is listed
      await page.getByRole('button', { name: en('chat.back') }).click();
      await page.getByRole('tab', { name: en('home.tab.chat') }).click();
      await page.getByTestId('in-app-review').waitFor();
      await page.getByRole('heading', { name: en('home.chat.miniApps') }).waitFor();
      await shotIfAsked(page, 'in-app-review');
      await page.getByTestId('in-app-review').getByRole('button', { name: en('home.reviewAsk.rate') }).click();
      await page.waitForURL(new RegExp(`/bot-review\\?bot=${SHOWCASE}`));
      // asked once: not again, and with support_bot_mini_apps_hidden the Chat tab lists bots only
      flags = { ...flags, support_bot_mini_apps_hidden: true };
      await page.goto(`${server.url}/home`);
      await page.getByRole('tab', { name: en('home.tab.chat') }).click();
      await page.getByRole('heading', { name: en('home.chat.heading') }).waitFor();
      await expect.poll(() => page.getByRole('heading', { name: en('home.chat.miniApps') }).count(), { timeout: 10_000 }).toBe(0);
      expect(await page.getByTestId('in-app-review').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('/manage-profile', () => {
  it('edits offline show at once and are sent when back online (photo included); the logged link verifies the email', async () => {
    flags = { ...DEFAULT_REMOTE_FLAGS };
    const { context, page } = await openSignedIn(browser, server.url, { beforePage: notificationsDenied });
    try {
      await page.goto(`${server.url}/manage-profile`);
      const name = page.getByLabel(en('profile.name'), { exact: true });
      await name.waitFor();
      // the reload below is offline: the service worker must control the page to serve it
      await waitForServiceWorker(page);
      await name.waitFor();
      await context.setOffline(true);
      await name.fill('  Asha Offline  ');
      await page.getByLabel(en('profile.email'), { exact: true }).fill('asha.offline@example.com');
      await page.getByRole('button', { name: en('profile.save') }).click();
      await page.getByText(en('profile.savedOffline')).waitFor();
      // a photo chosen offline, cropped, waits on the device
      const png = Buffer.from(SAMPLES.find((x) => x.label === 'PNG')!.data);
      await page.getByTestId('profile-photo-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
      await page.getByRole('button', { name: en('profile.photo.crop.use') }).click();
      await page.getByText(en('profile.photo.waiting')).waitFor();
      await page.reload().catch(() => undefined);
      await expect.poll(async () => page.getByLabel(en('profile.name'), { exact: true }).inputValue(), { timeout: 30_000 }).toBe('Asha Offline');
      await context.setOffline(false);
      // sent: the photo is uploaded and the edit is the server's profile now
      await expect.poll(async () => (await page.getByText(en('profile.photo.waiting')).count()), { timeout: 60_000 }).toBe(0);
      await page.getByTestId('profile-photo').waitFor();
      await shotIfAsked(page, 'manage-profile');
      await page.getByRole('button', { name: en('profile.email.send') }).click();
      await page.getByText(en('profile.email.sent', { email: 'asha.offline@example.com' })).waitFor();
      const line = logLines.find((l) => l.includes('email to asha.offline@example.com'));
      const link = /(http\S+verify-email\?token=[^"\s\\]+)/.exec(line ?? '')?.[1];
      expect(link).toBeDefined();
      await page.goto(link!);
      await page.getByTestId('email-outcome').waitFor();
      await page.getByTestId('email-verified').waitFor();
    } finally {
      await context.close();
    }
  });
});
