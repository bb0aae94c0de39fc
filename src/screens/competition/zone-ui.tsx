// Pieces the competition zone's screens share: the flag gate (competition_zone_enable), the
// offline and failure notes, a load that runs on opening and when the network returns, the
// competition card, the phase badge and the entries waiting on this device.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import type { CompetitionSummary } from '../../api/contract';
import type { CommandResult } from '../../db/command-result';
import { useFeatureGate, useQueuedEntries, useSyncStatus } from '../../db/hooks';
import type { EntryState } from '../../db/schemas';
import { PageHeader } from '../shared/page-header';
import { useT } from '../shared/use-t';
import '../bots/bots.css';
import './competition.css';

/** A search parameter of the zone's routes (competition, submission, media, title). */
export function useParam(name: 'competition' | 'submission' | 'media' | 'title'): string {
  const search: Record<string, unknown> = useSearch({ strict: false });
  const value = search[name];
  return typeof value === 'string' ? value : '';
}

/** The zone's page: its header, and "switched off" instead of the content when the flag is off. */
export function ZonePage({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  const navigate = useNavigate();
  const enabled = useFeatureGate().on.competition_zone;
  return (
    <div className="bots-page">
      <PageHeader title={title} onFallback={() => void navigate({ to: '/competition-zone' })} />
      <main className="bots-main competition">
        {enabled ? children : <p className="competition__note" role="status" data-testid="competition-off">{t('competition.zone.off')}</p>}
      </main>
    </div>
  );
}

/**
 * Runs `load` when the screen opens and each time the network comes back; answers whether the last
 * load failed for another reason than being offline, and whether one runs.
 */
export function useLoad(load: () => Promise<CommandResult<unknown>>, key: string): { failed: boolean; loading: boolean; online: boolean; reload: () => Promise<void> } {
  const online = useSyncStatus().doc.online;
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);
  const reload = useCallback(async () => {
    setLoading(true);
    const result = await load();
    setLoading(false);
    setFailed(!result.ok && result.error.key !== 'noResponse' && result.error.key !== 'cancelled');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` names what load reads
  }, [key]);
  useEffect(() => {
    if (online) void reload();
  }, [online, reload]);
  return { failed, loading, online, reload };
}

/** The offline note (with or without something stored to show) and the failure note. */
export function LoadNotes({ online, failed, hasData }: { online: boolean; failed: boolean; hasData: boolean }) {
  const t = useT();
  return (
    <>
      {!online && <p className="competition__note" role="status">{t(hasData ? 'competition.offline' : 'competition.offlineEmpty')}</p>}
      {failed && <p className="competition__note competition__note--error" role="alert">{t('competition.loadFailed')}</p>}
    </>
  );
}

export function PhaseBadge({ phase }: { phase: CompetitionSummary['phase'] }) {
  const t = useT();
  return <span className={`competition__phase competition__phase--${phase}`}>{t(`competition.phase.${phase}`)}</span>;
}

export function useDate(): (ms: number) => string {
  const intl = useIntl();
  return (ms) => intl.formatDate(ms, { day: 'numeric', month: 'short', year: 'numeric' });
}

/** The date that matters in this phase: when it opens, closes or its results come. */
export function PhaseDate({ c }: { c: CompetitionSummary }) {
  const t = useT();
  const date = useDate();
  if (c.phase === 'upcoming') return <span>{t('competition.opens', { date: date(c.opens_at) })}</span>;
  if (c.phase === 'open') return <span>{t('competition.closes', { date: date(c.closes_at) })}</span>;
  return <span>{t('competition.resultsOn', { date: date(c.results_at) })}</span>;
}

export function CompetitionCard({ c }: { c: CompetitionSummary }) {
  return (
    <li className="bots-card competition-card" data-testid="competition-card">
      <Link to="/competition-details" search={{ competition: c.competition_uuid }} className="competition-card__link">
        <span className="competition-card__head">
          <span className="competition-card__title">{c.title}</span>
          <PhaseBadge phase={c.phase} />
        </span>
        <span className="competition-card__body">{c.description}</span>
        <span className="competition-card__date"><PhaseDate c={c} /></span>
      </Link>
    </li>
  );
}

function entryStateText(t: ReturnType<typeof useT>, e: EntryState): string {
  if (e.state === 'sent') return t('competition.queued.sent');
  if (e.state === 'refused') return t('competition.queued.refused', { reason: e.error ?? '' });
  return t('competition.queued.queued', { done: e.files.filter((f) => f.media_uuid).length, total: e.files.length });
}

/** The user's entries submitted on this device that are waiting or were refused (sent ones show as entries). */
export function QueuedEntries({ competitionUuid }: { competitionUuid?: string }) {
  const t = useT();
  const entries = useQueuedEntries(competitionUuid).value.filter((e) => e.state !== 'sent');
  if (entries.length === 0) return null;
  return (
    <section className="bots-card" aria-labelledby="queued-entries">
      <h2 id="queued-entries" className="bots-card__title">{t('competition.queued.title')}</h2>
      <ul className="competition__list">
        {entries.map((e) => (
          <li key={e.id} className={`competition-entry competition-entry--${e.state}`} data-testid="queued-entry" data-state={e.state}>
            <span className="competition-entry__title">{e.competition_title}</span>
            <span>{t('competition.entry.by', { name: e.user_name, grade: e.user_grade })}</span>
            <span role="status">{entryStateText(t, e)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
