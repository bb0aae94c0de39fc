import { useEffect, useState } from 'react';

/**
 * How many of `total` rows to render: `first` on the first painted frame, then all of them in the
 * task after that frame. A cold start paints a screenful of the chat list instead of building 200
 * rows before anything shows (bench/README.md "cold-start"); the rest follows a frame later.
 */
export function useProgressiveCount(total: number, first: number, ready: boolean): number {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (!ready || all) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setAll(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [ready, all]);
  return all ? total : Math.min(total, first);
}
