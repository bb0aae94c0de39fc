// A bot's form to fill in (FormSpec: text, number, email, phone, select and date fields; a number
// field's min and max are checked like the rest, src/domain/form-validation.ts). Errors
// show once a field was left or Submit was pressed; Submit sends a form_response through the
// outbox (sendFormResponse), which checks the same rules again.
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { FormField, FormSpec } from '../../../api/messages';
import { sendFormResponse } from '../../../db/commands/send-form-response';
import { FORM_ERROR_IDS, fieldError, formErrorValues } from '../../../domain/form-validation';
import { Dialog } from '../../../ui/dialog';
import { SelectField } from '../../../ui/select-field';
import { TextField } from '../../../ui/text-field';

const INPUT: Record<Exclude<FormField['type'], 'select'>, { type: string; inputMode?: 'numeric' | 'decimal' | 'email' | 'tel'; autoComplete?: string }> = {
  text: { type: 'text' },
  number: { type: 'text', inputMode: 'decimal' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  date: { type: 'date' },
};

export function FormDialog({ botUuid, form, onClose }: { botUuid: string; form: FormSpec; onClose: () => void }) {
  const intl = useIntl();
  const [values, setValues] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const formId = `form-${form.form_id}`;

  const errorText = (f: FormField): string | undefined => {
    const e = fieldError(f, values[f.id] ?? '');
    return e ? intl.formatMessage({ id: FORM_ERROR_IDS[e] }, formErrorValues(f, e)) : undefined;
  };
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    setSubmitted(true);
    if (form.fields.some((f) => fieldError(f, values[f.id] ?? '') !== null)) return;
    setBusy(true);
    const result = await sendFormResponse(botUuid, form, values);
    setBusy(false);
    if (result.ok && 'sent' in result.value) onClose();
  };
  const label = (f: FormField) => (f.required ? f.label : intl.formatMessage({ id: 'chat.form.optional' }, { label: f.label }));

  return (
    <Dialog
      testId="form-dialog"
      title={form.title}
      describeWithBody={false}
      onDismiss={onClose}
      body={
        <form id={formId} className="form-dialog" noValidate onSubmit={(e) => void submit(e)}>
          {form.fields.map((f) => {
            const show = submitted || !!touched[f.id];
            if (f.type === 'select') {
              return (
                <SelectField
                  key={f.id}
                  label={label(f)}
                  placeholder={intl.formatMessage({ id: 'chat.form.choose' })}
                  options={(f.options ?? []).map((o) => ({ value: o, label: o }))}
                  value={values[f.id] ?? ''}
                  onChange={(v) => {
                    setValues((s) => ({ ...s, [f.id]: v }));
                    setTouched((t) => ({ ...t, [f.id]: true }));
                  }}
                  error={show ? errorText(f) : undefined}
                />
              );
            }
            const input = INPUT[f.type];
            return (
              <TextField
                key={f.id}
                label={label(f)}
                value={values[f.id] ?? ''}
                onValueChange={(v) => setValues((s) => ({ ...s, [f.id]: v }))}
                onBlur={() => setTouched((t) => ({ ...t, [f.id]: true }))}
                type={input.type}
                inputMode={input.inputMode}
                autoComplete={input.autoComplete ?? 'off'}
                required={f.required}
                counter={f.max_length !== undefined}
                error={errorText(f)}
                showError={show}
                {...(f.max_length !== undefined ? { maxLength: f.max_length } : {})}
              />
            );
          })}
        </form>
      }
      actions={[
        { label: intl.formatMessage({ id: 'chat.datePicker.cancel' }), onClick: onClose, variant: 'secondary' },
        { label: form.submit_label || intl.formatMessage({ id: 'chat.form.submit' }), onClick: () => void submit(), variant: 'primary', pending: busy },
      ]}
    />
  );
}
