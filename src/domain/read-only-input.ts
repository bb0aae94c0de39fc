// Spec part 1 §4 "Sending a message": the input is read-only when the last message is a button
// message without custom response and without action, or a form, or when a menu or a
// multi-select is active. Pure, so the rule is tested apart from the screen. A rich_input
// request of type form is a form; an action message's buttons (`actions`) count as its action.
// A button message with a ttl (seconds) stops taking answers at timestamp + ttl: once it has run
// out it no longer holds the input (an expired question must not trap the user).
import type { MessageType } from '../api/messages';

export interface LastMessageFacts {
  type: MessageType | string;
  from: 'user' | 'bot';
  allow_custom_response?: boolean | undefined;
  action?: unknown;
  /** rich_input messages: the request's type (a form request counts as a form). */
  rich_input_type?: string | undefined;
  /** Button messages: seconds the options stay answerable, from `timestamp` (epoch ms). */
  ttl?: number | undefined;
  timestamp?: number | undefined;
}

export interface InputState {
  /** The last message of the thread (null for an empty thread). */
  lastMessage: LastMessageFacts | null;
  /** The persistent menu is open. */
  menuOpen: boolean;
  /** A multi-select button message is being answered. */
  multiSelectActive: boolean;
  /** Epoch ms, for a ttl (absent: a ttl is taken as not run out). */
  now?: number | undefined;
}

const BUTTON_TYPES: ReadonlySet<string> = new Set(['button', 'multi_select_button']);

/** When a button message with a ttl stops taking answers (epoch ms), or null without a ttl. */
export function expiresAt(message: { ttl?: number | undefined }, timestamp: number): number | null {
  return typeof message.ttl === 'number' && message.ttl > 0 ? timestamp + message.ttl * 1000 : null;
}

/** A button message with a ttl (seconds) stops taking answers at timestamp + ttl. */
export function isExpired(message: { ttl?: number | undefined }, timestamp: number, now: number): boolean {
  const at = expiresAt(message, timestamp);
  return at !== null && now >= at;
}

export function isInputReadOnly(state: InputState): boolean {
  if (state.menuOpen || state.multiSelectActive) return true;
  const last = state.lastMessage;
  if (!last || last.from !== 'bot') return false;
  if (last.type === 'form' || (last.type === 'rich_input' && last.rich_input_type === 'form')) return true;
  if (BUTTON_TYPES.has(last.type)) {
    if (state.now !== undefined && last.timestamp !== undefined && isExpired(last, last.timestamp, state.now)) return false;
    return last.allow_custom_response !== true && (last.action === undefined || last.action === null);
  }
  return false;
}
