import { getClient, hasClient } from '../client';
import { prefetchNewestPage, prefetchThreadHeader } from '../thread-prefetch';

/**
 * A person's finger is on a chat row: the thread's first reads start now, so they are in by the
 * time the tap has become a click and the route has rendered (thread-prefetch.ts). A hint: it
 * never fails, and does nothing before the client has started.
 */
export function prefetchThread(botUuid: string): void {
  if (!hasClient()) return;
  const { db } = getClient();
  prefetchThreadHeader(db, botUuid);
  prefetchNewestPage(db, botUuid);
}
