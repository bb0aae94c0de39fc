// /cash-reward (spec part 2 §7 get-cash-rewards-list): every cash reward with its payout state and
// the total earned; offline, the stored list.
import { useEffect } from 'react';
import { refreshCashRewards } from '../../db/commands';
import { useGames } from '../../db/hooks';
import { useT } from '../shared/use-t';
import { RewardsFrame } from './rewards-frame';
import { EntryRow, money } from './rewards-screen';

export default function CashRewardScreen() {
  const t = useT();
  const list = useGames('cash-list').value;
  return (
    <RewardsFrame title={t('rewards.cash')}>
      {(_home, online) => <CashList online={online} list={list} t={t} />}
    </RewardsFrame>
  );
}

function CashList({ online, list, t }: { online: boolean; list: ReturnType<typeof useGames<'cash-list'>>['value']; t: ReturnType<typeof useT> }) {
  useEffect(() => {
    if (online) void refreshCashRewards();
  }, [online]);
  if (!list) return null;
  return (
    <section className="bots-card games-section" data-testid="cash-list">
      <p className="games-amount">{t('rewards.cashTotal', { amount: money(list.cash.amount, list.cash.currency) })}</p>
      {list.cash_list.length === 0 ? <p className="games-tile__meta">{t('rewards.empty')}</p> : list.cash_list.map((e) => <EntryRow key={e.entry_id} entry={e} />)}
    </section>
  );
}
