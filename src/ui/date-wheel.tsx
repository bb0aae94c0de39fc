// One wheel of the date picker (spec part 1 §2, §5): a scroll-snap list with the chosen value in
// the middle band. A listbox: arrow keys, Page keys, Home and End move the choice; scrolling
// settles on the item in the band; a tap chooses an item. On non-mobile widths (≥ 640 px) up and
// down arrow buttons sit above and below, and holding one repeats (use-long-press.ts).
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useLongPress } from './use-long-press';

export interface DateWheelProps {
  label: string;
  values: readonly number[];
  value: number;
  /** Text of a value (month names in the user's language, zero-padded days...). */
  format: (v: number) => string;
  onChange: (v: number) => void;
  /** Moves the value by one step (the arrows and arrow keys). */
  onStep: (delta: number) => void;
  previousLabel: string;
  nextLabel: string;
}

export const WHEEL_ITEM_PX = 40;

export function DateWheel({ label, values, value, format, onChange, onStep, previousLabel, nextLabel }: DateWheelProps) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const programmatic = useRef(false);
  const index = Math.max(0, values.indexOf(value));
  const up = useLongPress(() => onStep(-1));
  const down = useLongPress(() => onStep(1));

  useEffect(() => {
    const el = list.current;
    if (!el) return;
    const top = index * WHEEL_ITEM_PX;
    if (Math.abs(el.scrollTop - top) < 1) return;
    programmatic.current = true;
    el.scrollTop = top;
  }, [index, values.length]);
  useEffect(() => () => clearTimeout(settle.current), []);

  const onScroll = () => {
    if (programmatic.current) {
      programmatic.current = false;
      return;
    }
    clearTimeout(settle.current);
    settle.current = setTimeout(() => {
      const el = list.current;
      if (!el) return;
      const v = values[Math.min(values.length - 1, Math.max(0, Math.round(el.scrollTop / WHEEL_ITEM_PX)))];
      if (v !== undefined && v !== value) onChange(v);
    }, 120);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowUp: -1, ArrowDown: 1, PageUp: -5, PageDown: 5 };
    if (e.key in moves) {
      e.preventDefault();
      onStep(moves[e.key]!);
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      const v = e.key === 'Home' ? values[0] : values.at(-1);
      if (v !== undefined) onChange(v);
    }
  };

  return (
    <div className="date-wheel">
      <button type="button" className="date-wheel__arrow" aria-label={previousLabel} {...up}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path d="M6 15l6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" /></svg>
      </button>
      <div className="date-wheel__window">
        <div className="date-wheel__band" aria-hidden="true" />
        <div
          ref={list}
          className="date-wheel__list"
          role="listbox"
          aria-label={label}
          tabIndex={0}
          aria-activedescendant={`${id}-${value}`}
          onScroll={onScroll}
          onKeyDown={onKeyDown}
        >
          <div className="date-wheel__pad" aria-hidden="true" />
          {values.map((v) => (
            <div
              key={v}
              id={`${id}-${v}`}
              role="option"
              aria-selected={v === value}
              className={`date-wheel__item${v === value ? ' date-wheel__item--selected' : ''}`}
              onClick={() => onChange(v)}
            >
              {format(v)}
            </div>
          ))}
          <div className="date-wheel__pad" aria-hidden="true" />
        </div>
      </div>
      <button type="button" className="date-wheel__arrow" aria-label={nextLabel} {...down}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" /></svg>
      </button>
    </div>
  );
}
