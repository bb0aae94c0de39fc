import type { FormSpec } from '../../api/messages';
import { validateForm, type FormFieldError } from '../../domain/form-validation';
import { ok, type CommandResult } from '../command-result';
import { queueMessage } from './queue-message';

/**
 * Submits a bot's form: checked again here (the screen shows the errors as the user types), then
 * a form_response with the trimmed values, through the outbox. Answers the field errors instead of
 * sending when there are any.
 */
export async function sendFormResponse(
  botUuid: string,
  form: FormSpec,
  values: Record<string, string>,
): Promise<CommandResult<{ sent: string } | { errors: Record<string, FormFieldError> }>> {
  const checked = validateForm(form.fields, values);
  if (Object.keys(checked.errors).length > 0) return ok({ errors: checked.errors });
  const queued = await queueMessage(botUuid, { type: 'form_response', form_response: { form_id: form.form_id, values: checked.values } });
  return queued.ok ? ok({ sent: queued.value }) : queued;
}
