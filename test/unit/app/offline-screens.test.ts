// The screens used offline, loaded ahead on a page no service worker controls yet
// (src/app/offline-screens.ts): in order, one at a time at idle moments, after the first paint,
// only the thread on a controlled page, past a chunk that fails, once per page.
import { afterEach, describe, expect, it } from 'vitest';
import { OFFLINE_SCREENS, resetOfflineScreensForTest, warmOfflineScreens, type WarmupEnv } from '../../../src/app/offline-screens';

afterEach(() => resetOfflineScreensForTest());

function stage(opts: { controlledAfter?: number; failing?: string } = {}) {
  const log: string[] = [];
  let loads = 0;
  const env: WarmupEnv = {
    controlled: () => opts.controlledAfter !== undefined && loads >= opts.controlledAfter,
    painted: async () => { log.push('painted'); },
    idle: async () => { log.push('idle'); },
    load: async (step) => {
      loads++;
      log.push(step);
      if (step === opts.failing) throw new Error('offline (test)');
    },
  };
  return { env, log };
}

describe('warmOfflineScreens', () => {
  it('after the paint, loads the thread first, then the other screens and the Feed tab, each at an idle moment', async () => {
    const { env, log } = stage();
    await warmOfflineScreens(env);
    expect(OFFLINE_SCREENS[0]).toBe('/chat/$botUuid');
    expect(log).toEqual(['painted', ...[...OFFLINE_SCREENS, 'feed-panel'].flatMap((step) => ['idle', step])]);
  });

  it('stops once a service worker controls the page (its precache serves the rest), and loads only the thread on a controlled page', async () => {
    const partly = stage({ controlledAfter: 2 });
    await warmOfflineScreens(partly.env);
    expect(partly.log.filter((l) => l !== 'idle' && l !== 'painted')).toEqual(OFFLINE_SCREENS.slice(0, 2));
    resetOfflineScreensForTest();
    const controlled = stage({ controlledAfter: 0 });
    await warmOfflineScreens(controlled.env);
    expect(controlled.log).toEqual(['painted', 'idle', '/chat/$botUuid']);
  });

  it('goes on past a chunk that fails, and runs once per page', async () => {
    const { env, log } = stage({ failing: '/bot-info' });
    await warmOfflineScreens(env);
    expect(log).toContain('/settings');
    const again = stage();
    await warmOfflineScreens(again.env);
    expect(again.log).toEqual([]);
  });
});
