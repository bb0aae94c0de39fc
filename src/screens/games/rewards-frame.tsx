// The frame of every rewards screen: the app bar, the remote flag (rewards_enable), the terms
// gate (spec part 2 §4 "Rewards gate": tnc_accepted, accept-tnc) and the offline note. The
// rewards home is read once here, so each sub-screen knows whether the terms were accepted.
import { useEffect, useState, type ReactNode } from 'react';
import { acceptRewardsTerms, refreshRewardsHome } from '../../db/commands';
import { useGames } from '../../db/hooks';
import type { RewardsHome } from '../../api/rewards-contract';
import { Button } from '../../ui/button';
import { PageHeader } from '../bots/page-header';
import { useOnline } from '../shared/use-online';
import { useT } from '../shared/use-t';
import { useGamesFlags } from './use-games-flags';
import '../bots/bots.css';
import './games.css';

export function RewardsFrame({ title, children }: { title: string; children: (home: RewardsHome, online: boolean) => ReactNode }) {
  const t = useT();
  const online = useOnline();
  const { rewards } = useGamesFlags();
  const { loaded, value: home } = useGames('rewards-home');
  const [accepting, setAccepting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (online && rewards) void refreshRewardsHome();
  }, [online, rewards]);

  const accept = async () => {
    setError(null);
    setAccepting(true);
    const result = await acceptRewardsTerms();
    setAccepting(false);
    if (!result.ok) setError(t(result.error.key === 'noResponse' ? 'rewards.tnc.needsNetwork' : 'engage.error'));
    else void refreshRewardsHome();
  };

  let body: ReactNode;
  if (!rewards) body = <p className="games-note" role="status">{t('rewards.featureOff')}</p>;
  else if (!home) body = loaded && !online ? <p className="games-note" role="status">{t('rewards.offline')}</p> : <p className="games-tile__meta" role="status">{t('engage.loading')}</p>;
  else if (!home.tnc_accepted) {
    body = (
      <section className="bots-card games-section" aria-labelledby="tnc-title" data-testid="rewards-terms">
        <h2 id="tnc-title" className="games-section__title">{t('rewards.tnc.title')}</h2>
        <p>{t('rewards.tnc.body')}</p>
        {error && <p className="games-note games-note--error" role="alert">{error}</p>}
        <Button block pending={accepting} onClick={() => void accept()}>{t('rewards.tnc.accept')}</Button>
      </section>
    );
  } else {
    body = (
      <>
        {!online && <p className="games-note" role="status">{t('rewards.offline')}</p>}
        {children(home, online)}
      </>
    );
  }
  return (
    <div className="bots-page">
      <PageHeader title={title} />
      <main className="bots-main">{body}</main>
    </div>
  );
}
