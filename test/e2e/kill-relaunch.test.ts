// The outbox survives a killed browser (DESIGN.md §4): messages queued while the server is out of
// reach, Chromium killed (SIGKILL, no shutdown), Chromium started again on the same profile: each
// message reaches the server exactly once. CI runs KILL_RELAUNCH_ROUNDS (default 2) rounds on one
// profile; `npm run soak` runs 20 and prints the count.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { freshNationalNumber, startAppServer } from './helpers/app-server';
import { signInAndOnboard } from './helpers/flows';
import { texts } from './helpers/messages';
import { botBubble, sendText, userBubble } from './helpers/chat';
import { startApiCutProxy, type ApiCutProxy } from './helpers/api-cut-proxy';
import { launchKillable, type KillableChromium } from './helpers/killable-chromium';
import { serverCounts, waitForServiceWorker } from './helpers/service-worker';

const en = texts('en');
const ECHO_BOT_ID = '1000000000000001';
const ROUNDS = Number(process.env.KILL_RELAUNCH_ROUNDS ?? 2);
const PER_ROUND = 2;

let server: Awaited<ReturnType<typeof startAppServer>>;
let proxy: ApiCutProxy;
let profile: string;
let chromium: KillableChromium | null = null;

beforeAll(async () => {
  server = await startAppServer();
  proxy = await startApiCutProxy(server.url);
  profile = mkdtempSync(join(tmpdir(), 'kill-relaunch-'));
});

afterAll(async () => {
  await chromium?.kill();
  await proxy?.close();
  await server?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

async function openThread(page: Page): Promise<void> {
  await page.goto(`${proxy.url}/chat/${ECHO_BOT_ID}`);
  await page.getByRole('textbox', { name: en('chat.input.label') }).waitFor();
}

describe('kill and relaunch', () => {
  it(`${ROUNDS} rounds: messages queued, the browser killed and started again, each delivered once`, { timeout: 60_000 + ROUNDS * 45_000 }, async () => {
    chromium = await launchKillable(profile);
    let page = await chromium.context.newPage();
    await page.goto(proxy.url);
    await signInAndOnboard(page, freshNationalNumber(), { locale: 'en', name: 'Dev' });
    await openThread(page);
    await waitForServiceWorker(page);

    let deliveries = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const bodies = Array.from({ length: PER_ROUND }, (_, i) => `round ${round} message ${i + 1}`);
      proxy.cut(true);
      for (const text of bodies) await sendText(page, text);
      for (const text of bodies) await userBubble(page, text).getByRole('img', { name: en('chat.status.pending') }).waitFor();
      await chromium.kill();
      expect(await serverCounts(server.db, bodies)).toEqual(bodies.map(() => 0));

      proxy.cut(false);
      chromium = await launchKillable(profile);
      page = await chromium.context.newPage();
      await openThread(page);
      await expect.poll(() => serverCounts(server.db, bodies), { timeout: 30_000 }).toEqual(bodies.map(() => 1));
      for (const text of bodies) {
        await botBubble(page, text).waitFor({ timeout: 30_000 });
        await expect.poll(() => userBubble(page, text).count()).toBe(1);
      }
      deliveries += bodies.length;
    }
    // the whole history once more: nothing of an earlier round came twice
    const all = Array.from({ length: ROUNDS }, (_, r) => Array.from({ length: PER_ROUND }, (_, i) => `round ${r + 1} message ${i + 1}`)).flat();
    expect(await serverCounts(server.db, all)).toEqual(all.map(() => 1));
    console.log(`kill-relaunch: ${ROUNDS} rounds, ${deliveries} of ${ROUNDS * PER_ROUND} messages delivered exactly once`);
  });
});
