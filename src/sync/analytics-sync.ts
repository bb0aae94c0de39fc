// The 'analytics' kind of the one action queue: buffered events (src/db/analytics.ts) go to the
// reference server's /analytics/track in batches, which hands them to the configured providers
// (server/analytics/providers.ts: its own store and/or GA4's Measurement Protocol).
//
// A batch is the lane's head and the events queued after it, at most ANALYTICS_LIMITS.batch. Its
// ids are written into the head before the first try, so a resend after a lost answer sends the
// same body under the same Idempotency-Key (the head's id) and the server replays its answer;
// the server also keeps one row per event id. The alias is a salted SHA-256 of the mobile (the
// device id is the salt): no phone number leaves the device in an event.
import { ANALYTICS_LIMITS } from '../domain/analytics';
import type { AppDatabase } from '../db/database';
import { removeActions } from '../db/action-queue';
import { getLocalDoc } from '../db/local-store';
import { orderKey, type ActionDocOf } from '../db/schemas';
import type { ActionKindDef } from './action-runner';
import type { HttpClient } from './http-client';

/** hex SHA-256 of `salt:mobile` (Web Crypto: the worker, the service worker and Node have it). */
export async function analyticsAlias(salt: string, mobile: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}:${mobile}`));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The ids of the head's batch: fixed at its first try (written into the head), else the head and the events after it. */
async function batchOf(db: AppDatabase, head: ActionDocOf<'analytics'>): Promise<string[]> {
  if (head.payload.batch && head.payload.batch.length > 0) return head.payload.batch;
  const queued = await db.actions.find({ selector: { status: 'queued', order_key: orderKey.analytics() }, sort: [{ id: 'asc' }], limit: ANALYTICS_LIMITS.batch }).exec();
  const ids = [head.id, ...queued.map((d) => d.id).filter((id) => id !== head.id)].slice(0, ANALYTICS_LIMITS.batch);
  const doc = await db.actions.findOne(head.id).exec();
  await doc?.incrementalModify((d) => ({ ...d, payload: { ...(d.payload as ActionDocOf<'analytics'>['payload']), batch: ids } } as typeof d));
  return ids;
}

export function analyticsKind(deps: { db: AppDatabase; http: HttpClient }): ActionKindDef<'analytics'> {
  const { db, http } = deps;
  return {
    route: 'trackEvents',
    async send(head, once) {
      const ids = await batchOf(db, head);
      const docs = await db.actions.findByIds(ids).exec();
      // events of the batch dropped meanwhile (analytics turned off) are simply not sent
      const events = ids.flatMap((id) => {
        const doc = docs.get(id);
        if (!doc || doc.kind !== 'analytics') return [];
        const p = (doc.toMutableJSON() as ActionDocOf<'analytics'>).payload;
        return [{ event_id: id, name: p.name, params: p.params, at: p.at }];
      });
      const session = await getLocalDoc(db, 'session');
      // no number yet (not signed in): the events wait, they are not sent without their alias
      if (events.length > 0 && !session?.mobile) throw new Error('analytics: not signed in yet');
      if (events.length > 0 && session?.mobile) {
        await http.call('trackEvents', { alias: await analyticsAlias(session.deviceId, session.mobile), events }, once);
      }
      // the head leaves with the runner; the rest of its batch here
      await removeActions(db, ids.filter((id) => id !== head.id));
    },
    async refused(head) {
      // a refused batch is not sent again (the server said why in its 400; nothing to undo on the device)
      await removeActions(db, (head.payload.batch ?? []).filter((id) => id !== head.id));
    },
  };
}
