// Mini apps on the device (issue 17; DESIGN.md §3 `miniApps`): the catalogue entries with the
// user's subscription, rating and last activity; each mini app's permissions as the user answered
// them (asked once per mini app, spec part 2 §6); and the courses of skills corner and digital
// class with the user's progress per lesson. Written from 200 answers and by the user's own
// actions (queued on the one action queue), so every list reads offline.
import type { RxCollection, RxJsonSchema } from 'rxdb/plugins/core';
import type { Course, MiniApp, MiniAppActivity } from '../../api/mini-app-contract';
import type { MiniAppPermission } from '../../domain/mini-apps';

export interface MiniAppData {
  app: MiniApp;
  activity: MiniAppActivity | null;
  /** A catalogue key of a refusal to show (the server refused a queued subscribe or rating), or null. */
  notice: string | null;
}

export interface PermissionData {
  mini_app_uuid: string;
  permission: MiniAppPermission;
  granted: boolean;
}

export interface DocData {
  app: MiniAppData;
  permission: PermissionData;
  course: Course;
}

export type MiniAppDocType = keyof DocData;

interface Base<T extends MiniAppDocType> {
  /** 'app:<mini_app_uuid>', 'permission:<mini_app_uuid>:<permission>', 'course:<course_id>' */
  id: string;
  type: T;
  /** '' for apps and permissions; a course's area: 'skills-corner' or 'digital-class' */
  area: string;
  /** the server's order (catalogue rank, course order) */
  sort: number;
  data: DocData[T];
  updated_at: number;
}

export type MiniAppDocOf<T extends MiniAppDocType> = Base<T>;
export type MiniAppDoc = { [T in MiniAppDocType]: Base<T> }[MiniAppDocType];
export type MiniAppsCollection = RxCollection<MiniAppDoc>;

export const miniAppDocId = {
  app: (miniAppUuid: string) => `app:${miniAppUuid}`,
  permission: (miniAppUuid: string, permission: MiniAppPermission) => `permission:${miniAppUuid}:${permission}`,
  course: (courseId: string) => `course:${courseId}`,
};

export const miniAppsSchema: RxJsonSchema<MiniAppDoc> = {
  title: 'miniApps',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 120 },
    type: { type: 'string', enum: ['app', 'permission', 'course'], maxLength: 12 },
    area: { type: 'string', maxLength: 20 },
    sort: { type: 'number', minimum: 0, maximum: 1e9, multipleOf: 1 },
    data: { type: 'object' },
    updated_at: { type: 'number', minimum: 0, maximum: 1e15, multipleOf: 1 },
  },
  required: ['id', 'type', 'area', 'sort', 'data', 'updated_at'],
  // lists read by type (and a course area) in the server's order
  indexes: [['type', 'area', 'sort', 'id']],
};

/** A queued mini-app action (the `mini-app` kind of the action queue; sent by src/sync/mini-app-actions.ts). */
export type MiniAppAction =
  | { op: 'subscribe'; mini_app_uuid: string; was_subscribed: boolean }
  | { op: 'rating'; mini_app_uuid: string; rating: number; previous: number | null }
  | { op: 'activity'; mini_app_uuid: string; activity: string; score?: number }
  | { op: 'lesson-progress'; lesson_id: string; course_id: string; percent: number };
