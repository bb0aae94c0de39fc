// The page's (and the engine's) side of the one action queue (the `actions` collection,
// schemas/actions.schema.ts): append an action, read what is still queued, drop some. The
// leader's runner (src/sync/action-runner.ts) sees an insert from any tab (RxDB multi-instance)
// and sends it: nobody needs to nudge it.
import { map, type Observable } from 'rxjs';
import { uuidv7 } from '../domain/uuidv7';
import type { AppDatabase } from './database';
import type { ActionDoc, ActionDocOf, ActionKind, ActionPayloads } from './schemas';

/** Appends one action (durable at once); answers its id, the Idempotency-Key it is sent with. */
export async function enqueueAction<K extends ActionKind>(
  db: AppDatabase,
  kind: K,
  order_key: string,
  payload: ActionPayloads[K],
  now: number,
  id: string = uuidv7(),
  /** epoch ms before which the runner leaves it (a batch waiting for more); a reconnect or a forced flush sends it anyway */
  notBefore = 0,
): Promise<string> {
  const doc: ActionDocOf<K> = { id, kind, order_key, payload, status: 'queued', attempts: 0, next_attempt_at: notBefore, created_at: now, last_error: null };
  // a conflict is the same action stored already (the one-time migration got there first)
  const { error } = await db.actions.bulkInsert([doc as ActionDoc]);
  if (error.length > 0 && error[0]!.status !== 409) throw new Error(`queueing a ${kind} failed (${error[0]!.status})`);
  return id;
}

/** The actions of `kind` still queued, oldest first (optionally of one ordering key). */
export async function queuedActions<K extends ActionKind>(db: AppDatabase, kind: K, key?: string): Promise<ActionDocOf<K>[]> {
  const docs = await db.actions.find({ selector: { status: 'queued', ...(key !== undefined ? { order_key: key } : {}) }, sort: [{ id: 'asc' }] }).exec();
  return docs.map((d): ActionDoc => d.toMutableJSON()).filter((d) => d.kind === kind) as ActionDocOf<K>[];
}

/** The same, observed (the screens show what still waits). */
export function queuedActions$<K extends ActionKind>(db: AppDatabase, kind: K): Observable<ActionDocOf<K>[]> {
  return db.actions.find({ selector: { status: 'queued' }, sort: [{ id: 'asc' }] }).$.pipe(
    map((docs) => docs.map((d): ActionDoc => d.toMutableJSON()).filter((d) => d.kind === kind) as ActionDocOf<K>[]),
  );
}

/** Drops actions (sent, refused, or made needless by a newer one); ids already gone are fine. */
export async function removeActions(db: AppDatabase, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await db.actions.bulkRemove([...ids]);
}
