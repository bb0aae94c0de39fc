// The sync core's promise, as a person sees it in Chromium against the real server: messages
// written with no network are kept (also across a reload), shown pending, and delivered exactly
// once when the network returns, with the bot's replies; two tabs share one live socket.
//
// "Offline" for the reload: without the service worker (the PWA issue) a reload with the browser
// fully offline cannot load the page itself, so around the reload the API and the socket are cut
// outside the browser (helpers/api-cut-proxy.ts: Playwright's routing does not see the sync
// worker's requests) while the page's own files still load.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { e2eStage } from './helpers/stage';
import { openSignedIn } from './helpers/flows';
import { texts } from './helpers/messages';
import { botBubble, sendText, userBubble } from './helpers/chat';

const en = texts('en');
const ECHO_BOT_ID = '1000000000000001';

const stage = e2eStage({ proxy: true });

async function signedIn(): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await openSignedIn(stage.browser, stage.url, { name: 'Ravi' });
  return { context, page };
}

async function openEcho(page: Page): Promise<void> {
  await page.goto(`${stage.url}/chat/${ECHO_BOT_ID}`);
  await page.getByRole('textbox', { name: en('chat.input.label') }).waitFor();
}

describe('offline sync', () => {
  it('three messages written offline survive a reload and are each delivered once when the network returns', async () => {
    const { context, page } = await signedIn();
    await openEcho(page);
    await sendText(page, 'online first');
    await botBubble(page, 'online first').waitFor();

    // the network goes: three messages, all pending
    await context.setOffline(true);
    await page.getByText(en('chat.offline')).waitFor();
    for (const text of ['uno', 'dos', 'tres']) await sendText(page, text);
    for (const text of ['uno', 'dos', 'tres']) await userBubble(page, text).getByRole('img', { name: en('chat.status.pending') }).waitFor();

    // reload with the API and the socket still unreachable: history and the pending messages are there
    stage.proxy.cut(true);
    await context.setOffline(false);
    await page.reload();
    await page.getByRole('textbox', { name: en('chat.input.label') }).waitFor();
    await botBubble(page, 'online first').waitFor();
    for (const text of ['uno', 'dos', 'tres']) await userBubble(page, text).getByRole('img', { name: en('chat.status.pending') }).waitFor();

    // the network returns: each is delivered once, in order, and the echoes arrive
    stage.proxy.cut(false);
    for (const text of ['uno', 'dos', 'tres']) {
      await botBubble(page, text).waitFor({ timeout: 30_000 });
      await userBubble(page, text).getByRole('img', { name: en('chat.status.delivered') }).waitFor();
    }
    for (const text of ['uno', 'dos', 'tres']) expect(await userBubble(page, text).count()).toBe(1);
    // on the server: each stored once, in the order written
    const rows = await stage.server.db.query<{ body: string }>(
      "SELECT payload->'text'->>'body' AS body FROM messages WHERE sender = 'user' AND payload->'text'->>'body' = ANY($1::text[]) ORDER BY sk",
      [['uno', 'dos', 'tres']],
    );
    expect(rows.map((r) => r.body)).toEqual(['uno', 'dos', 'tres']);
    await context.close();
  });

  it('two tabs: one live socket, and both show new messages', async () => {
    const { context, page } = await signedIn();
    await openEcho(page);
    await sendText(page, 'from tab one');
    await botBubble(page, 'from tab one').waitFor();
    const second = await context.newPage();
    await second.goto(`${stage.url}/chat/${ECHO_BOT_ID}`);
    await second.getByRole('textbox', { name: en('chat.input.label') }).waitFor();
    await botBubble(second, 'from tab one').waitFor();
    // the second tab writes; the first tab's engine (the leader) delivers; both see the echo
    await sendText(second, 'from tab two');
    await botBubble(second, 'from tab two').waitFor();
    await botBubble(page, 'from tab two').waitFor();
    await expect.poll(() => stage.server.openSockets(), { timeout: 10_000 }).toBe(1);
    // the leader's tab closes: the other takes over the socket and stays live
    await page.close();
    await sendText(second, 'after the first tab closed');
    await botBubble(second, 'after the first tab closed').waitFor({ timeout: 20_000 });
    await expect.poll(() => stage.server.openSockets(), { timeout: 10_000 }).toBe(1);
    await context.close();
  });
});
