// The demo bots hold real conversations (issue 11), as a person meets them in Debian's Chromium
// against the real server: Kisan Mitra opened from Discover, three buttons tapped down its
// decision tree to a piece of advice; Echo's "Two" answered with the option's label, not its index.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eStage } from './helpers/stage';
import { seriousAxeViolations } from './helpers/browser';
import { notificationsDenied, openSignedIn } from './helpers/flows';
import { texts } from './helpers/messages';
import { botBubble, userBubble } from './helpers/chat';

const en = texts('en');
const ECHO_BOT_ID = '1000000000000001';
const KISAN_MITRA_ID = '1000000000000103';

const stage = e2eStage();

/** Opens a bot from Discover and waits for its thread. */
async function openFromDiscover(page: Page, name: string, botUuid: string): Promise<void> {
  await page.getByRole('heading', { name: en('home.discover.recommended') }).waitFor();
  await page.getByRole('button', { name: en('home.discover.chatWith', { name }), exact: true }).click();
  await page.waitForURL(new RegExp(`/chat/${botUuid}$`));
  await page.getByRole('heading', { name, exact: true, level: 1 }).waitFor();
}

/** Taps an option of the newest button message; resolves when the user's answer shows. */
async function tap(page: Page, label: string): Promise<void> {
  const options = page.getByRole('group', { name: en('chat.options.label') }).last();
  await options.getByRole('button', { name: label, exact: true }).click();
  await userBubble(page, label).waitFor();
}

describe('the demo bots talk', () => {
  it('Kisan Mitra, opened from Discover, leads through three buttons to crop advice', async () => {
    const { context, page } = await openSignedIn(stage.browser, stage.url, { beforePage: notificationsDenied });
    await openFromDiscover(page, 'Kisan Mitra', KISAN_MITRA_ID);
    await botBubble(page, 'What do you need help with today?').waitFor();
    await tap(page, 'Crop advice');
    await botBubble(page, 'Which crop?').waitFor();
    await tap(page, 'Wheat');
    await botBubble(page, 'Wheat: what would you like to know?').waitFor();
    await tap(page, 'Pests and disease');
    const advice = page.locator('.message-bubble--bot .message-bubble__text', { hasText: 'yellow rust' });
    await advice.waitFor();
    expect(await advice.innerText()).toContain('propiconazole');
    // the advice offers the way back, and the three earlier questions can no longer be answered
    const last = page.getByRole('group', { name: en('chat.options.label') }).last();
    expect(await last.getByRole('button').allInnerTexts()).toEqual(['Back', 'Main menu']);
    expect(await page.getByRole('button', { name: 'Weather advice', exact: true }).isDisabled()).toBe(true);
    const violations = await seriousAxeViolations(page);
    expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
    await context.close();
  });

  it('Echo names the option chosen: tapping "Two" answers that "Two" was chosen', async () => {
    const { context, page } = await openSignedIn(stage.browser, stage.url, { beforePage: notificationsDenied });
    await openFromDiscover(page, 'Echo', ECHO_BOT_ID);
    await tap(page, 'Two');
    await botBubble(page, 'You chose "Two"').waitFor({ timeout: 10_000 });
    await context.close();
  });
});
