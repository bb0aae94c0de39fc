// Cold start (bench/README.md "cold-start"): work that the first screen does not need
// waits until that screen is painted. The sync worker opens its own instance of the database,
// which costs as much again as the page's and, on 2 cores, delays the page's first list by
// hundreds of milliseconds; it is spawned once the screen says it is painted (or after a cap, in
// case no screen ever says so, e.g. a redirect to a screen that does not).
let open: () => void = () => {};
let paintedYet = false;
const painted = new Promise<void>((resolve) => {
  open = resolve;
});

/** The first screen is painted (idempotent). */
export function screenPainted(): void {
  markBoot('screen-painted');
  paintedYet = true;
  // The work that waited for the paint (the sync worker's spawn, the whole chat list, the whole
  // locale, the warm-ups: 10-25 ms of the main thread) starts in a task of its own, after whatever
  // the painted frame queued meanwhile (a tap's events, the page's own timers), not in this one.
  setTimeout(open, 0);
}

/** Whether the first screen of this page is painted already (a later screen is not a cold start's). */
export function isScreenPainted(): boolean {
  return paintedYet;
}

/** Resolves when screenPainted() is called, or after `capMs` at the latest. */
export function whenScreenPainted(capMs: number): Promise<void> {
  return Promise.race([painted, new Promise<void>((resolve) => setTimeout(resolve, capMs))]);
}

const marked = new Set<string>();

/**
 * A `boot:<name>` performance mark, once per page: the steps of a start, which
 * bench/cold-start-profile.ts reads to break the cold start down. Render bodies may call it.
 */
export function markBoot(name: string): void {
  if (marked.has(name) || typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  marked.add(name);
  performance.mark(`boot:${name}`);
}

/** The bot of a thread's path (/chat/{botUuid}), else null: a cold start there paints the thread first. */
export function threadOfPath(path: string): string | null {
  return /^\/chat\/([^/]+)\/?$/.exec(path)?.[1] ?? null;
}
