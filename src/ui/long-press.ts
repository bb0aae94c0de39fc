// Press-and-hold repeat for the date picker's arrows (spec part 1 §9: long press 500 ms, then a
// step every 300 ms). A press steps once at once; held for DATE_PICKER_LONG_PRESS_MS it starts
// repeating every DATE_PICKER_REPEAT_MS until released. Plain timers, so the timing is tested with
// fake timers apart from React (use-long-press.ts wraps it).
import { DATE_PICKER_LONG_PRESS_MS, DATE_PICKER_REPEAT_MS } from '../domain/constants';

export interface LongPress {
  press(): void;
  release(): void;
}

export function createLongPress(step: () => void, delayMs = DATE_PICKER_LONG_PRESS_MS, repeatMs = DATE_PICKER_REPEAT_MS): LongPress {
  let hold: ReturnType<typeof setTimeout> | undefined;
  let repeat: ReturnType<typeof setInterval> | undefined;
  const release = () => {
    if (hold !== undefined) clearTimeout(hold);
    if (repeat !== undefined) clearInterval(repeat);
    hold = repeat = undefined;
  };
  return {
    press() {
      release();
      step();
      hold = setTimeout(() => {
        hold = undefined;
        repeat = setInterval(step, repeatMs);
      }, delayMs);
    },
    release,
  };
}
