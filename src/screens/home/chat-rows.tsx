// The Chat tab's rows, virtualised against the page's own scroll (@tanstack/react-virtual's window
// virtualizer: the list scrolls with the header, greeting and links around it, as before): only
// the rows on and near the screen are in the DOM, so a device with 200 conversations renders and
// lays out a screenful, not 200 rows, on every change of the list (a message arriving re-sorts
// it). Each row says its place in the whole list (aria-setsize, aria-posinset), so a screen reader
// still tells "3 of 200". Keyboard focus moving down scrolls the page, which renders the rows
// below before the next Tab reaches them (the overscan).
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';

/** A row's height before it is measured: the row's 4.5rem and its 1px border. */
const ROW_ESTIMATE_PX = 73;
/** Rows rendered beyond each edge of the screen. */
const OVERSCAN = 6;

interface ChatRowsProps<T> {
  rows: readonly T[];
  keyOf: (row: T) => string;
  render: (row: T) => ReactNode;
}

export function ChatRows<T>({ rows, keyOf, render }: ChatRowsProps<T>) {
  const list = useRef<HTMLUListElement>(null);
  // where the list starts in the page: what lies above it (header, greeting, a review ask) moves it
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const el = list.current;
      if (el) setScrollMargin(Math.round(el.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    const above = list.current?.parentElement;
    if (!above || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(above);
    return () => observer.disconnect();
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: OVERSCAN,
    scrollMargin,
    getItemKey: (i) => keyOf(rows[i]!),
    // the first render already knows the screen, so the first frame has its rows (the default 0×0
    // would render none, then again in a layout effect)
    initialRect: typeof window === 'undefined' ? undefined : { width: window.innerWidth, height: window.innerHeight },
  });
  return (
    <ul ref={list} className="home-list__items home-list__items--rows home-list__items--virtual" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((v) => (
        <li
          key={v.key}
          ref={virtualizer.measureElement}
          data-index={v.index}
          aria-setsize={rows.length}
          aria-posinset={v.index + 1}
          style={{ transform: `translateY(${v.start - scrollMargin}px)` }}
        >
          {render(rows[v.index]!)}
        </li>
      ))}
    </ul>
  );
}
