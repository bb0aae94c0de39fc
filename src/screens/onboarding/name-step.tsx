import { useRef, useState, type FormEvent, type Ref } from 'react';
import { useIntl } from 'react-intl';
import { isBlank, shouldShowError } from '../../domain/text-field';
import { saveName, useProfile } from '../../db/ui-surface';
import { useShowError } from '../../app/dialog-queue';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { StepHeading } from './step-heading';

export const NAME_MAX_LENGTH = 60;

export function NameStep({ headingRef }: { headingRef: Ref<HTMLHeadingElement> }) {
  const intl = useIntl();
  const profile = useProfile();
  const showErrorDialog = useShowError();
  const [name, setName] = useState(() => profile.doc?.name ?? '');
  // Set when Continue was pressed on an empty field: only then does an empty field show its error.
  const [noValueError, setNoValueError] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const fieldError = saveError ?? (isBlank(name) ? intl.formatMessage({ id: 'onboarding.name.required' }) : null);
  const showError = saveError !== null || shouldShowError({ value: name, error: fieldError, noValueError });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (isBlank(name)) {
      setNoValueError(true);
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    setSaveError(null);
    const result = await saveName(name.trim());
    setBusy(false);
    if (!result.ok) {
      if (!showErrorDialog(result.error)) setSaveError(intl.formatMessage({ id: result.error.textId ?? 'onboarding.saveFailed' }, result.error.values));
    }
  };

  return (
    <form className="onboarding__step" onSubmit={(e) => void submit(e)} noValidate>
      <StepHeading headingRef={headingRef} title={intl.formatMessage({ id: 'onboarding.name.title' })} subtitle={intl.formatMessage({ id: 'onboarding.name.subtitle' })} />
      <TextField
        ref={inputRef}
        label={intl.formatMessage({ id: 'onboarding.name.label' })}
        value={name}
        onValueChange={(v) => {
          setName(v);
          setSaveError(null);
        }}
        maxLength={NAME_MAX_LENGTH}
        counter
        error={fieldError ?? undefined}
        showError={showError}
        autoComplete="name"
        autoCapitalize="words"
        enterKeyHint="done"
        required
      />
      <Button type="submit" block pending={busy} className="onboarding__action">
        {intl.formatMessage({ id: 'onboarding.continue' })}
      </Button>
    </form>
  );
}
