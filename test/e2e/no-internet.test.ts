// With the server gone, a tap that needs it shows the no-internet dialog (spec part 1 §8).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { dialogNamed, launchBrowser, seriousAxeViolations } from './helpers/browser';
import { freshNationalNumber, startAppServer } from './helpers/app-server';
import { texts } from './helpers/messages';

const en = texts('en');
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

describe('no internet', () => {
  it('shows the no-internet dialog when the server has stopped, and the number is kept', async () => {
    const server = await startAppServer();
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await page.goto(server.url);
      const phone = page.getByLabel(en('login.phone.label'), { exact: true });
      await phone.waitFor();
      const number = freshNationalNumber();
      await phone.fill(number);

      // Drop the browser's keep-alive connections too, as a crashed or unplugged server would,
      // instead of waiting out their idle timeout.
      const closing = server.close();
      server.app.server.closeAllConnections();
      await closing;
      await page.getByRole('button', { name: en('login.continue') }).click();

      const dialog = dialogNamed(page, en('error.noInternet.title'));
      await dialog.waitFor();
      await dialog.getByText(en('error.noInternet.body')).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await phone.inputValue()).toBe(number);
    } finally {
      await page.close();
      await server.close().catch(() => undefined);
    }
  });
});
