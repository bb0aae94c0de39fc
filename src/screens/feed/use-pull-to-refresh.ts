// Pull to refresh (issue 13): a downward drag of more than PULL_PX starting at the top of the
// list refreshes it. Touch only; the Refresh button does the same for everyone else.
import { useRef, useState, type RefObject, type TouchEvent } from 'react';

const PULL_PX = 70;

export function usePullToRefresh(scroller: RefObject<HTMLElement | null>, onRefresh: () => void) {
  const start = useRef<number | null>(null);
  const [pulled, setPulled] = useState(false);
  return {
    pulled,
    handlers: {
      onTouchStart: (e: TouchEvent) => {
        start.current = (scroller.current?.scrollTop ?? 0) <= 0 ? (e.touches[0]?.clientY ?? null) : null;
      },
      onTouchMove: (e: TouchEvent) => {
        if (start.current === null) return;
        setPulled((e.touches[0]?.clientY ?? 0) - start.current > PULL_PX);
      },
      onTouchEnd: () => {
        if (start.current !== null && pulled) onRefresh();
        start.current = null;
        setPulled(false);
      },
    },
  };
}
