// How many sends wait to be delivered (queued entries; failed ones wait for the user's retry and
// are not in flight), for the page's service-worker glue: it asks for a background sync while
// some are queued, and lets a new app version take over only when none are.
import type { Observable } from 'rxjs';
import type { AppDatabase } from './database';

export function queuedCount$(db: AppDatabase): Observable<number> {
  return db.outbox.count({ selector: { state: 'queued' } }).$;
}
