import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOutlinedToggle, createSolidGuard, realTimers } from '../../../src/domain/button-press';
import { DOUBLE_CLICK_GUARD_MS, OUTLINED_BUTTON_DELAY_MS } from '../../../src/domain/constants';

beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
afterEach(() => vi.useRealTimers());

describe('solid button (spec part 1 §4: ignores clicks for 300 ms)', () => {
  it('fires at once and ignores a second click inside 300 ms, accepts one at 300 ms', () => {
    const guard = createSolidGuard(realTimers);
    const fire = vi.fn();
    expect(guard.press(fire)).toBe(true);
    expect(fire).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(DOUBLE_CLICK_GUARD_MS - 1);
    expect(guard.press(fire)).toBe(false);
    expect(fire).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(guard.press(fire)).toBe(true);
    expect(fire).toHaveBeenCalledTimes(2);
  });

  it('an ignored click does not extend the guard', () => {
    const guard = createSolidGuard(realTimers);
    const fire = vi.fn();
    guard.press(fire);
    vi.advanceTimersByTime(200);
    guard.press(fire);
    vi.advanceTimersByTime(100);
    expect(guard.press(fire)).toBe(true);
    expect(fire).toHaveBeenCalledTimes(2);
  });
});

describe('outlined button (spec part 1 §4: toggles selected and fires 200 ms later)', () => {
  it('selects at once and fires exactly 200 ms later, once', () => {
    const changes: boolean[] = [];
    const toggle = createOutlinedToggle((s) => changes.push(s), realTimers);
    const fire = vi.fn();
    toggle.press(fire);
    expect(toggle.selected).toBe(true);
    expect(changes).toEqual([true]);
    vi.advanceTimersByTime(OUTLINED_BUTTON_DELAY_MS - 1);
    expect(fire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fire).toHaveBeenCalledTimes(1);
    toggle.press(fire);
    vi.advanceTimersByTime(1000);
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it('a second tap inside the delay deselects and cancels', () => {
    const changes: boolean[] = [];
    const toggle = createOutlinedToggle((s) => changes.push(s), realTimers);
    const fire = vi.fn();
    toggle.press(fire);
    vi.advanceTimersByTime(100);
    toggle.press(fire);
    expect(toggle.selected).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(fire).not.toHaveBeenCalled();
    expect(changes).toEqual([true, false]);
  });

  it('dispose drops a pending fire', () => {
    const toggle = createOutlinedToggle(() => {}, realTimers);
    const fire = vi.fn();
    toggle.press(fire);
    toggle.dispose();
    vi.advanceTimersByTime(1000);
    expect(fire).not.toHaveBeenCalled();
  });
});
