// How many sends wait to be delivered (queued entries; failed ones wait for the user's retry and
// are not in flight), for the page's service-worker glue (src/app/service-worker.ts): it asks for
// a background sync while some are queued, and lets a new app version take over only when none are.
import { combineLatest, filter, firstValueFrom, from, map, switchMap, type Observable } from 'rxjs';
import { getClient, hasClient, whenClient, type Client } from './client';

const queuedCount$ = (client: Client): Observable<number> =>
  client.db.outbox.count({ selector: { state: 'queued' } }).$;

/** The number of queued sends, from when the data client has started (a signed-out start starts it later). */
export function watchQueuedCount(): Observable<number> {
  return from(whenClient()).pipe(switchMap(queuedCount$));
}

/** Resolves once no send is queued (at once when the data client has not started: nothing can be). */
export async function outboxEmpty(): Promise<void> {
  if (!hasClient()) return;
  await firstValueFrom(queuedCount$(getClient()).pipe(filter((n) => n === 0)));
}

/** Queued sends and queued actions (the actions collection) together, from when the data client has started: what a background sync delivers. */
export function watchQueuedForBackgroundSync(): Observable<number> {
  return from(whenClient()).pipe(
    switchMap((client) =>
      combineLatest([queuedCount$(client), client.db.actions.count({ selector: { status: 'queued' } }).$]).pipe(map(([sends, actions]) => sends + actions)),
    ),
  );
}
