// The UPI dialog's states (spec part 2 §4): enter an address → verify (verify-vpa; the holder's
// name shows) → verified → continue. Editing the address resets verified. The address must be
// text@text (§5), else vpaInvalid shows inline; the field has auto-capitalisation and spellcheck
// off. The save checkbox is on by default when no method is saved, else off and disabled.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { verifyVpa } from '../../db/commands';
import { isValidVpa, VPA_MAX_CHARS } from '../../domain/payments';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';

export interface VerifiedVpa { vpa: string; holderName: string | null; save: boolean }

export interface UpiFormProps {
  /** how many methods the user has saved (the save checkbox's rule) */
  savedCount: number;
  /** show the save checkbox (checkout); /manage-upi always saves */
  offerSave: boolean;
  online: boolean;
  /** Continue waits (checkout: offline, a payment starting); saving a method may be queued offline */
  continueDisabled?: boolean;
  initialVpa?: string;
  continueLabel?: string;
  onContinue: (verified: VerifiedVpa) => void;
}

type State = { kind: 'enter' } | { kind: 'verifying' } | { kind: 'verified'; holderName: string | null } | { kind: 'not-verified' } | { kind: 'error' };

export function UpiForm({ savedCount, offerSave, online, continueDisabled = false, initialVpa = '', continueLabel, onContinue }: UpiFormProps) {
  const intl = useIntl();
  const [vpa, setVpa] = useState(initialVpa);
  const [touched, setTouched] = useState(false);
  const [state, setState] = useState<State>({ kind: 'enter' });
  const [save, setSave] = useState(savedCount === 0);
  const valid = isValidVpa(vpa.trim());

  const verify = async () => {
    setTouched(true);
    if (!valid) return;
    setState({ kind: 'verifying' });
    const result = await verifyVpa(vpa.trim());
    if (!result.ok) setState({ kind: 'error' });
    else setState(result.value.valid ? { kind: 'verified', holderName: result.value.holder_name } : { kind: 'not-verified' });
  };

  return (
    <form className="upi-form" onSubmit={(e) => {
      e.preventDefault();
      if (state.kind === 'verified') {
        if (!continueDisabled) onContinue({ vpa: vpa.trim(), holderName: state.holderName, save: offerSave ? save : true });
      } else void verify();
    }}>
      <TextField
        label={intl.formatMessage({ id: 'upi.field.label' })}
        hint={intl.formatMessage({ id: 'upi.field.hint' })}
        value={vpa}
        maxLength={VPA_MAX_CHARS}
        onValueChange={(v) => {
          setVpa(v);
          // editing the address resets verified (§4)
          setState({ kind: 'enter' });
        }}
        onBlur={() => setTouched(true)}
        error={intl.formatMessage({ id: 'upi.error.vpaInvalid' })}
        showError={touched && vpa.length > 0 && !valid}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        autoComplete="off"
        inputMode="email"
        name="vpa"
      />
      <div className="upi-form__status" role="status" aria-live="polite">
        {state.kind === 'verified' && <p className="upi-form__verified">✓ {intl.formatMessage({ id: 'upi.verified' }, { name: state.holderName ?? vpa.trim() })}</p>}
        {state.kind === 'not-verified' && <p className="upi-form__error">{intl.formatMessage({ id: 'upi.notVerified' })}</p>}
        {(state.kind === 'error' || !online) && state.kind !== 'verified' && <p className="upi-form__error">{intl.formatMessage({ id: 'payments.manage.verifyOffline' })}</p>}
      </div>
      {offerSave && (
        <label className="upi-form__save">
          <input type="checkbox" checked={save} disabled={savedCount > 0} onChange={(e) => setSave(e.target.checked)} />
          <span>{intl.formatMessage({ id: 'upi.save' })}</span>
        </label>
      )}
      {state.kind === 'verified'
        ? <Button block type="submit" disabled={continueDisabled}>{continueLabel ?? intl.formatMessage({ id: 'upi.continue' })}</Button>
        : <Button block type="submit" variant="secondary" pending={state.kind === 'verifying'} disabled={!online || vpa.trim().length === 0}>{intl.formatMessage({ id: 'upi.verify' })}</Button>}
    </form>
  );
}
