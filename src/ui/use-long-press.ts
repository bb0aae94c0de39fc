import { useEffect, useMemo, useRef, type MouseEvent, type PointerEvent } from 'react';
import { createLongPress } from './long-press';

/**
 * Pointer handlers for a hold-to-repeat button (createLongPress). Keyboard activation (a click
 * with detail 0) steps once; a pointer press is handled by the pointer events alone.
 */
export function useLongPress(step: () => void) {
  const latest = useRef(step);
  latest.current = step;
  const lp = useMemo(() => createLongPress(() => latest.current()), []);
  useEffect(() => () => lp.release(), [lp]);
  return {
    onPointerDown: (e: PointerEvent) => {
      if (e.button !== 0) return;
      e.preventDefault();
      lp.press();
    },
    onPointerUp: lp.release,
    onPointerLeave: lp.release,
    onPointerCancel: lp.release,
    onClick: (e: MouseEvent) => {
      if (e.detail === 0) latest.current();
    },
  };
}
