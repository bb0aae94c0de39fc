// /competition-details?competition={id}: rules, dates, prizes and phase; enter (while open and
// under the entry limit), all entries, the leaderboard once results are out, and this device's
// waiting entries. Offline: the details kept from the last visit.
import { Link } from '@tanstack/react-router';
import { loadCompetitionDetails } from '../../db/commands';
import { useCompetitionDoc } from '../../db/hooks';
import { competitionDocId } from '../../db/schemas';
import { useT } from '../shared/use-t';
import { LoadNotes, PhaseBadge, PhaseDate, QueuedEntries, useLoad, useParam, ZonePage } from './zone-ui';

export default function CompetitionDetailsScreen() {
  const t = useT();
  const id = useParam('competition');
  const doc = useCompetitionDoc<'details'>(competitionDocId.details(id)).value;
  const { online, failed } = useLoad(() => loadCompetitionDetails(id), id);
  const c = doc?.payload;
  return (
    <ZonePage title={c?.title ?? t('competition.details.title')}>
      <LoadNotes online={online} failed={failed} hasData={!!c} />
      {c && (
        <>
          <section className="bots-card competition-entry" data-testid="competition-details" data-phase={c.phase}>
            <PhaseBadge phase={c.phase} />
            <p>{c.description}</p>
            <PhaseDate c={c} />
          </section>
          <section className="bots-card" aria-labelledby="rules">
            <h2 id="rules" className="bots-card__title">{t('competition.details.rules')}</h2>
            <ul>{c.rules.map((r) => <li key={r}>{r}</li>)}</ul>
          </section>
          <section className="bots-card" aria-labelledby="prizes">
            <h2 id="prizes" className="bots-card__title">{t('competition.details.prizes')}</h2>
            <ul>{c.prizes.map((p) => <li key={p}>{p}</li>)}</ul>
          </section>
          {c.user_submission_count > 0 && <p className="competition__note">{t('competition.details.entered')}</p>}
          <QueuedEntries competitionUuid={id} />
          <div className="competition__links">
            {c.can_submit && <Link to="/competition-upload" search={{ competition: id }} data-testid="enter-competition">{t('competition.details.enter')}</Link>}
            <Link to="/competition-all-entries" search={{ competition: id }}>{t('competition.details.allEntries')}</Link>
            {c.phase === 'results' && <Link to="/leaderboards" search={{ competition: id }}>{t('competition.details.leaderboard')}</Link>}
          </div>
        </>
      )}
    </ZonePage>
  );
}
