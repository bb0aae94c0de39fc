// /leaderboards?competition={id}: a competition's leaderboard, or the overall one (no id); ties
// share a rank; the user's own rank is shown above the table even when outside the rows loaded.
import { useNavigate } from '@tanstack/react-router';
import { loadCompetitionHome, loadLeaderboard } from '../../db/commands';
import { useCompetitionDoc } from '../../db/hooks';
import { competitionDocId } from '../../db/schemas';
import { Button } from '../../ui/button';
import { useT } from '../shared/use-t';
import { LoadNotes, useLoad, useParam, ZonePage } from './zone-ui';

export default function LeaderboardsScreen() {
  const t = useT();
  const navigate = useNavigate();
  const id = useParam('competition') || null;
  const doc = useCompetitionDoc<'leaderboard'>(competitionDocId.leaderboard(id)).value;
  const home = useCompetitionDoc<'home'>(competitionDocId.home()).value;
  const { online, failed } = useLoad(() => loadLeaderboard(id, false), id ?? 'overall');
  useLoad(loadCompetitionHome, 'home');
  const board = doc?.payload;
  const choices = home?.payload.competition_results.filter((c) => c.phase === 'results') ?? [];
  return (
    <ZonePage title={t('competition.zone.leaderboards')}>
      <label className="bots-card competition__form">
        {t('competition.leaderboard.pick')}
        <select value={id ?? ''} data-testid="leaderboard-pick"
          onChange={(e) => void navigate({ to: '/leaderboards', search: e.target.value ? { competition: e.target.value } : {}, replace: true })}>
          <option value="">{t('competition.leaderboard.overall')}</option>
          {choices.map((c) => <option key={c.competition_uuid} value={c.competition_uuid}>{c.title}</option>)}
        </select>
      </label>
      <LoadNotes online={online} failed={failed} hasData={!!board} />
      {board && (
        <section className="bots-card">
          <p className="leaderboard__me" data-testid="my-rank">
            {board.my_entry ? t('competition.leaderboard.you', { rank: board.my_entry.rank, total: board.total }) : t('competition.leaderboard.notRanked')}
          </p>
          {board.entries.length === 0 ? <p>{t('competition.leaderboard.empty')}</p> : (
            <table className="leaderboard" data-testid="leaderboard">
              <tbody>
                {board.entries.map((e, i) => (
                  <tr key={`${e.rank}-${i}`} className={e.mine ? 'leaderboard__mine' : undefined}>
                    <td>{e.rank}</td>
                    <td>{e.user_name}</td>
                    <td>{t('competition.leaderboard.points', { score: e.score })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {board.entries.length < board.total && online && (
            <Button variant="secondary" block onClick={() => void loadLeaderboard(id, true)}>{t('competition.loadMore')}</Button>
          )}
        </section>
      )}
    </ZonePage>
  );
}
