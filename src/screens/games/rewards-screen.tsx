// /rewards (spec part 2 §2 Rewards home, §7 get-home-page): cash amount and currency, coupons,
// today's live games (spin the wheel, memory match), unclaimed and failed payouts, links to the
// lucky draw and the lists. Behind the terms gate (rewards-frame.tsx); offline, the stored home.
import { useIntl } from 'react-intl';
import { useNavigate } from '@tanstack/react-router';
import type { RewardEntry } from '../../api/rewards-contract';
import { formatMoney } from '../../domain/money';
import { Button } from '../../ui/button';
import { useT } from '../shared/use-t';
import { RewardsFrame } from './rewards-frame';
import { GameIcon } from './game-art';

export const money = (amount: number, currency: string) => formatMoney({ price: amount, currency: currency as 'INR' });

export function EntryRow({ entry }: { entry: RewardEntry }) {
  const t = useT();
  const intl = useIntl();
  return (
    <div className="games-entry" data-testid="reward-entry">
      <span>
        {entry.title}
        <span className="games-tile__meta"> · {intl.formatDate(entry.created_at, { day: 'numeric', month: 'short' })}</span>
      </span>
      <span>
        {entry.kind === 'cash' ? money(entry.amount_minor, entry.currency) : ''}{' '}
        <span className={`games-badge ${entry.payout_state === 'failed' ? 'games-badge--failed' : ''}`}>{t(`rewards.state.${entry.payout_state}`)}</span>
      </span>
    </div>
  );
}

export default function RewardsScreen() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <RewardsFrame title={t('rewards.title')}>
      {(home) => (
        <>
          <section className="bots-card games-section" aria-labelledby="cash-title" data-testid="rewards-home">
            <h2 id="cash-title" className="games-section__title">{t('rewards.cash')}</h2>
            <p className="games-amount" data-testid="cash-amount">{money(home.cash.amount, home.cash.currency)}</p>
            {!home.saved_payment_method_available && home.unclaimed_payouts.length > 0 && <p className="games-tile__meta">{t('rewards.noPaymentMethod')}</p>}
            <Button variant="secondary" onClick={() => void navigate({ to: '/cash-reward' })}>{t('rewards.cash')}</Button>
          </section>
          <section className="games-section" aria-labelledby="live-title">
            <h2 id="live-title" className="games-section__title">{t('rewards.liveGames')}</h2>
            <div className="games-row">
              {home.live_game_list.map((g) => (
                <button key={g.game_schedule_uuid} type="button" className="games-tile" data-testid={`live-${g.type}`}
                  onClick={() => void navigate(g.type === 'stw' ? { to: '/spin-the-wheel', search: { schedule: g.game_schedule_uuid } } : { to: '/memory-match', search: { schedule: g.game_schedule_uuid } })}>
                  <GameIcon type={g.type === 'stw' ? 'wheel' : 'memory'} />
                  <span className="games-tile__name">{g.name}</span>
                  <span className="games-tile__meta">
                    {g.type === 'stw' ? t(g.stw?.spin_available ? 'rewards.spinAvailable' : 'rewards.spinDone') : t(g.mtc?.completed ? 'rewards.mtcDone' : 'rewards.mtcOpen')}
                  </span>
                </button>
              ))}
            </div>
          </section>
          <section className="bots-card games-section" aria-labelledby="coupons-title">
            <h2 id="coupons-title" className="games-section__title">{t('rewards.coupons')}</h2>
            {home.coupons.length === 0 ? <p className="games-tile__meta">{t('rewards.empty')}</p> : home.coupons.slice(0, 3).map((c) => (
              <button key={c.coupon_uuid} type="button" className="games-card" onClick={() => void navigate({ to: '/coupon', search: { coupon: c.coupon_uuid } })}>
                <span className="games-card__text"><span className="games-card__name">{c.title}</span><span className="games-card__desc">{c.brand}</span></span>
              </button>
            ))}
            <Button variant="secondary" onClick={() => void navigate({ to: '/coupon', search: { coupon: '' } })}>{t('rewards.coupons')}</Button>
          </section>
          {home.unclaimed_payouts.length > 0 && (
            <section className="bots-card games-section" aria-labelledby="unclaimed-title">
              <h2 id="unclaimed-title" className="games-section__title">{t('rewards.unclaimed')}</h2>
              {home.unclaimed_payouts.map((e) => <EntryRow key={e.entry_id} entry={e} />)}
            </section>
          )}
          {home.failed_payouts.length > 0 && (
            <section className="bots-card games-section" aria-labelledby="failed-title">
              <h2 id="failed-title" className="games-section__title">{t('rewards.failed')}</h2>
              {home.failed_payouts.map((e) => <EntryRow key={e.entry_id} entry={e} />)}
            </section>
          )}
          <div className="games-actions">
            <Button variant="secondary" onClick={() => void navigate({ to: '/lucky-draw-results' })}>{t('rewards.luckyDraw')}</Button>
            <Button variant="text" onClick={() => void navigate({ to: '/engage' })}>{t('engage.title')}</Button>
          </div>
        </>
      )}
    </RewardsFrame>
  );
}
