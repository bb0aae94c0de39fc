import { useEffect, useState } from 'react';

/**
 * The current time, re-read every second while `ticking` (a countdown on screen). The render
 * reads the clock itself: the state only makes the ticks re-render, and a countdown that just
 * started (or a render after a long quiet spell) must not count from the last tick's time.
 */
export function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (!ticking) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [ticking]);
  return Math.max(now, Date.now());
}
