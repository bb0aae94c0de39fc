// Skills corner and digital class (issue 17): courses with video and article lessons and the
// user's progress per lesson. Courses are kept in the `miniApps` collection, so they read offline
// (an article whole; a video once the browser has it); progress shows at once and is queued.
import { useEffect, useState } from 'react';
import type { Course, Lesson } from '../../api/mini-app-contract';
import { loadCourses, setLessonProgress } from '../../db/commands';
import { useCourses, useSyncStatus } from '../../db/hooks';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { PageHeader } from '../bots/page-header';
import { useT } from '../shared/use-t';
import '../bots/bots.css';
import '../mini-apps/mini-apps.css';
import './learning.css';

function LessonView({ course, lesson, online }: { course: Course; lesson: Lesson; online: boolean }) {
  const t = useT();
  const report = (percent: number) => void setLessonProgress(course.course_id, lesson.lesson_id, percent);
  // opening an article counts as half read; the rest is the user's "done"
  useEffect(() => {
    if (lesson.kind === 'article') report(50);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opened lesson
  }, [lesson.lesson_id]);
  return (
    <div className="learning__lesson-body" data-testid="lesson-body">
      {lesson.kind === 'video' && lesson.video_url && (
        <>
          <video className="learning__video" src={lesson.video_url} controls preload="metadata" aria-label={lesson.title}
            onTimeUpdate={(e) => { const v = e.currentTarget; if (v.duration > 0) report(Math.min(100, Math.round((v.currentTime / v.duration) * 100))); }}
            onEnded={() => report(100)} />
          {!online && <p className="mini-apps__note">{t('skills.videoOffline')}</p>}
        </>
      )}
      {lesson.body.split(/\n\n+/).map((p, i) => <p key={i}>{p}</p>)}
      <Button variant="secondary" disabled={lesson.progress >= 100} onClick={() => report(100)}>{lesson.progress >= 100 ? t('skills.done') : t('skills.markDone')}</Button>
    </div>
  );
}

export function LearningScreen({ area }: { area: Course['area'] }) {
  const t = useT();
  const { loaded, value: courses } = useCourses(area);
  const online = useSyncStatus().doc.online;
  const [failed, setFailed] = useState(false);
  const [fetched, setFetched] = useState(false);
  const [openLesson, setOpenLesson] = useState<string | null>(null);

  useEffect(() => {
    if (!online) return;
    void loadCourses(area).then((r) => {
      setFetched(true);
      setFailed(!r.ok && r.error.key !== 'noResponse' && r.error.key !== 'cancelled');
    });
  }, [area, online]);

  return (
    <div className="bots-page">
      <PageHeader title={t(area === 'skills-corner' ? 'skills.title' : 'digitalClass.title')} />
      <main className="bots-main">
        <p className="mini-apps__note">{t(area === 'skills-corner' ? 'skills.lead' : 'digitalClass.lead')}</p>
        {!online && <p className="mini-apps__note" role="status">{t('skills.offline')}</p>}
        {failed && <p className="mini-apps__note mini-apps__note--error" role="alert">{t('skills.loadFailed')}</p>}
        {courses.length === 0 && loaded && fetched && <EmptyState title={t('skills.empty')} />}
        {courses.map((course) => (
          <section key={course.course_id} className="bots-card learning__course" aria-labelledby={`course-${course.course_id}`} data-testid="course">
            <h2 className="bots-card__title" id={`course-${course.course_id}`}>{course.title}</h2>
            <p className="mini-apps__description">{course.description}</p>
            <ul className="learning__lessons">
              {course.lessons.map((lesson) => {
                const open = openLesson === lesson.lesson_id;
                return (
                  <li key={lesson.lesson_id} className="learning__lesson" data-testid="lesson">
                    <button type="button" className="learning__lesson-open" aria-expanded={open}
                      onClick={() => setOpenLesson(open ? null : lesson.lesson_id)}>
                      <span className="learning__lesson-title">{lesson.title}</span>
                      <span className="mini-apps__description">{t(lesson.kind === 'video' ? 'skills.video' : 'skills.article', { minutes: lesson.minutes })}</span>
                      <span className="learning__progress" data-testid="lesson-progress">
                        <progress max={100} value={lesson.progress} aria-label={t('skills.progress', { percent: lesson.progress })} />
                        {t('skills.progress', { percent: lesson.progress })}
                      </span>
                    </button>
                    {open && <LessonView course={course} lesson={lesson} online={online} />}
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </main>
    </div>
  );
}
