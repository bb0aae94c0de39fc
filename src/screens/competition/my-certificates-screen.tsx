// /my-certificates: the user's certificates (made by the server when results are out); each opens
// in /pdf-viewer. Offline: the list kept.
import { Link } from '@tanstack/react-router';
import { loadCertificates } from '../../db/commands';
import { useCompetitionDoc } from '../../db/hooks';
import { competitionDocId } from '../../db/schemas';
import { useT } from '../shared/use-t';
import { LoadNotes, useDate, useLoad, ZonePage } from './zone-ui';

export default function MyCertificatesScreen() {
  const t = useT();
  const date = useDate();
  const doc = useCompetitionDoc<'certificates'>(competitionDocId.certificates()).value;
  const { online, failed } = useLoad(loadCertificates, 'certificates');
  const list = doc?.payload.certificates ?? [];
  return (
    <ZonePage title={t('competition.zone.certificates')}>
      <LoadNotes online={online} failed={failed} hasData={!!doc} />
      {doc && list.length === 0 && <p className="competition__note">{t('competition.certificates.empty')}</p>}
      <ul className="competition__list" data-testid="certificates">
        {list.map((c) => (
          <li key={c.certificate_uuid} className="bots-card" data-testid="certificate">
            <Link to="/pdf-viewer" search={{ media: c.media_uuid, title: c.competition_title }} className="competition-entry__link"
              aria-label={t('competition.certificates.open', { title: c.competition_title })}>
              <span className="competition-entry__title">{c.competition_title}</span>
              {c.rank !== null && <span>{t('competition.certificates.rank', { rank: c.rank })}</span>}
              <span>{date(c.issued_at)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </ZonePage>
  );
}
