// Which posts the user has actually seen (issue 13: at least half of the card on screen for at
// least a second; a card taller than two screens counts once it fills half the screen, see
// visibleEnoughForView), sent in batches through the queue (addPostViews; offline they wait
// there). Each post is sent once per screen visit; the server counts it once per user anyway.
// A card that leaves the DOM (the virtualised list drops it) stops its timer: it was not seen for
// the full second. The batch is also queued when the page is hidden, since a closed tab never
// runs the batch timer.
import { useCallback, useEffect, useRef } from 'react';
import { addPostViews } from '../../db/commands';
import { VIEW_BATCH_DELAY_MS, VIEW_MIN_VISIBLE_MS, visibleEnoughForView } from '../../domain/feed-rules';

/** Ratios at which the observer reports: fine enough that a tall card's "half the screen" is met near where it happens. */
const THRESHOLDS = Array.from({ length: 21 }, (_, i) => i / 20);

/** Answers a ref helper: call it with a card's element (or null when it leaves) and its post id. */
export function useViewTracker(): (el: Element | null, postUuid: string) => void {
  const ids = useRef(new WeakMap<Element, string>());
  const elements = useRef(new Map<string, Element>());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const sent = useRef(new Set<string>());
  const batch = useRef(new Set<string>());
  const flushTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const observer = useRef<IntersectionObserver | null>(null);

  const flush = useCallback(() => {
    if (flushTimer.current) clearTimeout(flushTimer.current);
    flushTimer.current = null;
    const list = [...batch.current];
    batch.current.clear();
    if (list.length > 0) void addPostViews(list);
  }, []);

  const seen = useCallback((postUuid: string) => {
    if (sent.current.has(postUuid)) return;
    sent.current.add(postUuid);
    batch.current.add(postUuid);
    flushTimer.current ??= setTimeout(flush, VIEW_BATCH_DELAY_MS);
  }, [flush]);

  const stopTimer = useCallback((postUuid: string) => {
    const timer = timers.current.get(postUuid);
    if (timer) clearTimeout(timer);
    timers.current.delete(postUuid);
  }, []);

  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return undefined;
    const io = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const id = ids.current.get(entry.target);
        if (!id) continue;
        const screen = entry.rootBounds?.height ?? window.innerHeight;
        const visible = entry.isIntersecting && visibleEnoughForView(entry.intersectionRatio, entry.intersectionRect.height, screen);
        if (visible && !timers.current.has(id) && !sent.current.has(id)) {
          timers.current.set(id, setTimeout(() => { timers.current.delete(id); seen(id); }, VIEW_MIN_VISIBLE_MS));
        } else if (!visible) {
          stopTimer(id);
        }
      }
    }, { threshold: THRESHOLDS });
    observer.current = io;
    // cards attached before this effect ran (refs attach first, e.g. a list read from cache at once)
    for (const el of elements.current.values()) io.observe(el);
    const pendingTimers = timers.current;
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      io.disconnect();
      observer.current = null;
      for (const t of pendingTimers.values()) clearTimeout(t);
      pendingTimers.clear();
      // what was seen is not lost by leaving the screen
      flush();
    };
  }, [seen, flush, stopTimer]);

  return useCallback((el, postUuid) => {
    const before = elements.current.get(postUuid);
    if (before && before !== el) {
      // the card left the DOM (or was replaced): its second on screen starts again
      observer.current?.unobserve(before);
      elements.current.delete(postUuid);
      stopTimer(postUuid);
    }
    if (!el || before === el) return;
    ids.current.set(el, postUuid);
    elements.current.set(postUuid, el);
    observer.current?.observe(el);
  }, [stopTimer]);
}
