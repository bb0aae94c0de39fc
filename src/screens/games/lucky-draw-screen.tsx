// /lucky-draw-results (spec part 2 §7 get-lucky-draw-result): the draw of a date (yesterday by
// default): open or drawn, whether the user entered, their prize, and the stored seed that
// reproduces the winners. Results looked at before read offline.
import { useEffect, useState, type FormEvent } from 'react';
import { loadLuckyDraw } from '../../db/commands';
import { useGames } from '../../db/hooks';
import { rewardsDay } from '../../domain/engage-rewards';
import { DAY_MS } from '../../domain/constants';
import { Button } from '../../ui/button';
import { useT } from '../shared/use-t';
import { RewardsFrame } from './rewards-frame';
import { money } from './rewards-screen';

function DrawResult({ date, online }: { date: string; online: boolean }) {
  const t = useT();
  const { loaded, value: result } = useGames('lucky-draw', date);
  useEffect(() => {
    if (online) void loadLuckyDraw(date);
  }, [online, date]);
  if (!result) return loaded && !online ? <p className="games-note" role="status">{t('rewards.draw.notLoaded')}</p> : null;
  return (
    <section className="bots-card games-section" aria-live="polite" data-testid="draw-result" data-status={result.status}>
      {result.status === 'open' ? <p>{t('rewards.draw.open', { entries: result.entries_count })}</p> : <p>{t('rewards.draw.drawn', { winners: result.winners_count, entries: result.entries_count })}</p>}
      {!result.entered && <p className="games-tile__meta">{t('rewards.draw.notEntered')}</p>}
      {result.status === 'drawn' && result.entered && result.reward_list.length === 0 && <p>{t('rewards.draw.notWon')}</p>}
      {result.reward_list.map((r) => <p key={r.entry_id} className="games-note games-note--ok">{t('rewards.draw.won', { amount: money(r.amount_minor, r.currency), rank: r.rank })}</p>)}
      {result.seed && <p className="games-tile__meta" style={{ overflowWrap: 'anywhere' }}>{t('rewards.draw.seed', { seed: result.seed })}</p>}
    </section>
  );
}

export default function LuckyDrawScreen() {
  const t = useT();
  const yesterday = rewardsDay(Date.now() - DAY_MS);
  const [input, setInput] = useState(yesterday);
  const [date, setDate] = useState(yesterday);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (/^\d{4}-\d{2}-\d{2}$/.test(input)) setDate(input);
  };
  return (
    <RewardsFrame title={t('rewards.luckyDraw')}>
      {(_home, online) => (
        <>
          <form className="games-input-row" onSubmit={submit}>
            <input type="date" aria-label={t('rewards.draw.date')} value={input} max={rewardsDay(Date.now())} onChange={(e) => setInput(e.target.value)} />
            <Button type="submit">{t('rewards.draw.show')}</Button>
          </form>
          <DrawResult date={date} online={online} />
        </>
      )}
    </RewardsFrame>
  );
}
