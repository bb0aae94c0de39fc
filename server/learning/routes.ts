// Skills corner and digital class (issue 17): the seeded courses in the caller's language with the
// caller's progress per lesson. Progress only moves forward (a replayed or late older report
// cannot lower it), and is keyed by the session's user.
import { routes } from '../../src/api/contract';
import type { Course } from '../../src/api/mini-app-contract';
import type { RouteModule } from '../context';
import { notFound } from '../http/errors';
import { languageOf } from '../http/language';
import { COURSES, lessonById } from './courses';

export const learningRoutes: RouteModule = (api, ctx) => {
  const { db } = ctx;

  api.authRoute(routes.getCourses, async ({ body, user, request }) => {
    const lang = languageOf(request);
    const rows = await db.query<{ lesson_id: string; percent: number }>('SELECT lesson_id, percent FROM lesson_progress WHERE user_uuid = $1', [user.userUuid]);
    const progress = new Map(rows.map((r) => [r.lesson_id, Number(r.percent)]));
    const course_list: Course[] = COURSES.filter((c) => c.area === body.area).map((c) => ({
      course_id: c.course_id,
      area: c.area,
      title: c.title[lang],
      description: c.description[lang],
      lessons: c.lessons.map((l) => ({
        lesson_id: l.lesson_id, title: l.title[lang], kind: l.kind, minutes: l.minutes, body: l.body[lang], video_url: l.video_url,
        progress: progress.get(l.lesson_id) ?? 0,
      })),
    }));
    return { course_list };
  });

  api.authRoute(routes.setLessonProgress, async ({ body, user }) => {
    const found = lessonById(body.lesson_id);
    if (!found) throw notFound('Invalid lesson id');
    const rows = await db.query<{ percent: number }>(
      `INSERT INTO lesson_progress (user_uuid, lesson_id, course_id, percent, updated_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_uuid, lesson_id) DO UPDATE SET percent = GREATEST(lesson_progress.percent, $4), updated_at = $5
       RETURNING percent`,
      [user.userUuid, body.lesson_id, found.course.course_id, body.percent, ctx.now()],
    );
    return { lesson_id: body.lesson_id, progress: Number(rows[0]!.percent) };
  });
};
