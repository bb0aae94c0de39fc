// Pure bookkeeping of the thread window (use-thread-window.ts): the newest messages are a live
// query (the head: every message with sk >= headFloor), the older ones are pages read once each
// by an index range below the oldest one shown. Each page owns a fixed sk range [lo, hi), the
// pages and the head together cover [floor, ∞) without gaps or overlaps, so a change to any
// stored message falls in exactly one of them (re-read only that page) or below the window (read
// when the user scrolls there). Kept apart from RxDB so it is unit-tested
// (test/unit/ui/thread-window-pages.test.ts).

/** The sk range of one older page: lo inclusive (its oldest message when read), hi exclusive. */
export interface PageBounds {
  lo: string;
  hi: string;
}

/** Where a message of the conversation belongs in the window. */
export type Place = { kind: 'head' } | { kind: 'page'; index: number } | { kind: 'below' };

/**
 * `pages` newest first (pages[0].hi === headFloor, pages[i + 1].hi === pages[i].lo); null
 * headFloor: the head is still the newest page by count and holds everything there is.
 */
export function placeOf(headFloor: string | null, pages: readonly PageBounds[], sk: string): Place {
  if (headFloor === null || sk >= headFloor) return { kind: 'head' };
  const oldest = pages.at(-1);
  if (!oldest || sk < oldest.lo) return { kind: 'below' };
  // the first page (newest first) whose lo <= sk: binary search, los are descending
  let low = 0;
  let high = pages.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (pages[mid]!.lo <= sk) high = mid;
    else low = mid + 1;
  }
  return { kind: 'page', index: low };
}

/** The oldest sk the window covers: everything at or above it is shown. */
export function windowFloor(headFloor: string | null, pages: readonly PageBounds[]): string | null {
  return pages.at(-1)?.lo ?? headFloor;
}

/**
 * The head's floor, fixed from a read of the newest `pageSize` messages (sk descending): the
 * oldest sk in it. None while nothing is stored, or while a short page holds only unacknowledged
 * messages (provisional sks sort after every server sk: once acknowledged their server sks would
 * fall below such a floor), so the head stays "the newest page" until then.
 */
export function headFloorOf(newestFirst: readonly { sk: string }[], pageSize: number, provisionalPrefix: string): string | null {
  const oldest = newestFirst.at(-1);
  if (!oldest) return null;
  if (newestFirst.length < pageSize && oldest.sk.startsWith(provisionalPrefix)) return null;
  return oldest.sk;
}
