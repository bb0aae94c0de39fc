import { useEffect } from 'react';
import { screenPainted } from '../boot-gate';

/**
 * Tells the boot gate (src/db/boot-gate.ts) that the screen is painted once `ready` is true: after
 * the next frame (rAF runs just before it, a task queued from rAF just after it).
 */
export function useScreenPainted(ready: boolean): void {
  useEffect(() => {
    if (!ready) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(screenPainted, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [ready]);
}
