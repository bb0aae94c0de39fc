// The mini-app kind of the one action queue (issue 17): subscribe, rating and activity of a mini
// app, and a lesson's progress. Each is applied to the `miniApps` collection at once (the user
// sees it), queued (kind 'mini-app', ordered per mini app or lesson), and sent by the runner with
// its id as Idempotency-Key. A refusal (a 4xx, the one classifier) puts back what was there
// before and leaves a notice on the mini app; a refused activity or progress report is dropped
// (it changed nothing the user relies on: progress only grows, and the next report carries it).
import type { AppDatabase } from '../db/database';
import { miniAppDocId, type MiniAppData } from '../db/schemas';
import type { ActionKindDef } from './action-runner';
import type { Clock, HttpClient } from './http-client';

export type { MiniAppAction } from '../db/schemas/mini-apps.schema';

export const MINI_APP_NOTICE = {
  subscribeRefused: 'miniApp.error.subscribeRefused',
  ratingRefused: 'miniApp.error.ratingRefused',
} as const;

/** Changes the stored mini app (nothing when it is not stored). */
export async function modifyMiniApp(db: AppDatabase, miniAppUuid: string, fn: (d: MiniAppData) => MiniAppData, now: number): Promise<void> {
  const doc = await db.miniApps.findOne(miniAppDocId.app(miniAppUuid)).exec();
  if (!doc) return;
  await doc.incrementalModify((cur) => (cur.type === 'app' ? { ...cur, data: fn(cur.data as MiniAppData), updated_at: now } : cur));
}

export function miniAppKind(deps: { db: AppDatabase; http: HttpClient; clock: Clock }): ActionKindDef<'mini-app'> {
  const { db, http, clock } = deps;
  return {
    route: 'subscribeMiniApp',
    async send({ payload: a }, once) {
      switch (a.op) {
        case 'subscribe':
          await http.call('subscribeMiniApp', { mini_app_uuid: a.mini_app_uuid }, once);
          return;
        case 'rating': {
          const answer = await http.call('submitMiniAppRating', { mini_app_uuid: a.mini_app_uuid, rating: a.rating }, once);
          await modifyMiniApp(db, a.mini_app_uuid, (d) => ({ ...d, app: { ...d.app, rating: answer.rating, rating_count: answer.rating_count } }), clock.now());
          return;
        }
        case 'activity': {
          const answer = await http.call('setMiniAppUserActivity', { mini_app_uuid: a.mini_app_uuid, activity: a.activity, ...(a.score !== undefined ? { score: a.score } : {}) }, once);
          await modifyMiniApp(db, a.mini_app_uuid, (d) => ({ ...d, activity: answer }), clock.now());
          return;
        }
        case 'lesson-progress':
          await http.call('setLessonProgress', { lesson_id: a.lesson_id, percent: a.percent }, once);
          return;
      }
    },
    async refused({ payload: a }) {
      if (a.op === 'subscribe') {
        await modifyMiniApp(db, a.mini_app_uuid, (d) => ({ ...d, app: { ...d.app, subscribed: a.was_subscribed }, notice: MINI_APP_NOTICE.subscribeRefused }), clock.now());
      } else if (a.op === 'rating') {
        await modifyMiniApp(db, a.mini_app_uuid, (d) => ({ ...d, app: { ...d.app, user_rating: a.previous }, notice: MINI_APP_NOTICE.ratingRefused }), clock.now());
      }
    },
  };
}
