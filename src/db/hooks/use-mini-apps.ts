// The mini apps, one mini app, its stored permissions and the courses of an area, observed in the
// `miniApps` collection (written by the engine, src/sync/mini-apps-sync.ts): they read offline.
import { map } from 'rxjs';
import type { Course } from '../../api/mini-app-contract';
import type { MiniAppPermission } from '../../domain/mini-apps';
import { miniAppDocId, type MiniAppData, type PermissionData } from '../schemas';
import { useRxQuery, type QuerySnapshot } from './use-rx-query';

const LIMIT = 200;

export function useMiniApps(): QuerySnapshot<MiniAppData[]> {
  return useRxQuery('mini-apps', (db) => db.miniApps.find({ selector: { type: 'app', area: '' }, sort: [{ sort: 'asc' }, { id: 'asc' }], limit: LIMIT }).$
    .pipe(map((docs) => docs.map((d) => d.toJSON().data as MiniAppData))), []);
}

export function useMiniApp(miniAppUuid: string): QuerySnapshot<MiniAppData | null> {
  return useRxQuery(`mini-app:${miniAppUuid}`, (db) => db.miniApps.findOne(miniAppDocId.app(miniAppUuid)).$
    .pipe(map((d) => (d ? (d.toJSON().data as MiniAppData) : null))), null);
}

/** The user's stored answer per permission of one mini app (absent: not asked yet). */
export function useMiniAppPermissions(miniAppUuid: string): QuerySnapshot<Partial<Record<MiniAppPermission, boolean>>> {
  return useRxQuery(`mini-app-permissions:${miniAppUuid}`, (db) => db.miniApps.find({ selector: { type: 'permission', id: { $regex: `^permission:${miniAppUuid}:` } }, limit: 10 }).$
    .pipe(map((docs) => Object.fromEntries(docs.map((d) => { const p = d.toJSON().data as PermissionData; return [p.permission, p.granted]; })))), {});
}

export function useCourses(area: Course['area']): QuerySnapshot<Course[]> {
  return useRxQuery(`courses:${area}`, (db) => db.miniApps.find({ selector: { type: 'course', area }, sort: [{ sort: 'asc' }, { id: 'asc' }], limit: LIMIT }).$
    .pipe(map((docs) => docs.map((d) => d.toJSON().data as Course))), []);
}
