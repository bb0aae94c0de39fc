// Focus management for modal layers: keeps Tab inside the top layer, closes it on Escape when
// allowed, makes the page behind it inert, and gives focus back to where it was on close.
import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[inert]') && el.getClientRects().length > 0);
}

/** The open modal layers, newest last: only the top one reacts to Tab and Escape. */
const stack: symbol[] = [];

function setBackgroundInert(inert: boolean) {
  const root = document.getElementById('root');
  if (!root) return;
  // inert also hides the page from assistive technology, so aria-hidden is not needed.
  if (inert) root.setAttribute('inert', '');
  else root.removeAttribute('inert');
}

export function useModalFocus(container: RefObject<HTMLElement | null>, onEscape: (() => void) | undefined) {
  const escapeRef = useRef(onEscape);
  useEffect(() => {
    escapeRef.current = onEscape;
  }, [onEscape]);

  useEffect(() => {
    const id = Symbol('modal');
    stack.push(id);
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setBackgroundInert(true);

    const el = container.current;
    if (el) {
      const preferred = el.querySelector<HTMLElement>('[data-autofocus]');
      const first = preferred ?? focusableIn(el)[0] ?? el;
      first.focus();
    }

    const onKeyDown = (event: KeyboardEvent) => {
      if (stack[stack.length - 1] !== id) return;
      const root = container.current;
      if (!root) return;
      if (event.key === 'Escape') {
        if (escapeRef.current) {
          event.preventDefault();
          event.stopPropagation();
          escapeRef.current();
        }
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(root);
      if (items.length === 0) {
        event.preventDefault();
        root.focus();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !root.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !root.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    // Focus that escapes (a click on the backdrop, a script) is pulled back in.
    const onFocusIn = (event: FocusEvent) => {
      if (stack[stack.length - 1] !== id) return;
      const root = container.current;
      if (root && event.target instanceof Node && !root.contains(event.target)) {
        (focusableIn(root)[0] ?? root).focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocusIn);
      const at = stack.indexOf(id);
      if (at >= 0) stack.splice(at, 1);
      if (stack.length === 0) setBackgroundInert(false);
      if (previous && previous.isConnected) previous.focus();
    };
  }, [container]);
}
