import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLongPress } from '../../../src/ui/long-press';
import { DATE_PICKER_LONG_PRESS_MS, DATE_PICKER_REPEAT_MS } from '../../../src/domain/constants';

describe('date picker long press (spec part 1 §9: 500 ms, then every 300 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a press steps once; a short press never repeats', () => {
    const step = vi.fn();
    const lp = createLongPress(step);
    lp.press();
    expect(step).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(499);
    lp.release();
    vi.advanceTimersByTime(5000);
    expect(step).toHaveBeenCalledTimes(1);
  });

  it('held: repeats every 300 ms after 500 ms, and stops on release', () => {
    expect(DATE_PICKER_LONG_PRESS_MS).toBe(500);
    expect(DATE_PICKER_REPEAT_MS).toBe(300);
    const step = vi.fn();
    const lp = createLongPress(step);
    lp.press();
    vi.advanceTimersByTime(500);
    expect(step).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(299);
    expect(step).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(step).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(900);
    expect(step).toHaveBeenCalledTimes(5);
    lp.release();
    vi.advanceTimersByTime(3000);
    expect(step).toHaveBeenCalledTimes(5);
  });

  it('a new press restarts the timing (no double repeat)', () => {
    const step = vi.fn();
    const lp = createLongPress(step);
    lp.press();
    vi.advanceTimersByTime(400);
    lp.press();
    vi.advanceTimersByTime(400);
    expect(step).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(400);
    expect(step).toHaveBeenCalledTimes(3);
    lp.release();
  });
});
