// /past-competitions (spec part 2 §7 get-past-competitions {filters.only_user_submissions}):
// closed competitions, optionally only those the user entered. Offline: each filter's list kept.
import { useState } from 'react';
import { loadPastCompetitions } from '../../db/commands';
import { useCompetitionDoc } from '../../db/hooks';
import { competitionDocId } from '../../db/schemas';
import { useT } from '../shared/use-t';
import { CompetitionCard, LoadNotes, useLoad, ZonePage } from './zone-ui';

export default function PastCompetitionsScreen() {
  const t = useT();
  const [onlyMine, setOnlyMine] = useState(false);
  const doc = useCompetitionDoc<'past'>(competitionDocId.past(onlyMine)).value;
  const { online, failed } = useLoad(() => loadPastCompetitions(onlyMine), String(onlyMine));
  const list = doc?.payload.past_competitions ?? [];
  return (
    <ZonePage title={t('competition.zone.past')}>
      <label className="bots-card competition__check">
        <input type="checkbox" checked={onlyMine} onChange={(e) => setOnlyMine(e.target.checked)} data-testid="only-mine" />
        {' '}{t('competition.past.onlyMine')}
      </label>
      <LoadNotes online={online} failed={failed} hasData={!!doc} />
      {doc && list.length === 0 && <p className="competition__note">{t('competition.past.empty')}</p>}
      <ul className="competition__list" data-testid="past-competitions">{list.map((c) => <CompetitionCard key={c.competition_uuid} c={c} />)}</ul>
    </ZonePage>
  );
}
