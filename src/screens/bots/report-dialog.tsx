// Report a bot: a reason from the server's list (kept for offline), an optional email and
// description, and "also block". Sending queues the report (with block, the bot is blocked at once)
// and tells the owner whether it went out online or waits for the network (its acknowledgement).
import { useEffect, useId, useState } from 'react';
import { loadReportReasons, reportBot, useBotProfile } from '../../db/ui-surface';
import { REPORT_DESCRIPTION_MAX_CHARS } from '../../domain/bot-rules';
import { Dialog } from '../../ui/dialog';
import { TextField } from '../../ui/text-field';
import { useOnline } from '../shared/use-online';
import { useT } from '../shared/use-t';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ReportDialogProps {
  botUuid: string;
  name: string;
  onClose: () => void;
  /** The report is queued: `queued` when offline (it is sent once the network returns). */
  onSent: (queued: boolean) => void;
}

export function ReportDialog({ botUuid, name, onClose, onSent }: ReportDialogProps) {
  const t = useT();
  const { doc } = useBotProfile(botUuid);
  const online = useOnline();
  const [reason, setReason] = useState('');
  const [email, setEmail] = useState('');
  const [description, setDescription] = useState('');
  const [block, setBlock] = useState(false);
  const [tried, setTried] = useState(false);
  const id = useId();
  useEffect(() => {
    void loadReportReasons();
  }, []);
  const emailBad = email.trim() !== '' && !EMAIL.test(email.trim());
  const send = () => {
    setTried(true);
    if (!reason || emailBad) return;
    void reportBot(botUuid, { reason_uuid: reason, email, description, block }).then((result) => (result.ok ? onSent(!online) : onClose()));
  };
  const reasons = doc.reasons;
  return (
    <Dialog
      title={t('report.title', { name })}
      onDismiss={onClose}
      describeWithBody={false}
      testId="report-dialog"
      actions={[
        { label: t('botInfo.cancel'), onClick: onClose, variant: 'secondary' },
        { label: t('report.send'), onClick: send, variant: 'danger' },
      ]}
      body={
        <div className="bots-report">
          <fieldset className="bots-report__reasons">
            <legend className="bots-report__legend">{t('report.reason')}</legend>
            {!reasons && <p className="bots-muted">{t('report.reasonsOffline')}</p>}
            {tried && !reason && reasons && <p className="bots-error" role="alert">{t('report.chooseReason')}</p>}
            {reasons?.map((r) => (
              <label key={r.reason_uuid} className="bots-report__reason">
                <input type="radio" name={`${id}-reason`} value={r.reason_uuid} checked={reason === r.reason_uuid} onChange={() => setReason(r.reason_uuid)} />
                <span>{r.reason}</span>
              </label>
            ))}
          </fieldset>
          <TextField label={t('report.email')} type="email" value={email} onValueChange={setEmail} error={t('report.invalidEmail')} showError={tried && emailBad} maxLength={254} autoComplete="email" />
          <label className="bots-report__label" htmlFor={`${id}-desc`}>{t('report.description')}</label>
          <textarea id={`${id}-desc`} className="bots-report__text" value={description} maxLength={REPORT_DESCRIPTION_MAX_CHARS} rows={3} onChange={(e) => setDescription(e.target.value)} />
          <label className="bots-report__check">
            <input type="checkbox" checked={block} onChange={(e) => setBlock(e.target.checked)} />
            <span>{t('report.block')}</span>
          </label>
        </div>
      }
    />
  );
}
