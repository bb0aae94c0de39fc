// Mini apps and courses (issue 17): the engine does the work (src/sync/mini-apps-sync.ts); the
// screens observe the `miniApps` collection. The storage and sign-on commands serve a running
// mini app's bridge requests.
import type { Course, MiniAppDetails } from '../../api/mini-app-contract';
import type { MiniAppPermission } from '../../domain/mini-apps';
import type { CommandResult } from '../command-result';
import { runEngine } from './run-engine';

export const loadMiniApps = (): Promise<CommandResult> => runEngine('loadMiniApps');
export const loadMiniAppDetails = (id: string): Promise<CommandResult<MiniAppDetails>> => runEngine('loadMiniAppDetails', id);
export const subscribeMiniApp = (id: string): Promise<CommandResult> => runEngine('subscribeMiniApp', id);
export const rateMiniApp = (id: string, rating: number): Promise<CommandResult> => runEngine('rateMiniApp', id, rating);
export const reportMiniAppActivity = (id: string, activity: string, score?: number): Promise<CommandResult> =>
  (score === undefined ? runEngine('reportMiniAppActivity', id, activity) : runEngine('reportMiniAppActivity', id, activity, score));
export const setMiniAppPermission = (id: string, permission: MiniAppPermission, granted: boolean): Promise<CommandResult> => runEngine('setMiniAppPermission', id, permission, granted);
export const dismissMiniAppNotice = (id: string): Promise<CommandResult> => runEngine('dismissMiniAppNotice', id);
export const getMiniAppStorageValue = (id: string, key: string): Promise<CommandResult<string | null>> => runEngine('getMiniAppStorageValue', id, key);
export const setMiniAppStorageValue = (id: string, key: string, value: string): Promise<CommandResult> => runEngine('setMiniAppStorageValue', id, key, value);
export const getMiniAppGrant = (id: string): Promise<CommandResult<{ grant_token: string; expires_at: number }>> => runEngine('getMiniAppGrant', id);
export const loadCourses = (area: Course['area']): Promise<CommandResult> => runEngine('loadCourses', area);
export const setLessonProgress = (courseId: string, lessonId: string, percent: number): Promise<CommandResult> => runEngine('setLessonProgress', courseId, lessonId, percent);
