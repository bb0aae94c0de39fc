// /competition-preview?competition={id}: the chosen images or video, name and grade; Submit keeps
// the files on the device and queues the entry (src/db/competition-entries.ts), which the engine
// uploads and adds once when the network allows. Offline the screen says the entry will wait.
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { submitCompetitionEntry } from '../../db/commands';
import { useSyncStatus } from '../../db/hooks';
import { Button } from '../../ui/button';
import { useT } from '../shared/use-t';
import { getDraft, setDraft } from './entry-draft';
import { useParam, ZonePage } from './zone-ui';

export default function CompetitionPreviewScreen() {
  const t = useT();
  const navigate = useNavigate();
  const id = useParam('competition');
  const online = useSyncStatus().doc.online;
  const draft = getDraft(id);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const urls = useMemo(() => (draft?.files ?? []).map((f) => URL.createObjectURL(f)), [draft]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  if (!draft) {
    return (
      <ZonePage title={t('competition.preview.title')}>
        <p className="competition__note">{t('competition.preview.nothing')}</p>
        <Link className="competition__button-link" to="/competition-upload" search={{ competition: id }}>{t('competition.preview.back')}</Link>
      </ZonePage>
    );
  }
  const submit = async () => {
    setPending(true);
    const result = await submitCompetitionEntry({ ...draft, files: draft.files.map((f) => ({ blob: f, name: f.name })) });
    setPending(false);
    if (!result.ok) {
      setFailed(true);
      return;
    }
    setDraft(null);
    void navigate({ to: '/competition-details', search: { competition: id }, replace: true });
  };
  return (
    <ZonePage title={t('competition.preview.title')}>
      <section className="bots-card competition-entry" data-testid="entry-preview">
        <span className="competition-entry__title">{draft.competition_title}</span>
        <span>{t('competition.entry.by', { name: draft.user_name, grade: draft.user_grade })}</span>
        <div className="competition__media">
          {urls.map((u, i) => (draft.type === 'image'
            ? <img key={u} src={u} alt={t('competition.submission.file', { n: i + 1 })} />
            : <video key={u} src={u} controls aria-label={t('competition.submission.file', { n: i + 1 })} />))}
        </div>
      </section>
      {!online && <p className="competition__note" role="status">{t('competition.preview.offline')}</p>}
      {failed && <p className="competition__note competition__note--error" role="alert">{t('competition.preview.failed')}</p>}
      <Button block pending={pending} onClick={() => void submit()} data-testid="submit-entry">{t('competition.preview.submit')}</Button>
    </ZonePage>
  );
}
