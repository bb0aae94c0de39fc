// Mini apps' half of the engine (issue 17; spec part 2 §4 "Mini-app view", §7 Mini apps): the
// catalogue, one mini app's details, courses, into the `miniApps` collection from 200 answers
// only (a failure leaves what is stored, so lists read offline); subscribe, rating, activity and
// lesson progress applied at once and queued (mini-app-actions.ts); permissions kept on the
// device per mini app; and the calls a running mini app makes through the bridge (storage,
// sign-on grant), which need the network and answer the failure to the mini app.
import type { Course, MiniApp, MiniAppDetails, RouteName } from '../api/contract';
import { NoResponseError, cancelledError, isCancelError, noResponseError } from '../domain/errors';
import type { MiniAppPermission } from '../domain/mini-apps';
import { uuidv7 } from '../domain/uuidv7';
import { failed, ok, type CommandResult } from '../db/command-result';
import { enqueueAction, queuedActions } from '../db/action-queue';
import { miniAppDocId, orderKey, type MiniAppData, type MiniAppDoc } from '../db/schemas';
import type { AreaSyncDeps } from './action-runner';
import { modifyMiniApp, type MiniAppAction } from './mini-app-actions';

export interface MiniAppFlows {
  loadMiniApps(): Promise<CommandResult>;
  /** Details of one; answers the error (the view's error state) when the server refuses. */
  loadMiniAppDetails(miniAppUuid: string): Promise<CommandResult<MiniAppDetails>>;
  subscribeMiniApp(miniAppUuid: string): Promise<CommandResult>;
  rateMiniApp(miniAppUuid: string, rating: number): Promise<CommandResult>;
  reportMiniAppActivity(miniAppUuid: string, activity: string, score?: number): Promise<CommandResult>;
  setMiniAppPermission(miniAppUuid: string, permission: MiniAppPermission, granted: boolean): Promise<CommandResult>;
  dismissMiniAppNotice(miniAppUuid: string): Promise<CommandResult>;
  getMiniAppStorageValue(miniAppUuid: string, key: string): Promise<CommandResult<string | null>>;
  setMiniAppStorageValue(miniAppUuid: string, key: string, value: string): Promise<CommandResult>;
  getMiniAppGrant(miniAppUuid: string): Promise<CommandResult<{ grant_token: string; expires_at: number }>>;
  loadCourses(area: Course['area']): Promise<CommandResult>;
  setLessonProgress(courseId: string, lessonId: string, percent: number): Promise<CommandResult>;
}

/** What queued (not yet delivered) actions change on top of a server answer. */
function withQueued(app: MiniApp, queued: readonly MiniAppAction[]): MiniApp {
  let out = app;
  for (const a of queued) {
    if (a.op === 'subscribe' && a.mini_app_uuid === app.mini_app_uuid) out = { ...out, subscribed: true };
    if (a.op === 'rating' && a.mini_app_uuid === app.mini_app_uuid) out = { ...out, user_rating: a.rating };
  }
  return out;
}

function courseWithQueued(course: Course, queued: readonly MiniAppAction[]): Course {
  const pending = new Map<string, number>();
  for (const a of queued) if (a.op === 'lesson-progress') pending.set(a.lesson_id, Math.max(pending.get(a.lesson_id) ?? 0, a.percent));
  return { ...course, lessons: course.lessons.map((l) => ({ ...l, progress: Math.max(l.progress, pending.get(l.lesson_id) ?? 0) })) };
}

