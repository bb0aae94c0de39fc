// Which gated area each call of the shared modules belongs to (spec part 1 §6: "screens are gated
// by remote flags ... custom code can include or exclude features"), for gatedModule
// (feature-access.ts). The modules of one area (feed → posts) are named in app.ts; the ones that
// serve several areas are sorted here, by route and input.
import { routes } from '../../src/api/contract';
import { featureOfMiniApp, type GatedFeature } from '../../src/domain/feature-gate';
import { lessonById } from '../learning/courses';
import type { AreaOf } from './feature-access';

const field = (body: unknown, name: string): unknown =>
  body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;

const LEARNING_AREAS: Readonly<Record<string, GatedFeature>> = { 'skills-corner': 'skills_corner', 'digital-class': 'digital_class' };

/** The competition module also serves the leaderboards (the /leaderboards screen, overall or per competition). */
export const competitionArea: AreaOf = (def) => (def.path === routes.getLeaderboard.path ? 'leaderboards' : 'competition_zone');

/** Courses by their `area`; a lesson's progress by its course's area (an unknown lesson is the handler's 404). */
export const learningArea: AreaOf = (def, body) => {
  if (def.path === routes.getCourses.path) return LEARNING_AREAS[String(field(body, 'area'))] ?? null;
  const lesson = lessonById(String(field(body, 'lesson_id')));
  return lesson ? (LEARNING_AREAS[lesson.course.area] ?? null) : null;
};

/** A built-in mini app's calls (storage, sign-on, rating...) belong to the feature that owns it (Live Quiz → live_quiz). */
export const miniAppArea: AreaOf = (_def, body) => {
  const id = field(body, 'mini_app_uuid');
  return typeof id === 'string' ? featureOfMiniApp(id) : null;
};
