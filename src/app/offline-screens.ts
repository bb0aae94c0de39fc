// The screens a signed-in person opens from home in one tap and can use offline, loaded ahead on
// a page no service worker controls yet. The precache holds every screen's code, but on the first
// visit the service worker takes the page over only once its install is done: on a slow network
// that can be a minute after sign-in. Until then a screen whose code this page has not loaded
// cannot open offline ("This screen needs the internet once", route-error.tsx), even a thread
// whose history is stored. So, once the first signed-in screen is painted and the browser is
// idle, these chunks are imported one at a time, the ones a person needs first first. They are
// the very files the precache fetches (hashed and immutable, so the HTTP cache serves the second
// request): no byte more goes over the network, the order changes. A controlled page stops after
// the first, the thread: its precache serves every chunk, but the thread is the screen most starts
// go to next, and fetching its ~20 files from the service worker and evaluating them took 60–100 ms
// of a tap on a chat row at 4× CPU slowdown (bench/README.md "network", open a chat).
import { markBoot, whenScreenPainted } from '../db/boot-gate';
import { onIdle } from './idle';
import { SCREEN_CHUNKS, type ScreenPath } from './screen-chunks';
import { preloadFeedPanel } from './shell-chunks';

/** In the order they are loaded: a thread first (its history is the point of the offline start). */
export const OFFLINE_SCREENS = ['/chat/$botUuid', '/bot-info', '/settings', '/saved-items', '/archived', '/blocked', '/select-bot'] as const satisfies readonly ScreenPath[];

/** The longest the warm-up waits for the first screen's paint before it starts anyway. */
const PAINT_CAP_MS = 5_000;

export interface WarmupEnv {
  /** Whether a service worker serves this page's requests (then there is nothing to do). */
  controlled(): boolean;
  /** Resolves once the first screen is painted (or the cap passed). */
  painted(): Promise<void>;
  /** Resolves at the browser's next idle moment. */
  idle(): Promise<void>;
  /** Loads one chunk (rejects when it cannot: offline, say). */
  load(step: ScreenPath | 'feed-panel'): Promise<unknown>;
}

const browserEnv: WarmupEnv = {
  controlled: () => typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller),
  painted: () => whenScreenPainted(PAINT_CAP_MS),
  idle: () => new Promise((resolve) => onIdle(resolve)),
  load: (step) => (step === 'feed-panel' ? preloadFeedPanel() : SCREEN_CHUNKS[step]()),
};

let started: Promise<void> | undefined;

/**
 * Loads OFFLINE_SCREENS and home's Feed tab, once per page; on a page a service worker controls,
 * the first only (the thread).
 * A chunk that fails (the network went away meanwhile) is skipped: the route shows its own
 * notice if it is opened offline, and online it loads as usual. Marks `boot:offline-screens`
 * when done (the browser test waits for it).
 */
export function warmOfflineScreens(env: WarmupEnv = browserEnv): Promise<void> {
  started ??= (async () => {
    await env.painted();
    for (const [i, step] of ([...OFFLINE_SCREENS, 'feed-panel'] as const).entries()) {
      if (i > 0 && env.controlled()) return;
      await env.idle();
      await env.load(step).catch(() => undefined);
    }
    markBoot('offline-screens');
  })();
  return started;
}

/** Tests only: forget the warm-up of this page. */
export function resetOfflineScreensForTest(): void {
  started = undefined;
}
