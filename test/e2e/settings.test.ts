// Settings as a person uses them (issue 5 part 7): the text size and bold text apply at once
// (and Undo restores them), the language switches the whole app, auto-download choices are kept
// across a reload, and deleting the account needs the network and says so offline. Both screens
// carry the shared app bar (src/screens/shared/page-header.tsx).
import { describe, expect, it } from 'vitest';
import { e2eStage } from './helpers/stage';
import { seriousAxeViolations } from './helpers/browser';
import { openSignedIn } from './helpers/flows';
import { texts } from './helpers/messages';

const en = texts('en');
const hi = texts('hi');

const stage = e2eStage();

describe('settings', () => {
  it('change text, media and language at once; delete account says it needs the network', async () => {
    const { context, page } = await openSignedIn(stage.browser, stage.server.url, { name: 'Meena' });

    await page.getByRole('link', { name: en('settings.title') }).click();
    await page.getByRole('heading', { name: en('settings.title'), level: 1 }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // text size: applied at once to the whole app, Undo restores it
    const scale = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--app-size-scale').trim());
    expect(await scale()).toBe('1');
    await page.getByRole('slider', { name: en('settings.text.size') }).fill('1.2');
    await expect.poll(scale).toBe('1.2');
    await page.getByRole('button', { name: en('settings.text.decline') }).click();
    await expect.poll(scale).toBe('1');
    // (the switch follows the stored setting, so it turns on once the write lands)
    await page.getByRole('switch', { name: en('settings.text.bold') }).click();
    await expect.poll(() => page.getByRole('switch', { name: en('settings.text.bold') }).isChecked()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('bold-text'))).toBe(true);
    await page.getByRole('button', { name: en('settings.text.confirm') }).click();

    // auto-download: Photo by default; Video added and kept across a reload
    expect(await page.getByRole('switch', { name: en('settings.media.photo') }).isChecked()).toBe(true);
    expect(await page.getByRole('switch', { name: en('settings.media.video') }).isChecked()).toBe(false);
    await page.getByRole('switch', { name: en('settings.media.video') }).click();
    await expect.poll(() => page.getByRole('switch', { name: en('settings.media.video') }).isChecked()).toBe(true);
    await page.reload();
    await page.getByRole('switch', { name: en('settings.media.video') }).waitFor();
    expect(await page.getByRole('switch', { name: en('settings.media.video') }).isChecked()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.classList.contains('bold-text'))).toBe(true);

    // language: the whole screen switches at once
    await page.getByRole('button', { name: en('common.language.change', { language: 'English' }) }).click();
    await page.getByRole('radio', { name: /हिंदी/ }).click();
    await page.getByRole('heading', { name: hi('settings.title'), level: 1 }).waitFor();

    // delete account needs the network: offline the button is off and the screen says why
    await page.getByRole('link', { name: hi('settings.account.delete') }).click();
    await page.getByRole('heading', { name: hi('settings.delete.title') }).waitFor();
    // the shared app bar (as every screen below home): its Back returns to settings
    await page.locator('header.page-header').getByRole('heading', { name: hi('settings.delete.title'), level: 1 }).waitFor();
    await page.locator('header.page-header').getByRole('button', { name: hi('common.back') }).click();
    await page.locator('header.page-header').getByRole('heading', { name: hi('settings.title'), level: 1 }).waitFor();
    await page.getByRole('link', { name: hi('settings.account.delete') }).click();
    await page.getByRole('heading', { name: hi('settings.delete.title') }).waitFor();
    await context.setOffline(true);
    await page.getByText(hi('settings.delete.offline')).waitFor();
    expect(await page.getByRole('button', { name: hi('settings.delete.confirm') }).isDisabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.setOffline(false);
    // online: deleting signs out to the login screen
    await page.getByRole('button', { name: hi('settings.delete.confirm') }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});
