// The mute choices (8 hours, 1 week, always = -1), as a dialog of stacked buttons.
import { MUTE_DURATIONS_MS } from '../../domain/bot-rules';
import { Dialog } from '../../ui/dialog';
import { useT } from '../shared/use-t';

export function MuteSheet({ onChoose, onClose }: { onChoose: (durationMs: number) => void; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog
      title={t('mute.title')}
      onDismiss={onClose}
      testId="mute-sheet"
      actions={[
        { label: t('mute.eightHours'), onClick: () => onChoose(MUTE_DURATIONS_MS.eightHours), variant: 'secondary' },
        { label: t('mute.oneWeek'), onClick: () => onChoose(MUTE_DURATIONS_MS.oneWeek), variant: 'secondary' },
        { label: t('mute.always'), onClick: () => onChoose(MUTE_DURATIONS_MS.always), variant: 'secondary' },
        { label: t('botInfo.cancel'), onClick: onClose, variant: 'text' },
      ]}
    />
  );
}
