// Work that should wait for a quiet moment of the main thread (after the first screen, between
// two chunk loads): the browser's next idle period, at most 2 s away; where there is no
// requestIdleCallback, a short timer.
const IDLE_TIMEOUT_MS = 2_000;
const FALLBACK_MS = 300;

export function onIdle(run: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(() => run(), { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(run, FALLBACK_MS);
}
