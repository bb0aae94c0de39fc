// A button message's ttl runs out at a set moment (src/domain/read-only-input.ts expiresAt): the
// thread's clock ticks only every half minute, so whoever shows the expiry (the options, the
// input) asks for one render at that moment. Answers the time to judge by.
import { useEffect, useState } from 'react';

export function useNowPast(at: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    const wait = at - Date.now();
    if (wait <= 0) {
      setNow(Date.now());
      return;
    }
    // setTimeout caps at about 24.8 days; a longer ttl is re-checked on the next render
    const id = window.setTimeout(() => setNow(Date.now()), Math.min(wait + 20, 2 ** 31 - 1));
    return () => window.clearTimeout(id);
  }, [at]);
  return now;
}
