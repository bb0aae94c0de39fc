// Button timing of spec part 1 §4 "Buttons": an outlined button toggles to selected and fires
// OUTLINED_BUTTON_DELAY_MS later (the user sees the choice before the thread moves; a second tap
// inside the delay deselects it and nothing is sent); a solid button ignores clicks for
// DOUBLE_CLICK_GUARD_MS after one that fired (a double tap sends once). Pure controllers over an
// injected clock and timer so the rule is tested with fake timers; src/ui/use-button-press.ts
// wraps them for React.
import { DOUBLE_CLICK_GUARD_MS, OUTLINED_BUTTON_DELAY_MS } from './constants';

export interface Timers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof globalThis.setTimeout>),
};

/** A solid button: answers true (and fires) unless the last fired click is under 300 ms old. */
export function createSolidGuard(timers: Timers = realTimers) {
  let last = Number.NEGATIVE_INFINITY;
  return {
    press(fire: () => void): boolean {
      const now = timers.now();
      if (now - last < DOUBLE_CLICK_GUARD_MS) return false;
      last = now;
      fire();
      return true;
    },
  };
}

/** An outlined button: press toggles `selected`; selected for 200 ms, it fires once. */
export function createOutlinedToggle(onChange: (selected: boolean) => void, timers: Timers = realTimers) {
  let selected = false;
  let fired = false;
  let handle: unknown = null;
  return {
    get selected() {
      return selected;
    },
    press(fire: () => void): void {
      if (fired) return;
      selected = !selected;
      onChange(selected);
      if (selected) {
        handle = timers.setTimeout(() => {
          handle = null;
          fired = true;
          fire();
        }, OUTLINED_BUTTON_DELAY_MS);
      } else if (handle !== null) {
        timers.clearTimeout(handle);
        handle = null;
      }
    },
    /** The component unmounts: a pending fire is dropped. */
    dispose(): void {
      if (handle !== null) timers.clearTimeout(handle);
      handle = null;
    },
  };
}