export function createMiniAppsSync(deps: AreaSyncDeps): MiniAppFlows {
  const { db, http, clock } = deps;

  async function failure<T>(route: RouteName, err: unknown): Promise<CommandResult<T>> {
    if (err instanceof NoResponseError) return failed(noResponseError());
    if (isCancelError(err)) return failed(cancelledError(err.reason));
    return failed(await deps.report(route, err));
  }
  const queued = async () => (await queuedActions(db, 'mini-app')).map((a) => a.payload);

  async function storeApp(app: MiniApp, sort: number | null, activity?: MiniAppDetails['activity']): Promise<void> {
    const id = miniAppDocId.app(app.mini_app_uuid);
    const current = await db.miniApps.findOne(id).exec();
    const before = current?.type === 'app' ? (current.toJSON().data as MiniAppData) : null;
    const data: MiniAppData = { app: withQueued(app, await queued()), activity: activity === undefined ? before?.activity ?? null : activity, notice: before?.notice ?? null };
    const doc: MiniAppDoc = { id, type: 'app', area: '', sort: sort ?? current?.sort ?? 0, data, updated_at: clock.now() };
    await db.miniApps.incrementalUpsert(doc);
  }

  async function enqueue(action: MiniAppAction, key: string): Promise<void> {
    const id = uuidv7();
    await enqueueAction(db, 'mini-app', orderKey.miniApp(key), action, clock.now(), id);
    void deps.flushActions();
  }

  return {
    async loadMiniApps() {
      let answer;
      try {
        answer = await http.call('getMiniAppList', {});
      } catch (err) {
        return failure('getMiniAppList', err);
      }
      for (const [i, app] of answer.mini_app_list.entries()) await storeApp(app, i);
      // mini apps the catalogue no longer has leave the device
      const ids = new Set(answer.mini_app_list.map((a) => miniAppDocId.app(a.mini_app_uuid)));
      await db.miniApps.find({ selector: { type: 'app', id: { $nin: [...ids] } } }).remove();
      return ok();
    },

    async loadMiniAppDetails(miniAppUuid) {
      let answer;
      try {
        answer = await http.call('getMiniAppUserDetails', { mini_app_uuid: miniAppUuid });
      } catch (err) {
        return failure('getMiniAppUserDetails', err);
      }
      await storeApp(answer.mini_app, null, answer.activity);
      return ok(answer);
    },

    async subscribeMiniApp(miniAppUuid) {
      const doc = await db.miniApps.findOne(miniAppDocId.app(miniAppUuid)).exec();
      const was = doc?.type === 'app' ? (doc.toJSON().data as MiniAppData).app.subscribed : false;
      await modifyMiniApp(db, miniAppUuid, (d) => ({ ...d, app: { ...d.app, subscribed: true }, notice: null }), clock.now());
      await enqueue({ op: 'subscribe', mini_app_uuid: miniAppUuid, was_subscribed: was }, miniAppUuid);
      return ok();
    },

    async rateMiniApp(miniAppUuid, rating) {
      const doc = await db.miniApps.findOne(miniAppDocId.app(miniAppUuid)).exec();
      const previous = doc?.type === 'app' ? (doc.toJSON().data as MiniAppData).app.user_rating : null;
      await modifyMiniApp(db, miniAppUuid, (d) => ({ ...d, app: { ...d.app, user_rating: rating }, notice: null }), clock.now());
      await enqueue({ op: 'rating', mini_app_uuid: miniAppUuid, rating, previous }, miniAppUuid);
      return ok();
    },

    async reportMiniAppActivity(miniAppUuid, activity, score) {
      await enqueue({ op: 'activity', mini_app_uuid: miniAppUuid, activity, ...(score !== undefined ? { score } : {}) }, miniAppUuid);
      return ok();
    },

    async setMiniAppPermission(miniAppUuid, permission, granted) {
      await db.miniApps.incrementalUpsert({
        id: miniAppDocId.permission(miniAppUuid, permission), type: 'permission', area: '', sort: 0,
        data: { mini_app_uuid: miniAppUuid, permission, granted }, updated_at: clock.now(),
      });
      return ok();
    },

    async dismissMiniAppNotice(miniAppUuid) {
      await modifyMiniApp(db, miniAppUuid, (d) => (d.notice ? { ...d, notice: null } : d), clock.now());
      return ok();
    },

    async getMiniAppStorageValue(miniAppUuid, key) {
      try {
        return ok((await http.call('getMiniAppStorage', { mini_app_uuid: miniAppUuid, key })).value);
      } catch (err) {
        return failure('getMiniAppStorage', err);
      }
    },

    async setMiniAppStorageValue(miniAppUuid, key, value) {
      try {
        await http.call('setMiniAppStorage', { mini_app_uuid: miniAppUuid, key, value });
        return ok();
      } catch (err) {
        return failure('setMiniAppStorage', err);
      }
    },

    async getMiniAppGrant(miniAppUuid) {
      try {
        return ok(await http.call('getSsoGrantToken', { mini_app_uuid: miniAppUuid }));
      } catch (err) {
        return failure('getSsoGrantToken', err);
      }
    },

    async loadCourses(area) {
      let answer;
      try {
        answer = await http.call('getCourses', { area });
      } catch (err) {
        return failure('getCourses', err);
      }
      const pending = await queued();
      const docs: MiniAppDoc[] = answer.course_list.map((c, i) => ({ id: miniAppDocId.course(c.course_id), type: 'course', area, sort: i, data: courseWithQueued(c, pending), updated_at: clock.now() }));
      await db.miniApps.bulkUpsert(docs);
      await db.miniApps.find({ selector: { type: 'course', area, id: { $nin: docs.map((d) => d.id) } } }).remove();
      return ok();
    },

    async setLessonProgress(courseId, lessonId, percent) {
      const doc = await db.miniApps.findOne(miniAppDocId.course(courseId)).exec();
      if (!doc) return ok();
      let grew = false;
      await doc.incrementalModify((cur) => {
        if (cur.type !== 'course') return cur;
        const course = cur.data as Course;
        const lessons = course.lessons.map((l) => {
          if (l.lesson_id !== lessonId || l.progress >= percent) return l;
          grew = true;
          return { ...l, progress: percent };
        });
        return grew ? { ...cur, data: { ...course, lessons }, updated_at: clock.now() } : cur;
      });
      // progress only grows: a smaller report changes nothing and is not sent
      if (grew) await enqueue({ op: 'lesson-progress', lesson_id: lessonId, course_id: courseId, percent }, lessonId);
      return ok();
    },
  };
}
