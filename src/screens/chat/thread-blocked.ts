// Whether the open thread's bot is blocked, for the message renderers inside the list: while it
// is, nothing in the thread can send (spec part 1 §4 "Bot lists": the input gives way to the
// blocked bar), so old options, multi-selects, forms and date/location requests are off, and
// `describedBy` (the id of the blocked bar's text) tells screen readers why.
import { createContext, useContext } from 'react';

export interface ThreadBlocked {
  /** id of the element whose text says the bot is blocked (the blocked bar's) */
  describedBy: string;
}

export const ThreadBlockedContext = createContext<ThreadBlocked | null>(null);

/** The block of the thread this renders in, or null when its bot is not blocked. */
export function useThreadBlocked(): ThreadBlocked | null {
  return useContext(ThreadBlockedContext);
}
