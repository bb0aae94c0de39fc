// /submission-details?submission={id}: an entry with its files (fetched with the media token into
// the device's media cache, so they show offline once seen), status and score.
import { useEffect } from 'react';
import { downloadMedia, loadSubmissionDetails } from '../../db/commands';
import { useCompetitionDoc, useMediaFile, useMediaTransfer } from '../../db/hooks';
import { competitionDocId } from '../../db/schemas';
import { useT } from '../shared/use-t';
import { LoadNotes, PhaseBadge, useLoad, useParam, ZonePage } from './zone-ui';

function EntryFile({ mediaUuid, kind, n }: { mediaUuid: string; kind: 'image' | 'video'; n: number }) {
  const t = useT();
  const url = `/api/media/${mediaUuid}`;
  const transfer = useMediaTransfer(url);
  const file = useMediaFile(url, transfer?.state ?? '');
  useEffect(() => {
    void downloadMedia(url);
  }, [url]);
  const label = t('competition.submission.file', { n });
  if (!file.objectUrl) return <p className="competition__note" aria-label={label}>{file.checked ? t('competition.submission.fileOffline') : t('competition.loading')}</p>;
  return kind === 'image' ? <img src={file.objectUrl} alt={label} /> : <video src={file.objectUrl} controls aria-label={label} />;
}

export default function SubmissionDetailsScreen() {
  const t = useT();
  const id = useParam('submission');
  const doc = useCompetitionDoc<'submission'>(competitionDocId.submission(id)).value;
  const { online, failed } = useLoad(() => loadSubmissionDetails(id), id);
  const s = doc?.payload.submission;
  return (
    <ZonePage title={t('competition.submission.title')}>
      <LoadNotes online={online} failed={failed} hasData={!!s} />
      {doc && s && (
        <section className="bots-card competition-entry" data-testid="submission-details">
          <span className="competition-entry__title">{doc.payload.competition.title}</span>
          {doc.payload.competition.category && <PhaseBadge phase={doc.payload.competition.phase} />}
          <span>{t('competition.entry.by', { name: s.user_name, grade: s.user_grade })}</span>
          {s.mine && <span>{t(`competition.entry.status.${s.status}`)}</span>}
          {s.score !== null && <span>{t('competition.entry.score', { score: s.score })}</span>}
          <div className="competition__media">
            {s.media.map((m, i) => <EntryFile key={m.media_uuid} mediaUuid={m.media_uuid} kind={m.kind} n={i + 1} />)}
          </div>
        </section>
      )}
    </ZonePage>
  );
}
