// A submitted form in the thread: the form's title and each answer under its field's label (the
// labels come from the form message it answers; without it, the field ids).
import { useIntl } from 'react-intl';
import type { FormSpec } from '../../../api/messages';
import './rich-input.css';

export function FormResponseMessage({ response, form }: { response: { form_id: string; values: Record<string, string> }; form: FormSpec | undefined }) {
  const intl = useIntl();
  const order = form ? form.fields.map((f) => f.id).filter((id) => id in response.values) : [];
  const ids = [...order, ...Object.keys(response.values).filter((id) => !order.includes(id))];
  const labelOf = (id: string) => form?.fields.find((f) => f.id === id)?.label ?? id;
  return (
    <div className="form-response">
      <span className="form-response__title">{form?.title ?? intl.formatMessage({ id: 'chat.formResponse.title' })}</span>
      <dl className="form-response__list">
        {ids.map((id) => (
          <div key={id} style={{ display: 'contents' }}>
            <dt>{labelOf(id)}</dt>
            <dd>{response.values[id]}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
