// A wait the server named (Retry-After) told inline with a live countdown, announced once: the
// visible sentence ticks every second but is hidden from assistive technology, and a visually
// hidden live region holds the same sentence with the wait in words as it was when first shown
// ("Try again in 4 minutes, 32 seconds"), so a screen reader says it once rather than every second. The
// element's text for a reader (its accessible description, e.g. through aria-describedby) is
// that sentence.
import { useRef } from 'react';
import { useIntl } from 'react-intl';
import { formatCountdown } from '../otp/format-mobile';

export interface WaitCountdownProps {
  /** the message id; it takes {time} */
  textId: string;
  values?: Record<string, string | number>;
  /** whole seconds left (> 0) */
  secondsLeft: number;
  className: string;
  id?: string;
  /** 'alert' for an error that needs attention now; 'status' (default) otherwise */
  role?: 'alert' | 'status';
}

/** A wait in words in the user's language: "4 minutes, 32 seconds", "60 minutes". */
function spokenWait(intl: ReturnType<typeof useIntl>, seconds: number): string {
  const s = Math.max(0, Math.trunc(seconds));
  const parts: string[] = [];
  if (s >= 60) parts.push(intl.formatNumber(Math.floor(s / 60), { style: 'unit', unit: 'minute', unitDisplay: 'long' }));
  if (s % 60 > 0 || s < 60) parts.push(intl.formatNumber(s % 60, { style: 'unit', unit: 'second', unitDisplay: 'long' }));
  return intl.formatList(parts, { type: 'unit', style: 'long' });
}

export function WaitCountdown({ textId, values, secondsLeft, className, id, role = 'status' }: WaitCountdownProps) {
  const intl = useIntl();
  // the wait as it was when first shown: the live region's text does not change with the ticks
  const firstSeconds = useRef(secondsLeft);
  return (
    <div id={id} className={className}>
      <p className="wait-countdown__ticking" aria-hidden="true">
        {intl.formatMessage({ id: textId }, { ...values, time: formatCountdown(secondsLeft) })}
      </p>
      <p className="visually-hidden" role={role}>
        {intl.formatMessage({ id: textId }, { ...values, time: spokenWait(intl, firstSeconds.current) })}
      </p>
    </div>
  );
}
