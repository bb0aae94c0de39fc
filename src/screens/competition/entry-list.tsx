// One entry in a list (all entries): name and grade, status for the user's own, score once out.
import { Link } from '@tanstack/react-router';
import type { Submission } from '../../api/contract';
import { useT } from '../shared/use-t';

export function EntryItem({ s }: { s: Submission }) {
  const t = useT();
  return (
    <li className="bots-card" data-testid="entry">
      <Link to="/submission-details" search={{ submission: s.submission_uuid }} className="competition-entry__link"
        aria-label={t('competition.entry.open', { name: s.user_name })}>
        <span className="competition-entry__title">{t('competition.entry.by', { name: s.user_name, grade: s.user_grade })}</span>
        {s.mine && <span>{t('competition.entry.mine')} · {t(`competition.entry.status.${s.status}`)}</span>}
        {s.score !== null && <span>{t('competition.entry.score', { score: s.score })}</span>}
      </Link>
    </li>
  );
}
