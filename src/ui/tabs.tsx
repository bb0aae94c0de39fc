import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export interface TabItem<T extends string> {
  id: T;
  label: string;
  icon?: ReactNode;
}

export interface TabsProps<T extends string> {
  /** Accessible name of the tab list. */
  label: string;
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  /** Prefix of the tab and panel element ids, so TabPanel can point back at its tab. */
  idPrefix: string;
  variant?: 'top' | 'bottom';
}

export const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
export const panelId = (prefix: string, id: string) => `${prefix}-panel-${id}`;

/** Next tab index for the WAI-ARIA tabs keyboard pattern (arrows wrap, Home/End jump). */
export function nextTabIndex(key: string, current: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** A tab list (role=tablist) with roving focus; selecting follows focus. */
export function Tabs<T extends string>({ label, tabs, selected, onSelect, idPrefix, variant = 'top' }: TabsProps<T>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.max(0, tabs.findIndex((t) => t.id === selected));
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const next = nextTabIndex(e.key, current, tabs.length);
    if (next === null) return;
    e.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.id);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={`tabs tabs--${variant}`}>
      {tabs.map((t, i) => {
        const active = t.id === selected;
        return (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, t.id)}
            aria-selected={active}
            aria-controls={panelId(idPrefix, t.id)}
            tabIndex={active ? 0 : -1}
            className={`tabs__tab${active ? ' tabs__tab--active' : ''}`}
            onClick={() => onSelect(t.id)}
            onKeyDown={onKeyDown}
          >
            {t.icon && <span className="tabs__icon" aria-hidden="true">{t.icon}</span>}
            <span className="tabs__label">{t.label}</span>
          </button>
        );
      })}
    </div>
  );
}

export interface TabPanelProps {
  idPrefix: string;
  id: string;
  children: ReactNode;
  className?: string;
}

export function TabPanel({ idPrefix, id, children, className }: TabPanelProps) {
  return (
    <div role="tabpanel" id={panelId(idPrefix, id)} aria-labelledby={tabId(idPrefix, id)} tabIndex={0} className={['tab-panel', className ?? ''].filter(Boolean).join(' ')}>
      {children}
    </div>
  );
}
