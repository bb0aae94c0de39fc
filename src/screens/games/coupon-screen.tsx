// /coupon (spec part 2 §7 get-coupon-rewards-list, get-coupon-reward-details): the coupon list, or
// with ?coupon=<uuid> one coupon's code (copy), terms and expiry. Offline, what was stored.
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { loadCoupon, refreshCoupons } from '../../db/commands';
import { useGames } from '../../db/hooks';
import { Button } from '../../ui/button';
import { useT } from '../shared/use-t';
import { RewardsFrame } from './rewards-frame';

function CouponList({ online }: { online: boolean }) {
  const t = useT();
  const intl = useIntl();
  const navigate = useNavigate();
  const list = useGames('coupon-list').value;
  useEffect(() => {
    if (online) void refreshCoupons();
  }, [online]);
  if (!list) return null;
  if (list.coupon_list.length === 0) return <p className="games-tile__meta">{t('rewards.empty')}</p>;
  return (
    <ul className="games-list" data-testid="coupon-list">
      {list.coupon_list.map((c) => (
        <li key={c.coupon_uuid}>
          <button type="button" className="games-card" onClick={() => void navigate({ to: '/coupon', search: { coupon: c.coupon_uuid } })}>
            <span className="games-card__text">
              <span className="games-card__name">{c.title}</span>
              <span className="games-card__desc">{c.brand} · {t('rewards.expires', { date: intl.formatDate(c.expires_at, { day: 'numeric', month: 'short', year: 'numeric' }) })}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function CouponDetail({ uuid, online }: { uuid: string; online: boolean }) {
  const t = useT();
  const intl = useIntl();
  const { loaded, value: coupon } = useGames('coupon', uuid);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (online) void loadCoupon(uuid);
  }, [online, uuid]);
  if (!coupon) return loaded ? <p className="games-note" role="status">{t('rewards.couponNotHere')}</p> : null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(coupon.code);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section className="bots-card games-section" data-testid="coupon-detail">
      <h2 className="games-section__title">{coupon.title}</h2>
      <p className="games-tile__meta">{coupon.brand} · {t('rewards.expires', { date: intl.formatDate(coupon.expires_at, { day: 'numeric', month: 'short', year: 'numeric' }) })}</p>
      <div className="games-code"><span data-testid="coupon-code">{coupon.code}</span></div>
      <Button onClick={() => void copy()}>{t('rewards.copy')}</Button>
      {copied && <p className="games-note games-note--ok" role="status">{t('rewards.copied')}</p>}
      <h3 className="games-section__title">{t('rewards.terms')}</h3>
      <ul>{coupon.terms.map((term) => <li key={term}>{term}</li>)}</ul>
    </section>
  );
}

export default function CouponScreen() {
  const t = useT();
  const { coupon } = useSearch({ from: '/coupon' });
  return (
    <RewardsFrame title={t('rewards.coupons')}>
      {(_home, online) => (coupon ? <CouponDetail uuid={coupon} online={online} /> : <CouponList online={online} />)}
    </RewardsFrame>
  );
}
