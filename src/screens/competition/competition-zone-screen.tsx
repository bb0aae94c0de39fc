// /competition-zone (spec part 2 §2, issue 16): active competitions and results, links to past
// competitions, certificates and leaderboards, and the user's entries waiting on this device.
// Offline it shows the home page kept from the last visit.
import { Link } from '@tanstack/react-router';
import { loadCompetitionHome } from '../../db/commands';
import { useCompetitionDoc } from '../../db/hooks';
import { competitionDocId } from '../../db/schemas';
import { useT } from '../shared/use-t';
import { CompetitionCard, LoadNotes, QueuedEntries, useLoad, ZonePage } from './zone-ui';

export default function CompetitionZoneScreen() {
  const t = useT();
  const home = useCompetitionDoc<'home'>(competitionDocId.home()).value;
  const { online, failed, loading } = useLoad(loadCompetitionHome, 'home');
  return (
    <ZonePage title={t('competition.zone.title')}>
      <LoadNotes online={online} failed={failed} hasData={home !== null} />
      <nav className="competition__links" aria-label={t('competition.zone.title')}>
        <Link to="/past-competitions">{t('competition.zone.past')}</Link>
        <Link to="/my-certificates">{t('competition.zone.certificates')}</Link>
        <Link to="/leaderboards">{t('competition.zone.leaderboards')}</Link>
      </nav>
      <QueuedEntries />
      {home && (
        <>
          <h2 className="competition__section-title">{t('competition.zone.active')}</h2>
          {home.payload.active_competitions.length === 0
            ? <p className="competition__note">{t('competition.zone.emptyActive')}</p>
            : <ul className="competition__list" data-testid="active-competitions">{home.payload.active_competitions.map((c) => <CompetitionCard key={c.competition_uuid} c={c} />)}</ul>}
          {home.payload.competition_results.length > 0 && (
            <>
              <h2 className="competition__section-title">{t('competition.zone.results')}</h2>
              <ul className="competition__list" data-testid="competition-results">{home.payload.competition_results.map((c) => <CompetitionCard key={c.competition_uuid} c={c} />)}</ul>
            </>
          )}
        </>
      )}
      {loading && !home && <p className="competition__note" role="status">{t('competition.loading')}</p>}
    </ZonePage>
  );
}
