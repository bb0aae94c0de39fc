// Bodies and answers of the mini-app and learning routes (spec part 2 §3 Mini app, §7 Mini apps),
// merged into `routes` (contract.ts).
import { z } from 'zod';
import { route } from './route-def';
import { MINI_APP_ROUTE_TABLE as T } from './mini-app-routes';
import { ACTIVITY_MAX_CHARS, RATING_MAX, RATING_MIN, STORAGE_KEY_PATTERN, STORAGE_VALUE_MAX_CHARS } from '../domain/mini-apps';

const miniAppId = z.string().regex(/^\d{16}$/, 'mini_app_uuid must be a 16-digit number');
const appBody = z.object({ mini_app_uuid: miniAppId }).strict();
const storageKey = z.string().regex(STORAGE_KEY_PATTERN, 'key must be 1 to 64 letters, digits, _ . or -');

export const miniAppSchema = z.object({
  mini_app_uuid: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  category: z.string(),
  /** The catalogue path: a built-in screen's path, or where a web mini app is served. */
  path: z.string(),
  kind: z.enum(['native', 'web']),
  /** A web mini app's page (same origin, under /apps/); null for a built-in screen. */
  entry_path: z.string().nullable(),
  /** Whether the mini app signs users on (has a registered client). */
  sso: z.boolean(),
  rating: z.number(),
  rating_count: z.number().int(),
  user_rating: z.number().int().nullable(),
  subscribed: z.boolean(),
});
export type MiniApp = z.output<typeof miniAppSchema>;

export const miniAppActivitySchema = z.object({ activity: z.string(), score: z.number().int().nullable(), times: z.number().int(), updated_at: z.number() });
export type MiniAppActivity = z.output<typeof miniAppActivitySchema>;

export const miniAppDetailsSchema = z.object({ mini_app: miniAppSchema, activity: miniAppActivitySchema.nullable() });
export type MiniAppDetails = z.output<typeof miniAppDetailsSchema>;

export const lessonSchema = z.object({
  lesson_id: z.string(),
  title: z.string(),
  kind: z.enum(['video', 'article']),
  /** Minutes to watch or read. */
  minutes: z.number().int(),
  /** An article's text (paragraphs split by blank lines); a video's summary. */
  body: z.string(),
  /** A video's file (same origin), null for an article. */
  video_url: z.string().nullable(),
  /** The caller's progress, 0 to 100. */
  progress: z.number().int(),
});
export type Lesson = z.output<typeof lessonSchema>;

export const courseSchema = z.object({
  course_id: z.string(),
  area: z.enum(['skills-corner', 'digital-class']),
  title: z.string(),
  description: z.string(),
  lessons: z.array(lessonSchema),
});
export type Course = z.output<typeof courseSchema>;

export const miniAppRoutes = {
  /** Every mini app of the catalogue with the caller's subscription and rating. */
  getMiniAppList: route({ ...T.getMiniAppList, body: z.object({}).strict(), response: z.object({ mini_app_list: z.array(miniAppSchema) }) }),
  getMiniAppUserDetails: route({ ...T.getMiniAppUserDetails, body: appBody, response: miniAppDetailsSchema }),
  setMiniAppUserActivity: route({
    ...T.setMiniAppUserActivity,
    body: z.object({
      mini_app_uuid: miniAppId,
      activity: z.string().trim().min(1, `activity must be 1 to ${ACTIVITY_MAX_CHARS} characters`).max(ACTIVITY_MAX_CHARS, `activity must be 1 to ${ACTIVITY_MAX_CHARS} characters`),
      score: z.number().int('score must be a whole number').min(0).max(1_000_000).optional(),
    }).strict(),
    response: miniAppActivitySchema,
  }),
  subscribeMiniApp: route({ ...T.subscribeMiniApp, body: appBody, response: z.object({ message: z.string(), subscribed_at: z.number() }) }),
  /** A single-use grant, good for SSO_GRANT_TTL_MS, for the mini app's backend to exchange. */
  getSsoGrantToken: route({ ...T.getSsoGrantToken, body: appBody, response: z.object({ grant_token: z.string(), expires_at: z.number() }) }),
  submitMiniAppRating: route({
    ...T.submitMiniAppRating,
    body: z.object({ mini_app_uuid: miniAppId, rating: z.number().int('rating must be a whole number').min(RATING_MIN, `rating must be ${RATING_MIN} to ${RATING_MAX}`).max(RATING_MAX, `rating must be ${RATING_MIN} to ${RATING_MAX}`) }).strict(),
    response: z.object({ mini_app_uuid: z.string(), rating: z.number(), rating_count: z.number().int(), user_rating: z.number().int() }),
  }),
  getMiniAppStorage: route({ ...T.getMiniAppStorage, body: z.object({ mini_app_uuid: miniAppId, key: storageKey }).strict(), response: z.object({ key: z.string(), value: z.string().nullable() }) }),
  /** Spec part 2 §5: a write needs both key and value. */
  setMiniAppStorage: route({
    ...T.setMiniAppStorage,
    body: z.object({ mini_app_uuid: miniAppId, key: storageKey, value: z.string().max(STORAGE_VALUE_MAX_CHARS, `value must be at most ${STORAGE_VALUE_MAX_CHARS} characters`) }).strict(),
    response: z.object({ key: z.string(), value: z.string() }),
  }),
  /**
   * OAuth 2.0 authorization-code style: client id (mini_app_uuid) + client secret + grant. 401
   * 'invalid_client' for a wrong secret; 400 'invalid_grant' for an unknown, expired, used or
   * other app's grant. `sub` is a pairwise id: the same user gets a different id in each mini app.
   */
  exchangeSsoGrant: route({
    ...T.exchangeSsoGrant,
    body: z.object({ mini_app_uuid: miniAppId, grant_token: z.string().min(1).max(200), client_secret: z.string().min(1).max(200) }).strict(),
    response: z.object({ sub: z.string(), name: z.string(), language: z.string() }),
  }),
  getCourses: route({ ...T.getCourses, body: z.object({ area: z.enum(['skills-corner', 'digital-class']) }).strict(), response: z.object({ course_list: z.array(courseSchema) }) }),
  setLessonProgress: route({
    ...T.setLessonProgress,
    body: z.object({ lesson_id: z.string().min(1).max(64), percent: z.number().int('percent must be a whole number').min(0).max(100) }).strict(),
    response: z.object({ lesson_id: z.string(), progress: z.number().int() }),
  }),
};
