// /competition-upload?competition={id} (issue 16 "Upload and preview"): pick images (up to the
// competition's max) or a video, enter name and grade, then preview. Choosing needs no network;
// the entry is sent from the preview (queued when offline).
import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { SUBMISSION_GRADE_MAX_CHARS, SUBMISSION_NAME_MAX_CHARS } from '../../domain/competition-rules';
import { loadCompetitionDetails } from '../../db/commands';
import { useCompetitionDoc } from '../../db/hooks';
import { competitionDocId } from '../../db/schemas';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { useT } from '../shared/use-t';
import { filesProblem, getDraft, setDraft } from './entry-draft';
import { LoadNotes, useLoad, useParam, ZonePage } from './zone-ui';

export default function CompetitionUploadScreen() {
  const t = useT();
  const navigate = useNavigate();
  const id = useParam('competition');
  const c = useCompetitionDoc<'details'>(competitionDocId.details(id)).value?.payload;
  const { online, failed } = useLoad(() => loadCompetitionDetails(id), id);
  const previous = getDraft(id);
  const [files, setFiles] = useState<File[]>(previous?.files ?? []);
  const [name, setName] = useState(previous?.user_name ?? '');
  const [grade, setGrade] = useState(previous?.user_grade ?? '');
  const [tried, setTried] = useState(false);
  if (!c) return <ZonePage title={t('competition.details.enter')}><LoadNotes online={online} failed={failed} hasData={false} /></ZonePage>;
  const problem = filesProblem(files, c.media_kind, c.max_media);
  const next = () => {
    setTried(true);
    if (problem || !name.trim() || !grade.trim()) return;
    setDraft({ competition_uuid: id, competition_title: c.title, type: c.media_kind, files, user_name: name.trim(), user_grade: grade.trim() });
    void navigate({ to: '/competition-preview', search: { competition: id } });
  };
  return (
    <ZonePage title={t('competition.details.enter')}>
      <h2 className="competition__section-title">{c.title}</h2>
      {!c.can_submit ? <p className="competition__note" role="alert">{t('competition.upload.closed')}</p> : (
        <form className="bots-card competition__form" onSubmit={(e) => { e.preventDefault(); next(); }}>
          <label className="competition__form">
            {c.media_kind === 'image' ? t('competition.upload.pickImages', { max: c.max_media }) : t('competition.upload.pickVideo')}
            <input className="competition__file-input" type="file" data-testid="entry-files"
              accept={c.media_kind === 'image' ? 'image/*' : 'video/*'} multiple={c.media_kind === 'image' && c.max_media > 1}
              onChange={(e) => setFiles([...(e.target.files ?? [])])} />
          </label>
          {files.length > 0 && <ul>{files.map((f) => <li key={`${f.name}-${f.size}`}>{f.name}</li>)}</ul>}
          {tried && problem && <p className="competition__note competition__note--error" role="alert">{t(problem, { max: c.max_media })}</p>}
          <TextField label={t('competition.upload.name')} value={name} onValueChange={setName} maxLength={SUBMISSION_NAME_MAX_CHARS}
            error={t('competition.upload.needName')} showError={tried && !name.trim()} autoComplete="name" />
          <TextField label={t('competition.upload.grade')} value={grade} onValueChange={setGrade} maxLength={SUBMISSION_GRADE_MAX_CHARS}
            error={t('competition.upload.needGrade')} showError={tried && !grade.trim()} />
          <Button type="submit" block>{t('competition.upload.preview')}</Button>
        </form>
      )}
    </ZonePage>
  );
}
